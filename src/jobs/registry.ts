import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';
import { purgeOldEvents } from './purge-old-events.ts';
import type { Job } from './queue.ts';

/** Runs one job; throwing schedules a retry. What it returns is logged. */
export type JobHandler = (db: Kysely<DB>, job: Job) => Promise<Record<string, unknown> | undefined>;

export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** Every job kind the worker knows, one file each. */
export const jobHandlers: JobHandlers = {
  purge_idempotency_keys: (db) => purgeIdempotencyKeys(db),
  purge_old_events: (db) => purgeOldEvents(db),
};
