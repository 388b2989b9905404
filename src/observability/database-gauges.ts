import { type Kysely, sql } from 'kysely';
import { databasePoolUse } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { MAX_ATTEMPTS } from '../platform/jobs/queue.ts';
import { Gauge, type Registry } from 'prom-client';

/**
 * Gauges read from the database when Prometheus scrapes: the job queue and the webhook
 * deliveries waiting (how many, and how long the oldest has been due), and the use of the
 * app's database connections. Read at scrape time, not kept up to date by the code that
 * changes them, so they count the work of every process sharing the database.
 */
export function databaseGauges(registry: Registry, db: Kysely<DB>, kinds: readonly string[]) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const pool = {
    open: gauge('canopy_db_pool_open_connections', 'Database connections this process has open (PGlite: its one connection, always 1).'),
    idle: gauge('canopy_db_pool_idle_connections', 'Open database connections not in use (PGlite: 1 when no query or transaction holds it).'),
    waiting: gauge('canopy_db_pool_waiting_queries', 'Queries and transactions of this process waiting for a database connection.'),
    max: gauge('canopy_db_pool_max_connections', 'The most connections the pool opens (PGlite: 1).'),
  };
  const jobs = {
    ready: gauge('canopy_jobs_ready', 'Jobs due and waiting for a worker, by kind.', ['kind']),
    running: gauge('canopy_jobs_running', 'Jobs a worker holds (its lease is live), by kind.', ['kind']),
    parked: gauge('canopy_jobs_parked', 'Jobs that failed every attempt and are kept with their error for an operator, by kind.', ['kind']),
    oldestReady: gauge('canopy_jobs_oldest_ready_age_seconds', 'How long the oldest ready job has been due, by kind (0 when none is).', ['kind']),
  };
  const deliveries = {
    pending: gauge('canopy_webhook_deliveries_pending', 'Pending webhook deliveries: ready (due, no worker has it), in_flight (leased), retry_scheduled (due later).', ['state']),
    oldestReady: gauge('canopy_webhook_deliveries_oldest_ready_age_seconds', 'How long the oldest ready webhook delivery has been due (0 when none is).'),
  };
  const up = gauge('canopy_queue_metrics_up', '1 when this scrape read the job and delivery gauges from the database, 0 when that failed (those gauges are then absent).');

  return {
    /** Sets every gauge from the database as it is now; throws when the database does not answer. */
    async refresh(): Promise<void> {
      // First, so that the queries below are not counted as the pool's use.
      const use = databasePoolUse(db);
      if (use) {
        pool.open.set(use.open);
        pool.idle.set(use.idle);
        pool.waiting.set(use.waiting);
        pool.max.set(use.max);
      }
      try {
        const [jobRows, deliveryRow] = await Promise.all([jobQueue(db), deliveryQueue(db)]);
        for (const g of Object.values(jobs)) g.reset();
        for (const kind of new Set([...kinds, ...jobRows.map((row) => row.kind)])) {
          const row = jobRows.find((r) => r.kind === kind);
          jobs.ready.set({ kind }, row?.ready ?? 0);
          jobs.running.set({ kind }, row?.running ?? 0);
          jobs.parked.set({ kind }, row?.parked ?? 0);
          jobs.oldestReady.set({ kind }, Math.max(0, row?.oldest_ready_s ?? 0));
        }
        deliveries.pending.set({ state: 'ready' }, deliveryRow?.ready ?? 0);
        deliveries.pending.set({ state: 'in_flight' }, deliveryRow?.in_flight ?? 0);
        deliveries.pending.set({ state: 'retry_scheduled' }, deliveryRow?.retry_scheduled ?? 0);
        deliveries.oldestReady.set(Math.max(0, deliveryRow?.oldest_ready_s ?? 0));
        up.set(1);
      } catch (error) {
        for (const g of [...Object.values(jobs), ...Object.values(deliveries)]) g.reset();
        up.set(0);
        throw error;
      }
    },
  };
}

/**
 * The due and parked jobs by kind, read through the `jobs_due (run_at, id)` index: due is
 * `run_at <= now()`, parked is `run_at = 'infinity'` (failJob parks a job so). Jobs scheduled
 * for later (a gift code's expiry, a year ahead) are not read, so the query costs what the
 * backlog does, not what the schedule holds. A job whose last attempt died with its worker
 * (attempts used up, lease run out, never parked) counts as parked too.
 */
async function jobQueue(db: Kysely<DB>) {
  const { rows } = await sql<{ kind: string; ready: number; running: number; parked: number; oldest_ready_s: number | null }>`
    SELECT kind,
      count(*) FILTER (WHERE attempts < ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now()))::int AS ready,
      count(*) FILTER (WHERE locked_until >= now())::int AS running,
      count(*) FILTER (WHERE attempts >= ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now()))::int AS parked,
      extract(epoch FROM now() - min(run_at) FILTER (WHERE attempts < ${MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now())))::float8 AS oldest_ready_s
    FROM jobs
    WHERE run_at <= now() OR run_at = 'infinity'
    GROUP BY kind`.execute(db);
  return rows;
}

/** The pending deliveries, read through the partial index `event_deliveries_due` (status = 'pending'). */
async function deliveryQueue(db: Kysely<DB>) {
  const { rows } = await sql<{ ready: number; in_flight: number; retry_scheduled: number; oldest_ready_s: number | null }>`
    SELECT
      count(*) FILTER (WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now()))::int AS ready,
      count(*) FILTER (WHERE locked_until >= now())::int AS in_flight,
      count(*) FILTER (WHERE next_attempt_at > now() AND (locked_until IS NULL OR locked_until < now()))::int AS retry_scheduled,
      extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())))::float8 AS oldest_ready_s
    FROM event_deliveries
    WHERE status = 'pending'`.execute(db);
  return rows[0];
}
