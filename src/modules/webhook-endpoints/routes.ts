import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listEnvelope } from '../../http/params.ts';
import { presentWebhookEndpoint } from './present.ts';
import { listWebhookEndpoints } from './queries.ts';
import { WebhookEndpointList, WebhookEndpointListQuery } from './schemas.ts';

export const webhookEndpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook-endpoints',
    {
      config: { scope: 'webhooks:manage' },
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: "List the company's webhook endpoints",
        tags: ['Webhooks'],
        querystring: WebhookEndpointListQuery,
        response: { 200: WebhookEndpointList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listWebhookEndpoints(request.ctx, request.query);
      return listEnvelope('/v2/webhook-endpoints', rows.map(presentWebhookEndpoint), hasMore);
    },
  );
};
