import type { Feature } from '../../platform/feature.ts';
import { giftCodeDashboard } from './dashboard-pages.ts';
import { giftCodeExpiry } from './jobs.ts';
import { giftPages } from './pages.ts';
import { giftCodeRoutes } from './routes.ts';
import { GiftCodeSchema } from './schemas.ts';

/** Gift codes: their API, the claim pages, the dashboard's codes, batches and printable cards, and the job that expires an unclaimed code. */
export const giftCodesFeature: Feature = {
  name: 'gift-codes',
  api: giftCodeRoutes,
  schemas: [GiftCodeSchema],
  pages: giftPages,
  dashboard: giftCodeDashboard,
  dashboardMenu: [{ path: '/dashboard/gift-codes', label: { en: 'Gift codes', nl: 'Cadeaucodes' }, access: 'member' }],
  jobs: [giftCodeExpiry],
};
