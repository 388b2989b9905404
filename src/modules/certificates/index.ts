import type { Feature } from '../../platform/feature.ts';
import { certificateDashboard } from './dashboard-pages.ts';
import { certificateEvents } from './events.ts';
import { issueCertificate, refreshCompanyCertificates, sendCertificateEmail } from './jobs.ts';
import { certificatePages } from './pages.ts';
import { certificateRoutes } from './routes.ts';
import { certificateSharePages } from './share-pages.ts';
import { CertificateSchema } from './schemas.ts';

/** Certificates: their API, their public page, share image and PDF, the dashboard's list, the jobs that issue and email them, and certificate.created. */
export const certificatesFeature: Feature = {
  name: 'certificates',
  api: certificateRoutes,
  schemas: [CertificateSchema],
  pages: async (app, options) => {
    await app.register(certificatePages, options);
    await app.register(certificateSharePages, options);
  },
  dashboard: certificateDashboard,
  dashboardMenu: [{ path: '/dashboard/certificates', label: { en: 'Certificates', nl: 'Certificaten' }, access: 'member' }],
  jobs: [issueCertificate, refreshCompanyCertificates, sendCertificateEmail],
  housekeeping: [refreshCompanyCertificates],
  events: [certificateEvents],
};
