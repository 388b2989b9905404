import type { Feature } from '../../platform/feature.ts';
import { purgeOldWebhookAttempts, sendEndpointDisabledEmail, sendEndpointFailingEmail } from './jobs.ts';
import { webhookPages } from './pages.ts';
import { webhookRoutes } from './routes.ts';
import { EventSchema, EventTypeSchema, WebhookEndpointRecoverySchema, WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from './schemas.ts';

export { endpointDisabled, endpointFailing } from './jobs.ts';

/** Webhooks: endpoints, the event log, the delivery log, redelivery and recovery, and the emails that warn admins of a failing endpoint and tell them it was switched off. */
export const webhooksFeature: Feature = {
  name: 'webhooks',
  api: webhookRoutes,
  dashboard: webhookPages,
  dashboardMenu: [
    { path: '/dashboard/webhooks', label: { en: 'Webhooks', nl: 'Webhooks' }, access: 'admin' },
    { path: '/dashboard/events', label: { en: 'Events', nl: 'Gebeurtenissen' }, access: 'admin' },
  ],
  schemas: [WebhookEndpointSchema, WebhookEndpointWithSecretSchema, WebhookEndpointRecoverySchema, EventSchema, EventTypeSchema],
  jobs: [sendEndpointDisabledEmail, sendEndpointFailingEmail, purgeOldWebhookAttempts],
  housekeeping: [purgeOldWebhookAttempts],
};
