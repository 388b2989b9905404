import { webhookEndpointRoutes } from './routes.ts';
import { WebhookEndpointSchema } from './schemas.ts';

export const webhookEndpointsModule = { routes: webhookEndpointRoutes, schemas: [WebhookEndpointSchema] };
