import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ModuleOptions } from '../../http/module.ts';
import { emptyBodyAsObject, listEnvelope, NoQuery } from '../../http/params.ts';
import { presentWebhookEndpoint } from './present.ts';
import { findWebhookEndpoint, listWebhookEndpoints } from './queries.ts';
import {
  CreateWebhookEndpointBody, DeletedWebhookEndpointSchema, RotateSecretBody, UpdateWebhookEndpointBody, WebhookEndpointList,
  WebhookEndpointListQuery, WebhookEndpointParams, WebhookEndpointSchema, WebhookEndpointWithSecretSchema,
} from './schemas.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from './service.ts';

const tags = ['Webhooks'];

export const webhookEndpointRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config }) => {
  const policy = { allowPrivateUrls: config.webhookAllowPrivateUrls };
  const scope = 'webhooks:manage' as const;

  app.get(
    '/webhook-endpoints',
    {
      config: { scope },
      schema: { operationId: 'listWebhookEndpoints', summary: "List the company's webhook endpoints", tags, querystring: WebhookEndpointListQuery, response: { 200: WebhookEndpointList } },
    },
    async (request) => {
      const { rows, hasMore } = await listWebhookEndpoints(request.ctx, request.query);
      return listEnvelope('/v2/webhook-endpoints', rows.map(presentWebhookEndpoint), hasMore);
    },
  );

  app.post(
    '/webhook-endpoints',
    {
      config: { scope, errors: ['webhook_url_refused'] },
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Add an endpoint; the answer holds its signing secret, shown this once',
        description: 'The url must be https and its host must resolve to public addresses only (400 webhook_url_refused otherwise). A test token makes a test endpoint, which gets test events only.',
        tags, querystring: NoQuery, body: CreateWebhookEndpointBody, response: { 200: Type.Ref(WebhookEndpointWithSecretSchema) },
      },
    },
    async (request) => createWebhookEndpoint(request.ctx, request.body, policy),
  );

  // Before the {id} routes, so that the OpenAPI document (and the route guards' walk of it) lists it before DELETE.
  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      config: { scope, resource: 'webhook_endpoint' },
      preValidation: emptyBodyAsObject,
      schema: {
        operationId: 'rotateWebhookEndpointSecret',
        summary: 'Make a new signing secret; the old one keeps signing beside it for expires_in seconds (a day)',
        tags, params: WebhookEndpointParams, querystring: NoQuery, body: RotateSecretBody, response: { 200: Type.Ref(WebhookEndpointWithSecretSchema) },
      },
    },
    async (request) => rotateWebhookSecret(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      config: { scope, resource: 'webhook_endpoint' },
      schema: { operationId: 'getWebhookEndpoint', summary: 'Retrieve an endpoint (never its secret)', tags, params: WebhookEndpointParams, querystring: NoQuery, response: { 200: Type.Ref(WebhookEndpointSchema) } },
    },
    async (request) => presentWebhookEndpoint(await findWebhookEndpoint(request.ctx, request.params.id)),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      config: { scope, resource: 'webhook_endpoint', errors: ['webhook_url_refused'] },
      schema: {
        operationId: 'updateWebhookEndpoint', summary: 'Change an endpoint; status enabled switches a disabled one on again',
        tags, params: WebhookEndpointParams, querystring: NoQuery, body: UpdateWebhookEndpointBody, response: { 200: Type.Ref(WebhookEndpointSchema) },
      },
    },
    async (request) => updateWebhookEndpoint(request.ctx, request.params.id, request.body, policy),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      config: { scope, resource: 'webhook_endpoint' },
      schema: { operationId: 'deleteWebhookEndpoint', summary: 'Delete an endpoint and its pending deliveries', tags, params: WebhookEndpointParams, querystring: NoQuery, response: { 200: DeletedWebhookEndpointSchema } },
    },
    async (request) => deleteWebhookEndpoint(request.ctx, request.params.id),
  );

};
