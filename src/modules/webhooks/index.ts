import { eventRoutes, webhookEndpointRoutes } from './routes.ts';
import { EventSchema, WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from './schemas.ts';

export const webhookEndpointsModule = { routes: webhookEndpointRoutes, schemas: [WebhookEndpointSchema, WebhookEndpointWithSecretSchema] };

export const eventsModule = { routes: eventRoutes, schemas: [EventSchema] };
