import type { Feature } from '../../platform/feature.ts';
import { tokenPages } from './pages.ts';

/** API tokens of a company: created, rolled, revoked and listed by its admins (Settings > API tokens). */
export const tokensFeature: Feature = {
  name: 'tokens',
  dashboard: tokenPages,
  dashboardMenu: [{ path: '/dashboard/tokens', label: { en: 'API tokens', nl: 'API-tokens' }, access: 'admin' }],
};
