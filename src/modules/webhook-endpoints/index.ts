import { webhookEndpointRoutes } from './routes.ts';
import { WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from './schemas.ts';

export const webhookEndpointsModule = { routes: webhookEndpointRoutes, schemas: [WebhookEndpointSchema, WebhookEndpointWithSecretSchema] };
