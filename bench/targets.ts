import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { randomAlphanumeric } from '../src/core/ids.ts';
import type { Database, DatabaseTarget } from '../src/db/database.ts';

/** A database opened for one benchmark run; `close` also removes its folder or drops it. */
export interface BenchDatabase {
  database: Database;
  label: string;
  /** The database's URL, on PostgreSQL. */
  url?: string;
  close: () => Promise<void>;
}

/**
 * openDatabase of the tree under test: the write-path bench measures another checkout's
 * code, so it opens the database with that checkout's function.
 */
export type OpenDatabase = (target: DatabaseTarget) => Promise<Database>;

/** PGlite in a new temporary folder (removed on close unless `keep`), or in `dir` when given. */
export async function openPGlite(open: OpenDatabase, options: { dir?: string; keep?: boolean; log?: (message: string) => void } = {}): Promise<BenchDatabase> {
  if (options.dir === 'memory') {
    const database = await open({ kind: 'pglite', dataDir: null });
    return { database, label: 'PGlite (in memory)', close: () => database.close() };
  }
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-pglite-'));
  const database = await open({ kind: 'pglite', dataDir: dir });
  return {
    database,
    label: 'PGlite (folder on disk)',
    close: async () => {
      await database.close();
      if (options.dir) return;
      if (options.keep) options.log?.(`kept PGlite folder ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new database `canopy_bench_<random>` on the server, dropped on close unless `keep`. */
export async function openPostgres(open: OpenDatabase, serverUrl: string, options: { keep?: boolean; log?: (message: string) => void } = {}): Promise<BenchDatabase> {
  const name = `canopy_bench_${randomAlphanumeric(10).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    // The pool's end() resolves while its connections are still closing: let them go
    // before FORCE would terminate them (harmless, but the app logs it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  let database: Database;
  try {
    database = await open({ kind: 'postgres', url: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db);
  return {
    database,
    label: `PostgreSQL ${version[0]?.v.split(' ')[0] ?? '?'}`,
    url: url.toString(),
    close: async () => {
      await database.close();
      if (options.keep) options.log?.(`kept database ${name}`);
      else await drop();
    },
  };
}

export function log(message: string) {
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** A loopback port nothing listens on now, for a server the benchmark starts as a child process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The database `name` on the server at `serverUrl` (made when missing), kept afterwards: a
 * second run of a benchmark reuses its seed (`--pg-database`).
 */
export async function openNamedPostgres(open: OpenDatabase, serverUrl: string, name: string): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--pg-database takes a lower-case database name');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await open({ kind: 'postgres', url: url.toString() });
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db);
  return { database, label: `PostgreSQL ${version[0]?.v.split(' ')[0] ?? '?'}`, url: url.toString(), close: () => database.close() };
}
