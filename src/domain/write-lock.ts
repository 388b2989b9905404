import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Foundation writes (the API, imports, test helpers) take one transaction-scoped lock,
 * so two batches touching the same plantings and company totals in different orders
 * cannot deadlock on PostgreSQL. Foundation traffic is one stream; serialising it
 * costs little. PGlite serialises everything already; the call is harmless there.
 */
export async function lockFoundationWrites(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('canopy.foundation-writes'))`.execute(db);
}
