import { Type } from '@sinclair/typebox';
import { idString } from '../../core/schema.ts';
import { inUnitOfWork } from '../../platform/events/unit-of-work.ts';
import { expireGiftCode } from './expiry.ts';
import { defineJob } from '../../platform/jobs/job.ts';

/**
 * Expires a gift code at its valid_until: queued for that moment when the code is made, so
 * an unclaimed code's trees return to the unassigned trees within the worker's poll
 * interval, whether or not anyone looks at it. A code claimed or revoked before then is
 * left alone.
 */
export const giftCodeExpiry = defineJob({
  name: 'expire_gift_code',
  payload: Type.Object({ gift_code_id: idString('gift_code') }, { additionalProperties: false }),
  async handle(db, payload, { publicBaseUrl }) {
    const expired = await inUnitOfWork(db, { publicBaseUrl }, (uow) => expireGiftCode(uow, payload.gift_code_id));
    return { gift_code_id: payload.gift_code_id, expired };
  },
});
