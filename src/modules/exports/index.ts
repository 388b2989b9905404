import type { Feature } from '../../platform/feature.ts';
import { exportPages } from './pages.ts';
import { exportRoutes } from './routes.ts';

/** The audit export: the company's plantings as GeoJSON and CSV (API), and a zip of both with a README (dashboard). */
export const exportsFeature: Feature = {
  name: 'exports',
  api: exportRoutes,
  dashboard: exportPages,
  dashboardMenu: [{ path: '/dashboard/exports', label: { en: 'Reporting export', nl: 'Rapportage-export' }, access: 'member' }],
};
