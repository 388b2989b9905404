import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { EVENT_RETENTION_DAYS } from '../events/record.ts';
import { deleteInBatches } from './delete-in-batches.ts';
import { defineJob } from './job.ts';

/** Deletes events older than the event log's window, with their deliveries. */
export const purgeOldEvents = defineJob({
  name: 'purge_old_events',
  payload: Type.Object({}, { additionalProperties: false }),
  handle: (db) =>
    deleteInBatches(async (limit) => {
      const result = await db
        .deleteFrom('events')
        .where('id', 'in', (eb) =>
          eb.selectFrom('events').select('id').where('created_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`).limit(limit),
        )
        .executeTakeFirst();
      return result.numDeletedRows;
    }),
});
