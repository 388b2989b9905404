import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { purgeIdempotencyKeys } from './kinds/purge-idempotency-keys.ts';
import { purgeOldEvents } from './kinds/purge-old-events.ts';
import { refreshCompanyCertificates } from './kinds/refresh-company-certificates.ts';
import { MAX_ATTEMPTS } from './queue.ts';

/** Jobs every worker keeps scheduled; their payload is empty. */
export const HOUSEKEEPING_KINDS = [purgeIdempotencyKeys.name, purgeOldEvents.name, refreshCompanyCertificates.name] as const;

/**
 * Enqueues each housekeeping job unless one is already waiting, so several processes
 * sharing one PostgreSQL do not pile up copies. Two processes racing may both insert;
 * the purges are idempotent, so that costs one extra run.
 */
export async function scheduleHousekeeping(db: Kysely<DB>): Promise<string[]> {
  const enqueued: string[] = [];
  for (const kind of HOUSEKEEPING_KINDS) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO jobs (kind)
      SELECT ${kind}
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${kind} AND attempts < ${MAX_ATTEMPTS})
      RETURNING id`.execute(db);
    if (rows.length > 0) enqueued.push(kind);
  }
  return enqueued;
}
