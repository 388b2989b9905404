import { type Kysely, sql } from 'kysely';
import { listMigrations, type MigrationFile } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';

/** What GET /readyz reports: each check is "ok" or a short reason, safe to show anyone. */
export interface ReadinessReport {
  ready: boolean;
  checks: { database: string; migrations: string; shutdown: string };
  /** Why the database check failed, for the log only (it may name hosts). */
  databaseError?: unknown;
}

/**
 * Whether this process should be sent work: its database answers, every migration it knows
 * is applied, and it is not shutting down. One instance per process; shutdown marks it.
 */
export interface Readiness {
  /** From now on the process reports not ready (readyz 503): it is draining. */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
  check(): Promise<ReadinessReport>;
}

/** A database that does not answer within this is as good as unreachable to a load balancer. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * Probes arrive from every load balancer node and the orchestrator, and anyone may send
 * them: one database check serves every probe for this long, so they cost at most one
 * query a second.
 */
const REUSE_MS = 1000;

interface DatabaseChecks {
  database: string;
  migrations: string;
  error?: unknown;
}

export function createReadiness(db: Kysely<DB>, options: { migrations?: readonly MigrationFile[]; timeoutMs?: number } = {}): Readiness {
  const expected = options.migrations ?? listMigrations();
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  let shuttingDown = false;
  let last: { at: number; result: Promise<DatabaseChecks> } | null = null;

  const databaseChecks = () => {
    if (last && Date.now() - last.at < REUSE_MS) return last.result;
    last = { at: Date.now(), result: checkDatabase(db, expected, timeoutMs) };
    return last.result;
  };

  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    async check() {
      const { database, migrations, error } = await databaseChecks();
      const shutdown = shuttingDown ? 'shutting down' : 'ok';
      return { ready: database === 'ok' && migrations === 'ok' && !shuttingDown, checks: { database, migrations, shutdown }, databaseError: error };
    },
  };
}

/**
 * One query answers both: the database is reachable, and holds every migration this
 * process's code expects. Versions it holds beyond those (a newer release migrated first)
 * do not make it unready: migrations add, so older code keeps working during a rollout.
 */
async function checkDatabase(db: Kysely<DB>, expected: readonly MigrationFile[], timeoutMs: number): Promise<DatabaseChecks> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const applied = await Promise.race([sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(db), timedOut]);
    if (applied === 'timeout') return { database: `no answer within ${timeoutMs} ms`, migrations: 'unknown' };
    const versions = new Set(applied.rows.map((row) => Number(row.version)));
    return { database: 'ok', migrations: pendingText(expected.filter((migration) => !versions.has(migration.version))) };
  } catch (error) {
    // undefined_table: reachable, but never migrated.
    if ((error as { code?: string }).code === '42P01') return { database: 'ok', migrations: pendingText(expected) };
    return { database: 'unreachable', migrations: 'unknown', error };
  } finally {
    clearTimeout(timer);
  }
}

function pendingText(pending: readonly MigrationFile[]): string {
  if (pending.length === 0) return 'ok';
  return `${pending.length} pending (${pending.map((migration) => String(migration.version).padStart(4, '0')).join(', ')})`;
}
