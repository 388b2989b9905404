import type { Feature } from '../../platform/feature.ts';
import { purgeOldSignInLinks, sendAccountEmail } from './jobs.ts';
import { accountPages } from './pages.ts';

/**
 * The people of a company in the dashboard: signing in (a password, or a one-time link by
 * email), choosing and resetting a password, their account and sessions, the team
 * (inviting, roles, removing) and the audit log.
 */
export const accountsFeature: Feature = {
  name: 'accounts',
  dashboard: accountPages,
  dashboardMenu: [
    { path: '/dashboard/team', label: { en: 'Team', nl: 'Team' }, access: 'admin' },
    { path: '/dashboard/audit-log', label: { en: 'Audit log', nl: 'Auditlog' }, access: 'admin' },
  ],
  jobs: [sendAccountEmail, purgeOldSignInLinks],
  housekeeping: [purgeOldSignInLinks],
};
