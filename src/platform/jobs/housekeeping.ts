import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';
import { purgeOldEvents } from './purge-old-events.ts';
import { MAX_ATTEMPTS } from './queue.ts';

/** The platform's own jobs, which every worker keeps scheduled: the features add theirs (Feature.housekeeping). */
export const PLATFORM_HOUSEKEEPING = [purgeIdempotencyKeys, purgeOldEvents] as const;

/** The advisory lock that lets one worker at a time look for and add housekeeping jobs ("canopy" housekeeping). */
const HOUSEKEEPING_LOCK = 7265315;

/**
 * Enqueues each housekeeping job (their payload is empty) unless one is already waiting (or running), so several
 * processes sharing one PostgreSQL do not pile up copies. The check and the insert run
 * under a transaction-level advisory lock: without it two workers starting together both
 * saw none and both inserted.
 */
export async function scheduleHousekeeping(db: Kysely<DB>, kinds: readonly string[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(HOUSEKEEPING_LOCK)})`.execute(trx);
    const enqueued: string[] = [];
    for (const kind of kinds) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO jobs (kind)
        SELECT ${kind}
        WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${kind} AND attempts < ${MAX_ATTEMPTS})
        RETURNING id`.execute(trx);
      if (rows.length > 0) enqueued.push(kind);
    }
    return enqueued;
  });
}
