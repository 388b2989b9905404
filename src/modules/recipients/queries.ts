import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { RecipientListQuery } from './schemas.ts';

/** The company's recipients in the reader's mode; a deleted one is gone. */
function recipientsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('deleted_at', 'is', null);
}

export type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientsOf>['executeTakeFirstOrThrow']>>;

/** One recipient of the reader's, or 404; `forUpdate` locks it for the rest of the caller's transaction. */
export async function findRecipient(ctx: ReadContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = recipientsOf(ctx).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw errors.notFound('recipient', id);
  return row;
}

export async function findRecipientsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return recipientsOf(ctx).where('id', 'in', ids).execute();
}

export async function listRecipients(ctx: ReadContext, query: Static<typeof RecipientListQuery>) {
  const scope = recipientsOf(ctx);
  let q = scope;
  if (query.external_reference) q = q.where('external_reference', '=', query.external_reference);
  if (query.source) q = q.where('source', '=', query.source);
  if (query.project) q = q.where('project_id', '=', query.project);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** The codes the recipients claimed, by recipient id (recipient.gift_code). */
export async function giftCodesOfRecipients(ctx: ReadContext, recipientIds: readonly string[]): Promise<Map<string, string>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('gift_codes').select(['id', 'recipient_id'])
    .where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode).where('recipient_id', 'in', recipientIds).execute();
  return new Map(rows.map((row) => [row.recipient_id!, row.id]));
}
