import { createHash } from 'node:crypto';
import { chmodSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type CommandContext, type CommandResult, executeCommand } from '../cli/command.ts';
import { databaseCommands, findCommand } from '../cli/commands.ts';

/**
 * The control channel of a running `canopy serve` on the embedded database: a Unix
 * socket, readable by the same user only, that runs operator commands against the
 * server's own open database. Other processes cannot open the folder while it runs.
 */
const SOCKET_NAME = 'canopy.sock';
/** sun_path holds 108 bytes on Linux (104 on macOS); deep data folders fall back to the temp dir. */
const MAX_SOCKET_PATH_BYTES = 100;
const MAX_REQUEST_BYTES = 1024 * 1024;

export function controlSocketPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return inDataDir;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `canopy-${digest}.sock`);
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

/** Sends a command line to a running server and returns what the command produced there. */
export async function sendToControlSocket(socketPath: string, argv: readonly string[]): Promise<CommandResult> {
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
