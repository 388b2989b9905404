import type { Static, TSchema } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import type { DB, Db } from '../../db/schema.ts';
import type { JobKind } from './job.ts';

/** A job is retried this many times in all; after that it stays in the table, parked, with its last error. */
export const MAX_ATTEMPTS = 10;
/**
 * How long a claim reserves a job. The worker renews it every LEASE_RENEW_SECONDS while the
 * job runs, so a job may take as long as it needs; a worker that dies mid-job frees it
 * when the lease runs out, and another worker runs it again.
 */
export const LEASE_SECONDS = 60;
export const LEASE_RENEW_SECONDS = 15;

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** The claim's lease: renewing, completing and failing the job check that it is still this. */
  locked_until: Date;
}

/** A lease end, to the millisecond, so that the value read back into JavaScript compares equal to the one stored. */
const leaseEnd = sql<Date>`date_trunc('milliseconds', now() + make_interval(secs => ${LEASE_SECONDS}))`;

/** Queues a job of a kind, in the caller's transaction when given one, so it exists exactly when the change that wants it does. */
export async function enqueueJob<S extends TSchema>(db: Db, kind: JobKind<S>, payload: Static<S>, runAt?: Date): Promise<number> {
  const { rows } = await sql<{ id: number }>`${jobInsert(kind, payload, runAt)} RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** The statement that queues a job (due now unless `runAt`), for a unit of work to send with its last events (UnitOfWork.atEnd). */
export function jobInsert<S extends TSchema>(kind: JobKind<S>, payload: Static<S>, runAt?: Date) {
  return sql`INSERT INTO jobs (kind, payload, run_at) VALUES (${kind.name}, ${JSON.stringify(payload)}, ${runAt ?? sql`DEFAULT`})`;
}

/** The statement that queues many jobs of a kind at once, all due at `runAt` (now unless given): jobInsert for a batch. */
export function jobsInsert<S extends TSchema>(kind: JobKind<S>, payloads: readonly Static<S>[], runAt?: Date) {
  const rows = payloads.map((payload) => sql`(${kind.name}, ${JSON.stringify(payload)}, ${runAt ?? sql`DEFAULT`})`);
  return sql`INSERT INTO jobs (kind, payload, run_at) VALUES ${sql.join(rows)}`;
}

/**
 * Reserves the oldest due job, in one statement. SKIP LOCKED lets several workers
 * (processes sharing one PostgreSQL) claim side by side without waiting on each other; the
 * lease, not a transaction, then keeps the job ours while it runs, so no transaction stays
 * open (on PGlite one blocks every other query while open).
 */
export async function claimNextJob(db: Kysely<DB>): Promise<Job | null> {
  const { rows } = await sql<Job>`
    UPDATE jobs SET attempts = attempts + 1, locked_until = ${leaseEnd}
    WHERE id = (
      SELECT id FROM jobs
      WHERE run_at <= now()
        AND attempts < ${MAX_ATTEMPTS}
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, locked_until`.execute(db);
  const job = rows[0];
  return job ? { ...job, id: Number(job.id), locked_until: job.locked_until as Date } : null;
}

/**
 * Extends the lease of a job that is still running, if it is still this claim's. False
 * when it is not (the lease ran out and another worker claimed the job): the job may then
 * be running twice, and this run's outcome is not recorded.
 */
export async function renewJobLease(db: Db, job: Job): Promise<boolean> {
  const renewed = await stillLeased(db, job).set({ locked_until: leaseEnd }).returning('locked_until').executeTakeFirst();
  if (renewed?.locked_until) job.locked_until = renewed.locked_until;
  return renewed !== undefined;
}

/**
 * A finished job leaves the table: the effects it had are the record. False when the
 * claim's lease is no longer on it (another worker took it over, and completes it).
 */
export async function completeJob(db: Db, job: Job): Promise<boolean> {
  const result = await db.deleteFrom('jobs').where('id', '=', job.id).where('locked_until', '=', job.locked_until).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Schedules the next attempt with exponential backoff, or parks the job after the last one.
 * `recorded` is false when the claim's lease is no longer on the job (as for completeJob).
 */
export async function failJob(db: Db, job: Job, error: unknown): Promise<{ retryInSeconds: number | null; recorded: boolean }> {
  const message = error instanceof Error ? error.message : String(error);
  const retryInSeconds = job.attempts >= MAX_ATTEMPTS ? null : backoffSeconds(job.attempts);
  const result = await stillLeased(db, job)
    .set({
      locked_until: null,
      last_error: message.slice(0, 2000),
      // 'infinity' keeps a parked job out of every due scan while it stays visible for inspection.
      run_at: retryInSeconds === null ? sql<Date>`'infinity'::timestamptz` : sql<Date>`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .executeTakeFirst();
  return { retryInSeconds, recorded: result.numUpdatedRows > 0n };
}

/**
 * Gives a job back without an outcome, so that another worker may claim it at once rather
 * than when the lease runs out: what a worker that is shutting down does with the job its
 * grace period cut short. The attempt stays counted (it may have had effects, an email
 * sent). False when the lease was no longer this claim's.
 */
export async function releaseJobLease(db: Db, job: Job): Promise<boolean> {
  const result = await stillLeased(db, job).set({ locked_until: null }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function stillLeased(db: Db, job: Job) {
  return db.updateTable('jobs').where('id', '=', job.id).where('locked_until', '=', job.locked_until);
}

/** 10 s, 20 s, 40 s ... capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}
