import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { emptyBodyAsObject, listEnvelope, NoQuery } from '../../http/params.ts';
import { presentEvents } from './present.ts';
import { findEvent, listEvents } from './queries.ts';
import { EventList, EventListQuery, EventParams, EventSchema, RedeliverBody } from './schemas.ts';
import { redeliverEvent } from './service.ts';

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
