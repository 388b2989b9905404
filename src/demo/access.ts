import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createFoundationKey } from '../operator/foundation-keys.ts';
import { createToken } from '../operator/tokens.ts';
import { mintLink } from '../modules/accounts/links.ts';
import { claimUrl } from '../modules/gift-codes/present.ts';
import { DEMO_COMPANY } from './data.ts';

export interface DemoAccess {
  company_id: string;
  admin_email: string;
  /** Whether the demo data was created now (false: it was already there). */
  seeded: boolean;
  tokens: { live: string; test: string; v1: string };
  /** A fresh key for the foundation API, so the demo can play the foundation too. */
  foundation_key: string;
  /** The claim page of one of the demo company's open live gift codes, if it still has one. */
  gift_claim_url: string | null;
  /**
   * A one-time link into the dashboard as the demo admin: an invitation (choose a password)
   * while they have none, else a sign-in link. Shown only this once.
   */
  dashboard: { url: string; kind: 'invite' | 'sign_in'; expires_at: string };
}

/**
 * Seeds the demo company if it is missing and creates a fresh live and test token with
 * every scope, a v1 token for the legacy API, and a fresh foundation key: all are stored as hashes, so earlier ones
 * cannot be shown again.
 */
export async function seedDemoWithTokens(db: Kysely<DB>, publicBaseUrl: string): Promise<DemoAccess> {
  // Loaded on use: the demo data is large and most commands never need it.
  const { seedDemo } = await import('./seed.ts');
  const demo = await seedDemo(db, publicBaseUrl);
  const token = async (livemode: boolean) =>
    (
      await createToken(db, {
        companyId: demo.companyId,
        ownerEmail: demo.adminEmail,
        scopes: 'all',
        livemode,
        name: `Demo ${livemode ? 'live' : 'test'} token`,
      })
    ).token;
  return {
    company_id: demo.companyId,
    admin_email: demo.adminEmail,
    seeded: demo.created,
    tokens: {
      live: await token(true),
      test: await token(false),
      v1: (await createToken(db, { companyId: demo.companyId, ownerEmail: demo.adminEmail, apiVersion: 'v1', livemode: true, scopes: [], name: 'Demo v1 token' })).token,
    },
    foundation_key: (await createFoundationKey(db, 'Demo foundation key')).key,
    gift_claim_url: await openGiftClaimUrl(db, demo.companyId, publicBaseUrl),
    dashboard: await dashboardLink(db, demo.companyId, demo.adminEmail, publicBaseUrl),
  };
}

/** The demo admin's way into the dashboard: an invitation until they chose a password, then a sign-in link. */
async function dashboardLink(db: Kysely<DB>, companyId: string, adminEmail: string, publicBaseUrl: string): Promise<DemoAccess['dashboard']> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', adminEmail.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const kind = admin.password_hash ? 'sign_in' : 'invite';
  const link = await mintLink(db, admin.id, kind, publicBaseUrl);
  return { url: link.url, kind, expires_at: link.expiresAt.toISOString() };
}

/** The newest open live gift code of the demo company, as its claim page. */
async function openGiftClaimUrl(db: Kysely<DB>, companyId: string, publicBaseUrl: string): Promise<string | null> {
  const open = await db
    .selectFrom('gift_codes')
    .select('code')
    .where('company_id', '=', companyId)
    .where('livemode', '=', true)
    .where('status', '=', 'open')
    .where('valid_until', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return open ? claimUrl(publicBaseUrl, open.code) : null;
}

/** The lines `serve --seed-demo` and `canopy demo` print for a person to get going. */
export function describeDemoAccess(demo: DemoAccess, baseUrl: string): string {
  return [
    `Demo company ${demo.company_id} (admin ${demo.admin_email})${demo.seeded ? ', seeded just now' : ''}.`,
    demo.dashboard.kind === 'invite'
      ? `Dashboard, as the admin (choose a password; the link works once, for 7 days): ${demo.dashboard.url}`
      : `Dashboard, as the admin (the link signs in once, within 15 minutes): ${demo.dashboard.url}`,
    `Live token: ${demo.tokens.live}`,
    `Test token: ${demo.tokens.test}`,
    'Both have every scope and are shown only this once.',
    `Legacy v1 token (for ${baseUrl}/v1, see docs/legacy-v1.md): ${demo.tokens.v1}`,
    `Foundation key (for ${baseUrl}/foundation/v1, see docs/foundation.md): ${demo.foundation_key}`,
    `The company's public impact page: ${baseUrl}/impact/${DEMO_COMPANY.slug}`,
    ...(demo.gift_claim_url ? [`An open gift code to claim in a browser: ${demo.gift_claim_url}`] : []),
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${demo.tokens.test}" ${baseUrl}/v2/company`,
    `  curl -H "Authorization: Bearer ${demo.tokens.v1}" "${baseUrl}/v1/get-trees?page=2"`,
    `  API reference: ${baseUrl}/docs`,
  ].join('\n');
}
