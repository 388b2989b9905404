import type { Config } from '../config.ts';
import type { Database, DatabaseTarget } from '../db/database.ts';
import { acquireFolderLock, FolderLockedError, type LockHolder } from '../db/folder-lock.ts';
import { type CommandResult, type CommandSpec, executeCommand, fail } from './command.ts';
import { ControlUnavailableError, sendToControlSocket } from './control-socket.ts';

/** How long a command waits for a `serve` that holds the folder but is still starting. */
const SERVE_STARTUP_WAIT_MS = 30_000;

/**
 * Runs a database command. With DATABASE_URL it simply connects. On the embedded
 * database it locks the folder for the length of the command; when a running `serve`
 * holds it, the command is sent to that server instead, so whatever it creates is
 * live there at once.
 */
export async function runDatabaseCommand(config: Config, spec: CommandSpec, argv: readonly string[], args: readonly string[]): Promise<CommandResult> {
  if (config.databaseUrl) {
    return withDatabase(config, { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }, spec, args);
  }
  const deadline = Date.now() + SERVE_STARTUP_WAIT_MS;
  for (;;) {
    let lock: ReturnType<typeof acquireFolderLock>;
    try {
      lock = acquireFolderLock(config.dataDir, { command: commandLine(argv) });
    } catch (error) {
      if (!(error instanceof FolderLockedError)) throw error;
      const forwarded = await forwardToServe(error, argv, deadline);
      if (forwarded === 'retry') continue;
      return forwarded;
    }
    try {
      return await withDatabase(config, { kind: 'pglite', dataDir: config.dataDir }, spec, args);
    } finally {
      lock.release();
    }
  }
}

/** 'retry' when the holder may be a `serve` still starting up, or one that just stopped. */
async function forwardToServe(locked: FolderLockedError, argv: readonly string[], deadline: number): Promise<CommandResult | 'retry'> {
  const json = argv.includes('--json');
  const socket = locked.holder.control_socket;
  if (!socket) return fail(json, locked.message);
  try {
    return await sendToControlSocket(socket, argv);
  } catch (error) {
    if (!(error instanceof ControlUnavailableError)) throw error;
    if (Date.now() > deadline) return fail(json, `${locked.message}\nIts control socket ${socket} does not answer (${error.message}).`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return 'retry';
  }
}

async function withDatabase(config: Config, target: DatabaseTarget, spec: CommandSpec, args: readonly string[]): Promise<CommandResult> {
  // A command that writes renders its events with the features' renderers. Loaded here, on use:
  // the features load every page, PDF and map library, which --help and forwarded commands never need.
  (await import('../features.ts')).installFeatures();
  const database = await openDatabase(target);
  try {
    await (await import('../db/migrate.ts')).migrate(database);
    return await executeCommand(spec, { db: database.db, baseUrl: config.publicBaseUrl }, args);
  } finally {
    await database.close();
  }
}

export function commandLine(argv: readonly string[]): string {
  const line = ['canopy', ...argv].join(' ');
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

export function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} ("${holder.command}", since ${holder.started_at})`;
}

/**
 * Loaded on use: PGlite and pg take about a second to load, which `--help` and commands
 * sent to a running serve never need.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return (await import('../db/database.ts')).openDatabase(target);
}
