import type { Static, TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * A kind of background job: its name (the `kind` column), the schema of its payload,
 * and its handler. One file per kind in jobs/kinds/, one line in jobs/registry.ts.
 * The worker checks a claimed job's payload against the schema before handling it.
 */
export interface JobKind<S extends TSchema = TSchema> {
  name: string;
  payload: S;
  /** Runs one job; throwing schedules a retry. What it returns is logged. */
  handle(db: Kysely<DB>, payload: Static<S>, context: JobContext): Promise<Record<string, unknown> | undefined>;
}

export interface JobContext extends WorkerServices {
  jobId: number;
  attempts: number;
}

/** What the worker hands every job: how to link to Canopy, sign links, and send email. */
export interface WorkerServices {
  publicBaseUrl: string;
  secretKey: string;
  mailer: Mailer;
}

export function defineJob<S extends TSchema>(kind: JobKind<S>): JobKind<S> {
  return kind;
}
