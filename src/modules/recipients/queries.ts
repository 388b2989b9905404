import type { ReadContext } from '../../core/context.ts';

/** The company's recipients in the reader's mode, by id; deleted ones are gone. */
export async function findRecipientsByIds(ctx: ReadContext, ids: readonly string[]) {
  return ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('id', 'in', ids)
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('deleted_at', 'is', null)
    .execute();
}

export type RecipientRow = Awaited<ReturnType<typeof findRecipientsByIds>>[number];

/** The allocations holding each recipient's trees, oldest first (recipients' allocations index). */
export async function allocationIdsOfRecipients(ctx: ReadContext, ids: readonly string[]) {
  return ctx.db
    .selectFrom('allocations')
    .select(['id', 'recipient_id'])
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('recipient_id', 'in', ids)
    .orderBy('created_at', 'asc')
    .execute();
}
