import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * `canopy serve` child processes on one PostgreSQL, each on a fixed port so that a process
 * restarted after a SIGKILL is found where its clients knew it.
 */
const BIN = fileURLToPath(new URL('../../bin/canopy.mjs', import.meta.url));

export type ProcessRole = 'api' | 'worker';

export interface CanopyProcess {
  name: string;
  role: ProcessRole;
  url: string;
  /** How many times it was started. */
  starts: number;
  /**
   * The name of the current start, `<name>-<start>` (api-1-1, worker-2-2): its PUBLIC_BASE_URL
   * is `http://<incarnation>.canopy.test`, so that what a killed start sent can be told apart.
   */
  incarnation: string;
  /** Lines of its log at level error or above, over every start (JSON lines, `level` >= 50). */
  errorLines: string[];
  /** Starts it (again), resolving once it listens. */
  start(): Promise<void>;
  /** SIGKILL, resolving once it is gone. */
  kill(): Promise<void>;
  /** For good: SIGTERM, or SIGKILL when it has not exited after `graceMs`; it is never started again. */
  close(graceMs: number): Promise<void>;
  running(): boolean;
}

/** A port free right now on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function canopyProcess(name: string, role: ProcessRole, env: Record<string, string>): Promise<CanopyProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let closed = false;
  const self: CanopyProcess = {
    name,
    role,
    url,
    starts: 0,
    incarnation: `${name}-0`,
    errorLines: [],
    async start() {
      if (closed) throw new Error(`${name} was closed`);
      self.starts += 1;
      self.incarnation = `${name}-${self.starts}`;
      const started = spawn(process.execPath, [BIN, 'serve', '--json', '--role', role], {
        env: { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: `http://${self.incarnation}.canopy.test` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      let stderr = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-8192);
      });
      await new Promise<void>((resolve, reject) => {
        let pending = '';
        let listening = false;
        started.stdout?.on('data', (chunk: Buffer) => {
          pending += chunk.toString('utf8');
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) {
            if (!listening && line.startsWith('{"url"')) {
              listening = true;
              resolve();
            } else if (/"level":(5|6)\d/.test(line)) self.errorLines.push(line.slice(0, 2000));
          }
        });
        void exited.then((code) => {
          if (!listening) reject(new Error(`${name} exited with ${code} before listening: ${stderr}`));
        });
      });
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async close(graceMs) {
      closed = true;
      if (!self.running()) return;
      child?.kill(graceMs > 0 ? 'SIGTERM' : 'SIGKILL');
      const late = setTimeout(() => child?.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(late);
    },
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
  };
  return self;
}
