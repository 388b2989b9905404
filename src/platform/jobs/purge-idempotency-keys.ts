import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { deleteInBatches } from './delete-in-batches.ts';
import { defineJob } from './job.ts';

/** Idempotency keys are honoured for 24 hours, as at Stripe; older ones are deleted. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const purgeIdempotencyKeys = defineJob({
  name: 'purge_idempotency_keys',
  payload: Type.Object({}, { additionalProperties: false }),
  handle: (db) =>
    deleteInBatches(async (limit) => {
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
              .limit(limit)
              .$asTuple('company_id', 'livemode', 'key'),
          ),
        )
        .executeTakeFirst();
      return result.numDeletedRows;
    }),
});
