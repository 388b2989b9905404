import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { WebhookEndpointListQuery } from './schemas.ts';

function endpointsOf(ctx: ReadContext) {
  return ctx.db.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode);
}

/** One endpoint of the reader's company and mode, or 404; `forUpdate` locks it. */
export async function findWebhookEndpoint(ctx: ReadContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = endpointsOf(ctx).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw errors.notFound('webhook_endpoint', id);
  return row;
}

export async function listWebhookEndpoints(ctx: ReadContext, query: Static<typeof WebhookEndpointListQuery>) {
  const scope = endpointsOf(ctx);
  return keysetPage(scope, scope, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}
