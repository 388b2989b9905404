import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { EVENT_RETENTION_DAYS } from '../../events/record.ts';
import { defineJob } from '../job.ts';

const BATCH = 5000;

/** Deletes events older than the event log's window, with their deliveries. */
export const purgeOldEvents = defineJob({
  name: 'purge_old_events',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db) {
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
  },
});
