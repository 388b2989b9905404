import type { Feature } from '../../platform/feature.ts';
import { recipientEvents } from './events.ts';
import { forgetRecipientMail } from './jobs.ts';
import { recipientRoutes } from './routes.ts';
import { RecipientSchema } from './schemas.ts';

export const recipientsFeature: Feature = {
  name: 'recipients',
  api: recipientRoutes,
  schemas: [RecipientSchema],
  jobs: [forgetRecipientMail],
  events: [recipientEvents],
};
