import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../../db/schema.ts';
import type { ApiContext } from '../../http/auth.ts';
import { iso, Nullable, StringEnum, Timestamp } from '../../http/common-schemas.ts';
import { cursorAfter, keysetPage, listEnvelope, listSchema, pageParams } from '../../http/pagination.ts';

export const WebhookEndpointSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_endpoint'),
    livemode: Type.Boolean(),
    url: Type.String(),
    description: Nullable(Type.String()),
    enabled_events: Type.Array(Type.String(), { description: 'Event types sent to this endpoint; ["*"] for all.' }),
    include_personal_data: Type.Boolean({ description: "Whether recipients' names and email are included in payloads." }),
    status: StringEnum(['enabled', 'disabled']),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'WebhookEndpoint', description: 'Where events are sent. The signing secret is never listed.' },
);

const ListQuery = Type.Object({ ...pageParams }, { additionalProperties: false });

/** The secret is left out on purpose: it is shown only when an endpoint is created. */
function presentWebhookEndpoint(row: Selectable<WebhookEndpointsTable>) {
  return {
    id: row.id,
    object: 'webhook_endpoint' as const,
    livemode: row.livemode,
    url: row.url,
    description: row.description,
    enabled_events: row.enabled_events,
    include_personal_data: row.include_personal_data,
    status: row.status,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

async function listWebhookEndpoints(ctx: ApiContext, query: Static<typeof ListQuery>) {
  const q = ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode);
  const after = await cursorAfter(query.starting_after, async (id) => {
    const row = await q.where('id', '=', id).executeTakeFirst();
    return row && { sortValue: row.created_at, id: row.id };
  });
  return keysetPage(q, { sortColumn: 'created_at', idColumn: 'id', limit: query.limit, after });
}

export const webhookEndpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook-endpoints',
    {
      config: { scope: 'webhooks:manage' },
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: "List the company's webhook endpoints",
        tags: ['Webhooks'],
        querystring: ListQuery,
        response: { 200: listSchema(Type.Ref(WebhookEndpointSchema), 'Webhook endpoints, newest first.') },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listWebhookEndpoints(request.ctx, request.query);
      return listEnvelope('/v2/webhook-endpoints', rows.map(presentWebhookEndpoint), hasMore);
    },
  );
};
