import { chmodSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type CommandContext, type CommandResult, executeCommand } from './command.ts';
import { databaseCommands, findCommand } from './commands.ts';
import { refuseOthers } from '../db/private-folder.ts';

/**
 * The control channel of a running `canopy serve` on the embedded database: a Unix
 * socket, readable by the same user only, that runs operator commands against the
 * server's own open database. Other processes cannot open the folder while it runs.
 */
const SOCKET_NAME = 'canopy.sock';
/** sun_path holds 108 bytes on Linux (104 on macOS). */
export const MAX_SOCKET_PATH_BYTES = 100;
const MAX_REQUEST_BYTES = 1024 * 1024;
/** What mkdtemp puts after the prefix. */
const RANDOM_SUFFIX = 'XXXXXX';

export interface ControlSocketPlace {
  path: string;
  /** Removes the private folder made for the socket, if one was; safe to call more than once. */
  dispose(): void;
}

/**
 * Where `serve` puts its control socket; the folder lock records it, which is how the CLI
 * finds it. In the data folder (0700) when the path fits a socket address. A deeper folder
 * gets a folder of its own, made by mkdtemp (a random name, created 0700 or not at all),
 * under $XDG_RUNTIME_DIR (the user's own) or else the temp folder: never a name another
 * local user could predict and create first, to take the commands (and the tokens they
 * print) or to keep serve from starting. Removed at stop (and at exit); a SIGKILLed serve
 * leaves an empty folder behind.
 */
export function controlSocketPlace(dataDir: string, env: Record<string, string | undefined> = process.env): ControlSocketPlace {
  const inDataDir = path.join(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return { path: inDataDir, dispose() {} };
  const bases = [env.XDG_RUNTIME_DIR, os.tmpdir()].filter((base): base is string => Boolean(base && path.isAbsolute(base)));
  const base = bases.find((dir) => Buffer.byteLength(path.join(dir, `canopy-${RANDOM_SUFFIX}`, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES);
  if (!base) {
    const message = `No place for the control socket: ${inDataDir} is longer than a socket path may be (${MAX_SOCKET_PATH_BYTES} bytes), ` +
      `and so is one under ${bases.join(' or ')}. Use a shorter CANOPY_DATA_DIR, or set TMPDIR to a short folder of your own.`;
    // A code marks it as the operator's to fix: the CLI prints the message alone.
    throw Object.assign(new Error(message), { code: 'CANOPY_SOCKET_PATH' });
  }
  const dir = mkdtempSync(path.join(base, 'canopy-'));
  const dispose = () => {
    process.removeListener('exit', dispose);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', dispose);
  return { path: path.join(dir, SOCKET_NAME), dispose };
}

export interface ControlLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ControlServer {
  close(): Promise<void>;
}

export async function startControlServer(socketPath: string, ctx: CommandContext, log: ControlLog): Promise<ControlServer> {
  const server = http.createServer((request, response) => {
    handleControlRequest(request, ctx, log).then(
      (result) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result));
      },
      (error: Error) => {
        log.error({ err: error }, 'control request failed');
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ exitCode: 1, output: `Error: the running server could not run the command: ${error.message}` }));
      },
    );
  });
  // Only in a folder of our own that nobody else may enter: the data folder, or the one controlSocketPlace made.
  refuseOthers(path.dirname(socketPath), 'The folder of the control socket', { privateMode: true });
  // We hold the folder lock, so a socket file left here belongs to a process that is gone.
  unlinkQuietly(socketPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      unlinkQuietly(socketPath);
    },
  };
}

async function handleControlRequest(request: http.IncomingMessage, ctx: CommandContext, log: ControlLog): Promise<CommandResult> {
  if (request.method !== 'POST' || request.url !== '/commands') return { exitCode: 1, output: 'Error: unknown control request.' };
  const body = await readBody(request);
  const argv = (JSON.parse(body) as { argv?: unknown }).argv;
  if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) return { exitCode: 1, output: 'Error: malformed control request.' };
  const found = findCommand(databaseCommands, argv);
  if (!found) return { exitCode: 1, output: `Error: the running server does not run "canopy ${argv.join(' ')}".` };
  const result = await executeCommand(found.spec, ctx, found.args);
  log.info({ command: found.spec.path.join(' '), exit_code: result.exitCode }, 'operator command');
  return result;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new Error('control request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The socket exists in the lock file but nobody answers yet (serve still starting) or any more. */
export class ControlUnavailableError extends Error {}

/**
 * Sends a command line to a running server and returns what the command produced there.
 * Only to a socket of this user's, in a folder no other user may enter: commands print
 * tokens, and a socket someone else put there would receive the command and could answer
 * anything (ForeignPathError).
 */
export async function sendToControlSocket(socketPath: string, argv: readonly string[]): Promise<CommandResult> {
  try {
    refuseOthers(path.dirname(socketPath), 'The folder of the control socket', { privateMode: true });
    refuseOthers(socketPath, 'The control socket');
  } catch (error) {
    // Not there (yet, or any more): serve is starting or just stopped.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ControlUnavailableError((error as Error).message);
    throw error;
  }
  const body = JSON.stringify({ argv });
  return new Promise<CommandResult>((resolve, reject) => {
    const request = http.request(
      { socketPath, method: 'POST', path: '/commands', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CommandResult);
          } catch {
            reject(new Error(`The running server gave an unreadable answer (HTTP ${response.statusCode}).`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const unavailable = ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '');
      reject(unavailable ? new ControlUnavailableError(error.message) : error);
    });
    request.end(body);
  });
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Not there: nothing to remove.
  }
}
