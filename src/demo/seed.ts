import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inUnitOfWork } from '../events/unit-of-work.ts';
import { applyOperation } from '../foundation/apply.ts';
import { createCompany } from '../operator/companies.ts';
import { createUser } from '../operator/users.ts';
import { DEMO_COMPANY } from './data.ts';
import { buildDemoTimeline } from './timeline.ts';

/**
 * Seeds the demo company, Fairbrook Coffee Roasters, with two years of history, unless
 * it is already there. Everything the foundation would send goes through the
 * foundation operations, in the order it happened, so counters, statuses and
 * timestamps come out exactly as real traffic would leave them, events included
 * (dated when they happened, so only the last 30 days show in GET /v2/events). One transaction: a
 * failure leaves nothing behind.
 */
export async function seedDemo(
  db: Kysely<DB>,
  publicBaseUrl: string,
): Promise<{ companyId: string; adminEmail: string; created: boolean }> {
  const existing = await db.selectFrom('companies').select('id').where('slug', '=', DEMO_COMPANY.slug).executeTakeFirst();
  if (existing) return { companyId: existing.id, adminEmail: DEMO_COMPANY.adminEmail, created: false };

  return inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
    const company = await createCompany(uow.db, {
      name: DEMO_COMPANY.name,
      slug: DEMO_COMPANY.slug,
      plan: 'automate',
      country: DEMO_COMPANY.country,
      websiteUrl: DEMO_COMPANY.websiteUrl,
    });
    await createUser(uow.db, { companyId: company.id, email: DEMO_COMPANY.adminEmail, name: DEMO_COMPANY.adminName, role: 'admin' });
    for (const step of buildDemoTimeline(company.id, new Date())) {
      // The same path as the foundation API, so the demo company's event log is real.
      await applyOperation(uow.at(step.at), step.operation);
    }
    return { companyId: company.id, adminEmail: DEMO_COMPANY.adminEmail, created: true };
  });
}
