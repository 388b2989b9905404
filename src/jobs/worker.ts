import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import type { WorkerServices } from './job.ts';
import { claimNextJob, completeJob, failJob, type Job } from './queue.ts';
import { type JobKinds, jobKindsByName } from './registry.ts';

export interface WorkerLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WorkerOptions {
  /** How jobs link to Canopy, sign links and send email. */
  services: WorkerServices;
  /** The kinds this worker runs, by name; every kind of jobs/registry.ts when left out. */
  kinds?: JobKinds;
  /** How long the worker sleeps when no job is due. */
  pollIntervalMs?: number;
  /** How often housekeeping jobs are enqueued (the first time at start). */
  housekeepingEveryMs?: number;
  log?: WorkerLog;
}

export interface Worker {
  /** Finishes the job in hand, then stops; resolves when the loop has ended. */
  stop(): Promise<void>;
}

const silentLog: WorkerLog = { info() {}, error() {} };

/** The background worker: claims due jobs one at a time and runs them, until stopped. */
export function startWorker(db: Kysely<DB>, options: WorkerOptions): Worker {
  const { services, kinds = jobKindsByName(), pollIntervalMs = 1000, housekeepingEveryMs = 3_600_000, log = silentLog } = options;
  let stopping = false;
  let wake = () => {};

  const loop = (async () => {
    let nextHousekeeping = 0;
    while (!stopping) {
      try {
        if (Date.now() >= nextHousekeeping) {
          nextHousekeeping = Date.now() + housekeepingEveryMs;
          const enqueued = await scheduleHousekeeping(db);
          if (enqueued.length > 0) log.info({ kinds: enqueued }, 'housekeeping jobs enqueued');
        }
        await runDueJobs(db, { services, kinds, log, shouldStop: () => stopping });
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
  };
}

/** Runs due jobs until none is left (or shouldStop says so); returns how many ran. */
export async function runDueJobs(
  db: Kysely<DB>,
  { services, kinds = jobKindsByName(), log = silentLog, shouldStop = () => false }: Pick<WorkerOptions, 'services' | 'kinds' | 'log'> & { shouldStop?: () => boolean },
): Promise<number> {
  let ran = 0;
  while (!shouldStop()) {
    const job = await claimNextJob(db);
    if (!job) break;
    ran++;
    const startedAt = Date.now();
    try {
      const result = await runJob(db, kinds, job, services);
      await completeJob(db, job);
      log.info({ job_id: job.id, kind: job.kind, ms: Date.now() - startedAt, ...result }, 'job done');
    } catch (error) {
      const { retryInSeconds } = await failJob(db, job, error);
      log.error({ job_id: job.id, kind: job.kind, attempts: job.attempts, retry_in_s: retryInSeconds, err: error }, 'job failed');
    }
  }
  return ran;
}

/** Runs one claimed job with its kind's handler, once its payload is what the kind expects. */
async function runJob(db: Kysely<DB>, kinds: JobKinds, job: Job, services: WorkerServices) {
  const kind = kinds.get(job.kind);
  if (!kind) throw new Error(`No handler for job kind "${job.kind}"`);
  if (!Value.Check(kind.payload, job.payload)) {
    const first = Value.Errors(kind.payload, job.payload).First();
    throw new Error(`Job ${job.id} (${job.kind}) has a payload its kind does not accept: ${first?.path || '/'} ${first?.message ?? ''}`.trim());
  }
  return kind.handle(db, job.payload, { ...services, jobId: job.id, attempts: job.attempts });
}
