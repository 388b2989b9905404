import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { EVENT_RETENTION_DAYS } from '../events/record.ts';

const BATCH = 5000;

export async function purgeOldEvents(db: Kysely<DB>): Promise<{ deleted: number }> {
  let deleted = 0;
  // Batches keep each statement short: on PGlite one statement holds the whole database.
  for (;;) {
    const result = await db
      .deleteFrom('events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('events')
          .select('id')
          .where('created_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`)
          .limit(BATCH),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < BATCH) return { deleted };
  }
}
