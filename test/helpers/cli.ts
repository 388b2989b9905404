import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENEROUS_RATE_LIMITS } from './limits.ts';
import { createScratchDatabase } from './postgres.ts';
import { tempDir } from './temp.ts';

/**
 * The operator's CLI as an operator runs it: `node bin/canopy.mjs ...` in child
 * processes, from a folder outside the repository, against one data folder (or, when
 * DATABASE_URL is set, one fresh PostgreSQL database) shared by a test file.
 */
const BIN = fileURLToPath(new URL('../../bin/canopy.mjs', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Serve {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** What the process wrote so far: its start-up line, then its log (JSON lines). */
  stdout(): string;
  stderr(): string;
}

export interface ServeOptions {
  /** More arguments for `canopy serve --json`, e.g. ['--role', 'worker']. */
  args?: string[];
  /** Environment for this process only, over the workspace's. */
  env?: Record<string, string>;
}

export interface CliWorkspace {
  workDir: string;
  dataDir: string;
  /** The environment every command runs with; tests may change it. */
  env: Record<string, string | undefined>;
  canopy(args: string[], options?: { cwd?: string; env?: Record<string, string> }): Promise<Run>;
  /** Runs with --json, expects exit 0 and returns the parsed output. */
  // biome-ignore lint/suspicious/noExplicitAny: each command prints its own JSON shape
  canopyJson(args: string[], options?: { cwd?: string }): Promise<any>;
  /**
   * A database command run by the CLI's own runner (runCli of src/cli/index.ts) in this
   * process, with the workspace's environment, against the same folder or database: locked
   * or sent to a running serve as a child process's would be, without the second or so a
   * child process costs to start. For what the process boundary does not change; the
   * exit, the streams, a relative FILE, signals stay with `canopy`.
   */
  inProcess(args: string[], options?: { env?: Record<string, string> }): Promise<Run>;
  /** inProcess with --json: expects exit 0 and returns the parsed output. */
  // biome-ignore lint/suspicious/noExplicitAny: each command prints its own JSON shape
  inProcessJson(args: string[]): Promise<any>;
  /** Starts `canopy serve --json` and waits for its one-line start-up summary. */
  startServe(options?: ServeOptions): Promise<Serve>;
  /** With DATABASE_URL: gives the CLI a database of its own; returns what drops it. */
  useFreshPostgresDatabase(): Promise<() => Promise<void>>;
}

export function cliWorkspace(prefix: string): CliWorkspace {
  const workDir = tempDir(prefix);
  const dataDir = path.join(workDir, 'data');
  const env: Record<string, string | undefined> = { ...process.env, ...GENEROUS_RATE_LIMITS, CANOPY_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' };
  delete env.PUBLIC_BASE_URL;

  const canopy: CliWorkspace['canopy'] = (args, options = {}) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? workDir, env: { ...env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  };

  const inProcess: CliWorkspace['inProcess'] = async (args, options = {}) => {
    const { runCli } = await import('../../src/cli/index.ts');
    let stdout = '';
    let stderr = '';
    const code = await runCli(args, {
      env: { ...env, ...options.env },
      cwd: workDir,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    return { code, stdout, stderr };
  };

  return {
    workDir,
    dataDir,
    env,
    canopy,
    async canopyJson(args, options = {}) {
      const run = await canopy([...args, '--json'], options);
      assert.equal(run.code, 0, `canopy ${args.join(' ')} failed: ${run.stderr}`);
      return JSON.parse(run.stdout);
    },
    inProcess,
    async inProcessJson(args) {
      const run = await inProcess([...args, '--json']);
      assert.equal(run.code, 0, `canopy ${args.join(' ')} (in process) failed: ${run.stderr}`);
      return JSON.parse(run.stdout);
    },
    async startServe(options = {}) {
      const child = spawn(process.execPath, [BIN, 'serve', '--json', ...(options.args ?? [])], { cwd: workDir, env: { ...env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let stderr = '';
      let stdout = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout?.on('data', () => {
          const line = stdout.split('\n').find((l) => l.startsWith('{"url"'));
          if (line) resolve(JSON.parse(line).url);
        });
        exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
      return { child, url, exited, stdout: () => stdout, stderr: () => stderr };
    },
    async useFreshPostgresDatabase() {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL as string, `canopy_${prefix.replace(/\W/g, '_')}`);
      env.DATABASE_URL = scratch.url;
      return scratch.drop;
    },
  };
}
