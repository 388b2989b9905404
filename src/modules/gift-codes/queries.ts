import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { GiftCodeListQuery } from './schemas.ts';

/** The company's gift codes in the reader's mode. */
function giftCodesOf(ctx: ReadContext) {
  return ctx.db.selectFrom('gift_codes').selectAll().where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode);
}

export type GiftCodeRow = Awaited<ReturnType<ReturnType<typeof giftCodesOf>['executeTakeFirstOrThrow']>>;

/** One gift code of the reader's, or 404; `forUpdate` locks it for the rest of the caller's transaction. */
export async function findGiftCode(ctx: ReadContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = giftCodesOf(ctx).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw errors.notFound('gift_code', id);
  return row;
}

/**
 * A list page. `status` is the status the codes show (present.ts): an open code past its
 * valid_until is expired, even in the moments before the worker records it.
 */
export async function listGiftCodes(ctx: ReadContext, query: Static<typeof GiftCodeListQuery>, now = new Date()) {
  const scope = giftCodesOf(ctx);
  let q = scope;
  if (query.status === 'open') q = q.where('status', '=', 'open').where('valid_until', '>', now);
  else if (query.status === 'expired') {
    q = q.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'open'), eb('valid_until', '<=', now)])]));
  } else if (query.status) q = q.where('status', '=', query.status);
  if (query.external_reference) q = q.where('external_reference', '=', query.external_reference);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}
