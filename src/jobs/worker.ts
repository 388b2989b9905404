import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { scheduleHousekeeping } from './housekeeping.ts';
import { claimNextJob, completeJob, failJob } from './queue.ts';
import { type JobHandlers, jobHandlers } from './registry.ts';

export interface WorkerLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WorkerOptions {
  handlers?: JobHandlers;
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
export function startWorker(db: Kysely<DB>, options: WorkerOptions = {}): Worker {
  const { handlers = jobHandlers, pollIntervalMs = 1000, housekeepingEveryMs = 3_600_000, log = silentLog } = options;
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
        await runDueJobs(db, { handlers, log, shouldStop: () => stopping });
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
  { handlers = jobHandlers, log = silentLog, shouldStop = () => false }: { handlers?: JobHandlers; log?: WorkerLog; shouldStop?: () => boolean } = {},
): Promise<number> {
  let ran = 0;
  while (!shouldStop()) {
    const job = await claimNextJob(db);
    if (!job) break;
    ran++;
    const startedAt = Date.now();
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      const result = await handler(db, job);
      await completeJob(db, job);
      log.info({ job_id: job.id, kind: job.kind, ms: Date.now() - startedAt, ...result }, 'job done');
    } catch (error) {
      const { retryInSeconds } = await failJob(db, job, error);
      log.error({ job_id: job.id, kind: job.kind, attempts: job.attempts, retry_in_s: retryInSeconds, err: error }, 'job failed');
    }
  }
  return ran;
}
