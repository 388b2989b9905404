import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { defineJob } from '../job.ts';

/** Idempotency keys are honoured for 24 hours, as at Stripe; older ones are deleted. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;
const BATCH = 5000;

export const purgeIdempotencyKeys = defineJob({
  name: 'purge_idempotency_keys',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db) {
    let deleted = 0;
    // Batches keep each statement short: on PGlite one statement holds the whole database.
    for (;;) {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where((eb) =>
          eb(
            eb.refTuple('company_id', 'livemode', 'key'),
            'in',
            eb
              .selectFrom('idempotency_keys')
              .select(['company_id', 'livemode', 'key'])
              .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_RETENTION_HOURS})`)
              .limit(BATCH)
              .$asTuple('company_id', 'livemode', 'key'),
          ),
        )
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < BATCH) return { deleted };
    }
  },
});
