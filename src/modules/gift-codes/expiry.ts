import { sql } from 'kysely';
import { releaseReservedTrees } from '../../domain/assignment.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';

/**
 * Records an open code past its valid_until as expired and returns its trees to the
 * company's unassigned trees. Returns whether it did: a code claimed or revoked first,
 * or one not yet due, is left as it is.
 *
 * Due means valid_until has passed by the unit of work's moment or by the database's
 * clock. The queue runs the expiry job by the database's clock (run_at <= now()); a
 * worker whose own clock lags behind it must not find the code "not yet due", or the
 * job would end without expiring it and nothing would ever return its trees (the API
 * already shows the code expired and refuses to claim or revoke it). The moment recorded
 * is then the database's, so it is never before valid_until.
 */
export async function expireGiftCode(uow: UnitOfWork, giftCodeId: string): Promise<boolean> {
  const { db } = uow;
  const row = await db
    .selectFrom('gift_codes')
    .select(['id', 'status', 'valid_until', sql<Date>`now()`.as('database_now')])
    .where('id', '=', giftCodeId)
    .forUpdate()
    .executeTakeFirst();
  if (row?.status !== 'open') return false;
  const now = row.valid_until.getTime() <= uow.now.getTime() ? uow.now : new Date(row.database_now);
  if (row.valid_until.getTime() > now.getTime()) return false;
  await db.updateTable('gift_codes').set({ status: 'expired', expired_at: now, updated_at: now }).where('id', '=', giftCodeId).execute();
  await releaseReservedTrees(db, giftCodeId, now, uow.countUnassigned);
  return true;
}
