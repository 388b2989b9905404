import type { Feature } from '../../platform/feature.ts';
import { impactDashboard } from './dashboard.ts';
import { impactEmbedPages } from './embed-pages.ts';
import { impactPages } from './pages.ts';

/**
 * The public impact page of every company: the page, its JSON, and (embed-pages.ts) its badge,
 * widget and share image; and the dashboard's home (dashboard.ts): the company's trees with
 * their proof, and its public profile.
 */
export const impactFeature: Feature = {
  name: 'impact',
  pages: async (app, options) => {
    await app.register(impactPages, options);
    await app.register(impactEmbedPages, options);
  },
  dashboard: impactDashboard,
  dashboardMenu: [
    { path: '/dashboard', label: { en: 'Overview', nl: 'Overzicht' }, access: 'member' },
    { path: '/dashboard/profile', label: { en: 'Public profile', nl: 'Openbaar profiel' }, access: 'member' },
  ],
};
