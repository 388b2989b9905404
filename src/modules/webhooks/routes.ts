import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { emptyBodyAsObject, listEnvelope, NoQuery } from '../../platform/http/params.ts';
import { listEventTypes } from './event-types.ts';
import { presentEvents, presentWebhookEndpoint } from './present.ts';
import { findEvent, findWebhookEndpoint, listEvents, listWebhookEndpoints } from './queries.ts';
import {
  CreateWebhookEndpointBody, DeletedWebhookEndpointSchema, EventList, EventListQuery, EventParams, EventSchema, EventTypeList, RecoverBody, RedeliverBody, RotateSecretBody,
  UpdateWebhookEndpointBody, WebhookEndpointList, WebhookEndpointListQuery, WebhookEndpointParams, WebhookEndpointRecoverySchema, WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from './schemas.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, recoverWebhookEndpoint, redeliverEvent, rotateWebhookSecret, updateWebhookEndpoint } from './service.ts';

const tags = ['Webhooks'];

const webhookEndpointRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config }) => {
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

  app.post(
    '/webhook-endpoints/:id/recover',
    {
      config: { scope, resource: 'webhook_endpoint', errors: ['webhook_endpoint_disabled'] },
      preValidation: emptyBodyAsObject,
      schema: {
        operationId: 'recoverWebhookEndpoint',
        summary: 'Send again what failed to this endpoint since a time, and what it missed while switched off',
        description:
          'Queues, due now, every delivery to this endpoint of an event created at or after `since` (within the event log\'s 30 days, else 400 parameter_invalid; the whole log when left out) that failed, '
          + 'and every event since then that it never got because it was switched off (of the types it takes now). A delivery already pending is left as it is, so '
          + 'calling it twice queues nothing twice. A disabled endpoint is refused (409 webhook_endpoint_disabled): switch it on with PATCH status: enabled and recover_since.',
        tags, params: WebhookEndpointParams, querystring: NoQuery, body: RecoverBody, response: { 200: Type.Ref(WebhookEndpointRecoverySchema) },
      },
    },
    async (request) => recoverWebhookEndpoint(request.ctx, request.params.id, request.body),
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
        description: 'With status enabled, recover_since also sends, due now, what failed or the endpoint missed while it was off since that time (see recover). recover_since without status enabled, or before the event log\'s 30 days, is refused (400 parameter_invalid).',
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

const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Any valid token: the catalogue holds no company data (its samples are made up), like GET /v2/me.
  app.get(
    '/event-types',
    {
      config: { scope: 'any' },
      schema: {
        operationId: 'listEventTypes',
        summary: 'List the event types Canopy sends, each with a description and a sample event',
        description: 'The nine types, in one page. Each sample has the shape GET /v2/events/{id} answers, in the mode of the token, and as the token may read it (a recipient without names and email to a token without recipients:read).',
        tags: ['Events'],
        querystring: NoQuery,
        response: { 200: EventTypeList },
      },
    },
    async (request) => listEventTypes(request.ctx),
  );

  app.get(
    '/events',
    {
      config: { scope: 'events:read' },
      schema: {
        operationId: 'listEvents',
        summary: 'List events of the last 30 days, newest first, with their delivery state',
        tags: ['Events'],
        querystring: EventListQuery,
        response: { 200: EventList },
      },
    },
    async (request) => {
      const { rows, hasMore } = await listEvents(request.ctx, request.query);
      return listEnvelope('/v2/events', await presentEvents(request.ctx, rows), hasMore);
    },
  );

  app.get(
    '/events/:id',
    {
      config: { scope: 'events:read', resource: 'event' },
      schema: {
        operationId: 'getEvent',
        summary: 'Retrieve an event',
        tags: ['Events'],
        params: EventParams,
        querystring: NoQuery,
        response: { 200: Type.Ref(EventSchema) },
      },
    },
    async (request) => {
      const [event] = await presentEvents(request.ctx, [await findEvent(request.ctx, request.params.id)]);
      return event;
    },
  );

  app.post(
    '/events/:id/redeliver',
    {
      config: { scope: 'webhooks:manage', resource: 'event', errors: ['webhook_endpoint_disabled'] },
      preValidation: emptyBodyAsObject,
      schema: {
        operationId: 'redeliverEvent',
        summary: 'Send an event again, now, to one endpoint or to every endpoint that takes its type',
        description: 'Answers 200 with the event and its deliveries, the new ones pending. A disabled endpoint named in `endpoint` is refused (409 webhook_endpoint_disabled).',
        tags: ['Events'],
        params: EventParams,
        querystring: NoQuery,
        body: RedeliverBody,
        response: { 200: Type.Ref(EventSchema) },
      },
    },
    async (request) => redeliverEvent(request.ctx, request.params.id, request.body),
  );
};

/** The webhooks feature's API: its endpoints, then the event log. */
export const webhookRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, options) => {
  await app.register(webhookEndpointRoutes, options);
  await app.register(eventRoutes, options);
};
