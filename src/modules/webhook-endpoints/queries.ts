import type { Static } from '@sinclair/typebox';
import type { ReadContext } from '../../core/context.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { WebhookEndpointListQuery } from './schemas.ts';

export async function listWebhookEndpoints(ctx: ReadContext, query: Static<typeof WebhookEndpointListQuery>) {
  const scope = ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode);
  return keysetPage(scope, scope, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}
