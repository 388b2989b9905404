import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { registerPGliteNotifications, registerPostgresNotifications } from './notifications.ts';
import { ExclusiveLock, PGliteDialect } from './pglite-dialect.ts';
import { preparingPool, StatementNames } from './prepared-statements.ts';
import { clusterTemplate } from './pglite-template.ts';
import { ensurePrivateFolder, tightenFolderContents } from './private-folder.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the Kysely instance every service uses, and what boot and shutdown need. */
export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs a script of many statements (a migration) in one transaction. */
  execScript(script: string): Promise<void>;
  /** PGlite only: the whole cluster as a gzipped tarball (pglite-template.ts). */
  dumpCluster?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * How busy a database's connections are, for the metrics: open connections, idle ones,
 * queries waiting for one, and the most there may be. PGlite has one connection, held
 * from a query's start (a transaction's BEGIN) to its end; `waiting` queue behind it.
 */
export interface PoolUse {
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

const poolUseOf = new WeakMap<Kysely<DB>, () => PoolUse>();

/** The pool use of a database openDatabase opened; null for any other Kysely instance (one with plugins, a dummy). */
export function databasePoolUse(db: Kysely<DB>): PoolUse | null {
  return poolUseOf.get(db)?.() ?? null;
}

const PG_INT8 = 20;
const PG_DATE = 1082;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Send parameterised statements as named prepared statements (prepared-statements.ts); on unless false. */
      preparedStatements?: boolean;
    }
  | { kind: 'pglite'; dataDir: string | null };

/**
 * Opens PostgreSQL (with DATABASE_URL) or the embedded PGlite. Both return bigint
 * counters as numbers and `date` columns as 'YYYY-MM-DD' strings, so the rest of the code
 * sees the same values on both.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize, target.preparedStatements ?? true) : openPGlite(target.dataDir);
}

/** Distinct statements a process prepares at most (prepared-statements.ts); a recipient create sends about a dozen. */
const MAX_PREPARED_STATEMENTS = 500;

async function openPostgres(url: string, poolSize = 10, preparedStatements = true): Promise<Database> {
  const typeParsers = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === PG_INT8) return (value: string) => Number(value);
      if (oid === PG_DATE) return (value: string) => value;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: typeParsers });
  // An idle connection the server closes (a restart, a failover, an administrator)
  // emits an error on the pool; without a listener that would end the process. The pool
  // drops the connection and opens a new one on the next query, so this only tells.
  pool.on('error', (error) => {
    process.stderr.write(`canopy: an idle PostgreSQL connection was closed by the server (${error.message}); it will be replaced.\n`);
  });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparedStatements ? preparingPool(pool, new StatementNames(MAX_PREPARED_STATEMENTS)) : pool }),
  });
  poolUseOf.set(db, () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }));
  await sql`select 1`.execute(db);
  const closeNotifications = registerPostgresNotifications(db, url);
  return {
    kind: 'postgres',
    db,
    async execScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await closeNotifications();
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string | null): Promise<Database> {
  if (dataDir) ensurePrivateFolder(dataDir);
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const pglite = await PGlite.create({
    dataDir: dataDir ?? undefined,
    // A new cluster is loaded from the one npm install made, rather than made by initdb
    // in this process (which would leave it holding ~800 MB): see pglite-template.ts.
    loadDataDir: (fresh && clusterTemplate()) || undefined,
    // PostgreSQL's default 128 MB of shared buffers is all resident in PGlite's memory from
    // the start; 16 MB keeps npm start under 500 MB, and the pages it does not hold come from
    // the operating system's file cache (docs/decisions.md, cold start).
    postgresqlconf: ['shared_buffers=16MB'],
    parsers: {
      [pgliteTypes.INT8]: (value: string) => Number(value),
      [pgliteTypes.DATE]: (value: string) => value,
    },
  });
  // Opening is when PGlite writes files open to others (the fresh cluster, the relation
  // cache); what Postgres creates later is 0600 already. The umask cannot prevent it:
  // PGlite's file system sets each new file to the exact mode it was created with.
  if (dataDir) tightenFolderContents(dataDir);
  const lock = new ExclusiveLock();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, lock) });
  poolUseOf.set(db, () => ({ open: 1, idle: lock.held ? 0 : 1, waiting: lock.waiting, max: 1 }));
  registerPGliteNotifications(db, pglite, lock);
  return {
    kind: 'pglite',
    db,
    execScript: (script) => lock.run(async () => {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    }),
    dumpCluster: () => lock.run(() => pglite.dumpDataDir('gzip')),
    async close() {
      await db.destroy();
      await lock.run(() => pglite.close());
    },
  };
}
