import type { Feature } from '../../platform/feature.ts';
import { recipientEvents } from './events.ts';
import { forgetRecipientMail } from './jobs.ts';
import { recipientPages } from './pages.ts';
import { recipientRoutes } from './routes.ts';
import { RecipientSchema } from './schemas.ts';
import { purgeRecipientUploads, UPLOAD_JOBS } from './upload-jobs.ts';
import { uploadPages } from './upload-pages.ts';

/** Recipients: their API, their dashboard pages (one by hand, or many from a CSV upload), and their events. */
export const recipientsFeature: Feature = {
  name: 'recipients',
  api: recipientRoutes,
  schemas: [RecipientSchema],
  dashboard: async (app, options) => {
    await app.register(recipientPages, options);
    await app.register(uploadPages, options);
  },
  dashboardMenu: [{ path: '/dashboard/recipients', label: { en: 'Recipients', nl: 'Ontvangers' }, access: 'member' }],
  jobs: [forgetRecipientMail, ...UPLOAD_JOBS],
  housekeeping: [purgeRecipientUploads],
  events: [recipientEvents],
};
