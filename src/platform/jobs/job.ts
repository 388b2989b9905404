import type { Static, TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * A kind of background job: its name (the `kind` column), the schema of its payload,
 * and its handler. Each feature lists its kinds in its index.ts (Feature.jobs), src/features.ts all of them.
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
  /**
   * Lets jobs that fetch what others point at (photo copies) reach http and private or
   * loopback addresses (PHOTO_ALLOW_PRIVATE_URLS): local development and tests only. Off when absent.
   */
  allowPrivateFetches?: boolean;
}

export function defineJob<S extends TSchema>(kind: JobKind<S>): JobKind<S> {
  return kind;
}

/** The job kinds a worker runs, by name, and the names of those it keeps scheduled (housekeeping.ts). */
export interface JobCatalog {
  kinds: ReadonlyMap<string, JobKind>;
  housekeeping: readonly string[];
}

export function jobCatalog(kinds: readonly JobKind[], housekeeping: readonly JobKind[] = []): JobCatalog {
  for (const kind of housekeeping) if (!kinds.includes(kind)) throw new Error(`Housekeeping job ${kind.name} is not among the kinds.`);
  return { kinds: new Map(kinds.map((kind) => [kind.name, kind])), housekeeping: housekeeping.map((kind) => kind.name) };
}

/**
 * A job that failed for a reason outside Canopy (a source host that does not answer, a
 * file that is no photo): the queue tries again with backoff as for any failure, and the
 * worker logs it as a warning, not an error, since nothing in Canopy is broken.
 */
export class OutsideFailure extends Error {
  override readonly name = 'OutsideFailure';
}
