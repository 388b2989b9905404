import { releaseReservedTrees } from '../../domain/assignment.ts';
import type { UnitOfWork } from '../../events/unit-of-work.ts';

/**
 * Records an open code past its valid_until as expired and returns its trees to the
 * company's unassigned trees. Returns whether it did: a code claimed or revoked first,
 * or one not yet due, is left as it is.
 */
export async function expireGiftCode(uow: UnitOfWork, giftCodeId: string): Promise<boolean> {
  const { db, now } = uow;
  const row = await db.selectFrom('gift_codes').select(['id', 'status', 'valid_until']).where('id', '=', giftCodeId).forUpdate().executeTakeFirst();
  if (row?.status !== 'open' || row.valid_until.getTime() > now.getTime()) return false;
  await db.updateTable('gift_codes').set({ status: 'expired', expired_at: now, updated_at: now }).where('id', '=', giftCodeId).execute();
  await releaseReservedTrees(db, giftCodeId, now, uow.countUnassigned);
  return true;
}
