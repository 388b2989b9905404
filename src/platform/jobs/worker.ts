import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import { type JobCatalog, OutsideFailure, type WorkerServices } from './job.ts';
import { claimNextJob, completeJob, failJob, type Job, LEASE_RENEW_SECONDS, releaseJobLease, renewJobLease } from './queue.ts';

export interface WorkerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WorkerOptions {
  /** How jobs link to Canopy, sign links and send email. */
  services: WorkerServices;
  /** The kinds this worker runs and keeps scheduled: every feature's (src/features.ts, JOBS), or a test's own. */
  jobs: JobCatalog;
  /** How long the worker sleeps when no job is due. */
  pollIntervalMs?: number;
  /** How often housekeeping jobs are enqueued (the first time at start). */
  housekeepingEveryMs?: number;
  /** How often the lease of the job in hand is renewed; LEASE_RENEW_SECONDS unless a test says otherwise. */
  leaseRenewMs?: number;
  log?: WorkerLog;
}

export interface Worker {
  /** Finishes the job in hand, then stops; resolves when the loop has ended. */
  stop(): Promise<void>;
  /**
   * Gives the job in hand back (its lease released) so that another worker runs it now:
   * for a process about to exit without waiting for it (shutdown grace over). Returns
   * how many jobs were given back (0 or 1).
   */
  releaseLeases(): Promise<number>;
}

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

/** The background worker: claims due jobs one at a time and runs them, until stopped. */
export function startWorker(db: Kysely<DB>, options: WorkerOptions): Worker {
  const { services, jobs, pollIntervalMs = 1000, housekeepingEveryMs = 3_600_000, leaseRenewMs, log = silentLog } = options;
  let stopping = false;
  let wake = () => {};
  const inHand = new Set<Job>();

  const loop = (async () => {
    let nextHousekeeping = 0;
    while (!stopping) {
      try {
        if (Date.now() >= nextHousekeeping) {
          nextHousekeeping = Date.now() + housekeepingEveryMs;
          const enqueued = await scheduleHousekeeping(db, jobs.housekeeping);
          if (enqueued.length > 0) log.info({ kinds: enqueued }, 'housekeeping jobs enqueued');
        }
        await runDueJobs(db, { services, jobs, log, leaseRenewMs, shouldStop: () => stopping, inHand });
      } catch (error) {
        log.error({ err: error }, 'worker could not poll for jobs');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
    async releaseLeases() {
      stopping = true;
      let released = 0;
      for (const job of [...inHand]) {
        // A renewal landing meanwhile moves the lease on: then give back the renewed one.
        const lease = job.locked_until;
        if ((await releaseJobLease(db, job)) || (job.locked_until !== lease && (await releaseJobLease(db, job)))) released++;
      }
      return released;
    },
  };
}

/**
 * Runs due jobs one at a time until none is left (or shouldStop says so); returns how many
 * ran. The lease of the job in hand is renewed while it runs, so no other worker takes over
 * a job that is merely slow (an SMTP server taking its time); only a worker that died, or
 * lost the database for longer than a lease, lets another run the job again.
 */
export async function runDueJobs(
  db: Kysely<DB>,
  { services, jobs, log = silentLog, leaseRenewMs = LEASE_RENEW_SECONDS * 1000, shouldStop = () => false, inHand = new Set<Job>() }:
    Pick<WorkerOptions, 'services' | 'jobs' | 'log' | 'leaseRenewMs'> & {
      shouldStop?: () => boolean;
      /** Holds the job while it runs, for whoever may have to give it back. */
      inHand?: Set<Job>;
    },
): Promise<number> {
  let ran = 0;
  while (!shouldStop()) {
    const job = await claimNextJob(db);
    if (!job) break;
    ran++;
    inHand.add(job);
    const startedAt = Date.now();
    const lease = keepLeased(db, job, leaseRenewMs, log);
    const fields = { job_id: job.id, kind: job.kind, attempts: job.attempts };
    try {
      const result = await runJob(db, jobs, job, services);
      await lease.stop();
      if (await completeJob(db, job)) log.info({ ...fields, ms: Date.now() - startedAt, ...result }, 'job done');
      else log.error({ ...fields, ms: Date.now() - startedAt }, 'job done after its lease was lost: another worker may have run it too');
    } catch (error) {
      await lease.stop();
      const { retryInSeconds, recorded } = await failJob(db, job, error);
      const level = error instanceof OutsideFailure ? 'warn' : 'error';
      log[level]({ ...fields, retry_in_s: retryInSeconds, lease_lost: !recorded || undefined, err: error }, 'job failed');
    } finally {
      inHand.delete(job);
    }
  }
  return ran;
}

/** Renews a running job's lease every `everyMs`; stop() ends that and waits for a renewal under way. */
function keepLeased(db: Kysely<DB>, job: Job, everyMs: number, log: WorkerLog) {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing
      .then(() => renewJobLease(db, job))
      .then((held) => {
        if (!held) log.error({ job_id: job.id, kind: job.kind }, 'job lease lost while running: another worker may run it too');
      })
      .catch((error) => log.error({ job_id: job.id, err: error }, 'could not renew a job lease'));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Runs one claimed job with its kind's handler, once its payload is what the kind expects. */
async function runJob(db: Kysely<DB>, jobs: JobCatalog, job: Job, services: WorkerServices) {
  const kind = jobs.kinds.get(job.kind);
  if (!kind) throw new Error(`No handler for job kind "${job.kind}"`);
  if (!Value.Check(kind.payload, job.payload)) {
    const first = Value.Errors(kind.payload, job.payload).First();
    throw new Error(`Job ${job.id} (${job.kind}) has a payload its kind does not accept: ${first?.path || '/'} ${first?.message ?? ''}`.trim());
  }
  return kind.handle(db, job.payload, { ...services, jobId: job.id, attempts: job.attempts });
}
