import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createFoundationKey } from '../operator/foundation-keys.ts';
import { createToken } from '../operator/tokens.ts';

export interface DemoAccess {
  company_id: string;
  admin_email: string;
  /** Whether the demo data was created now (false: it was already there). */
  seeded: boolean;
  tokens: { live: string; test: string };
  /** A fresh key for the foundation API, so the demo can play the foundation too. */
  foundation_key: string;
}

/**
 * Seeds the demo company if it is missing and creates a fresh live and test token with
 * every scope, and a fresh foundation key: all are stored as hashes, so earlier ones
 * cannot be shown again.
 */
export async function seedDemoWithTokens(db: Kysely<DB>, publicBaseUrl: string): Promise<DemoAccess> {
  // Loaded on use: the demo data is large and most commands never need it.
  const { seedDemo } = await import('../demo/seed.ts');
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
    tokens: { live: await token(true), test: await token(false) },
    foundation_key: (await createFoundationKey(db, 'Demo foundation key')).key,
  };
}

/** The lines `serve --seed-demo` and `canopy demo` print for a person to get going. */
export function describeDemoAccess(demo: DemoAccess, baseUrl: string): string {
  return [
    `Demo company ${demo.company_id} (admin ${demo.admin_email})${demo.seeded ? ', seeded just now' : ''}.`,
    `Live token: ${demo.tokens.live}`,
    `Test token: ${demo.tokens.test}`,
    'Both have every scope and are shown only this once.',
    `Foundation key (for ${baseUrl}/foundation/v1, see docs/foundation.md): ${demo.foundation_key}`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${demo.tokens.test}" ${baseUrl}/v2/company`,
  ].join('\n');
}
