import type { Feature } from '../../platform/feature.ts';
import { sendEndpointDisabledEmail } from './jobs.ts';
import { webhookRoutes } from './routes.ts';
import { EventSchema, WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from './schemas.ts';

export { endpointDisabled } from './jobs.ts';

/** Webhooks: endpoints, the event log and redelivery, and the email that tells admins an endpoint was switched off. */
export const webhooksFeature: Feature = {
  name: 'webhooks',
  api: webhookRoutes,
  schemas: [WebhookEndpointSchema, WebhookEndpointWithSecretSchema, EventSchema],
  jobs: [sendEndpointDisabledEmail],
};
