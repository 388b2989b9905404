import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inUnitOfWork, type UnitOfWork } from '../platform/events/unit-of-work.ts';
import { applyOperation } from '../foundation/apply.ts';
import { createCompany } from '../operator/companies.ts';
import { issuePersonalCertificate } from '../modules/certificates/service.ts';
import { expireGiftCode } from '../modules/gift-codes/expiry.ts';
import { addGiftCode, claimLockedGiftCode, revokeLockedGiftCode } from '../modules/gift-codes/service.ts';
import { addRecipient } from '../modules/recipients/service.ts';
import { createUser } from '../operator/users.ts';
import { DEMO_API_RECIPIENTS, DEMO_COMPANY, DEMO_GIFT_CODES } from './data.ts';
import { buildDemoTimeline, demoMoment } from './timeline.ts';
import { makeDemoPhotos, storeDemoPhotos } from './photos.ts';

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

  // Drawn on sharp's threads while the history is written; stored with it (photos.ts).
  const photos = makeDemoPhotos();
  return inUnitOfWork(db, { publicBaseUrl, foundationLock: true }, async (uow) => {
    const company = await createCompany(uow.db, {
      name: DEMO_COMPANY.name,
      slug: DEMO_COMPANY.slug,
      plan: 'automate',
      country: DEMO_COMPANY.country,
      websiteUrl: DEMO_COMPANY.websiteUrl,
      contactEmail: DEMO_COMPANY.contactEmail,
      privacyUrl: DEMO_COMPANY.privacyUrl,
      aboutEn: DEMO_COMPANY.aboutEn,
      aboutNl: DEMO_COMPANY.aboutNl,
    });
    await createUser(uow.db, { companyId: company.id, email: DEMO_COMPANY.adminEmail, name: DEMO_COMPANY.adminName, role: 'admin' });
    const today = new Date();
    for (const step of buildDemoTimeline(company.id, today)) {
      // The same path as the foundation API, so the demo company's event log is real.
      await applyOperation(uow.at(step.at), step.operation);
    }
    await addApiRecipients(uow, company.id, today);
    await addGiftCodes(uow, company.id, today);
    await storeDemoPhotos(uow.db, photos);
    return { companyId: company.id, adminEmail: DEMO_COMPANY.adminEmail, created: true };
  });
}

/**
 * The shop's customers of the last month, given trees the way POST /v2/recipients gives
 * them (addRecipient), each with its certificate issued a minute later, as the worker
 * would have done then.
 */
async function addApiRecipients(uow: UnitOfWork, companyId: string, today: Date): Promise<void> {
  for (const person of DEMO_API_RECIPIENTS) {
    const project = person.project
      ? await uow.db.selectFrom('projects').select('id').where('foundation_ref', '=', `demo-project-${person.project}`).executeTakeFirstOrThrow()
      : null;
    const { id } = await addRecipient({ companyId, livemode: person.livemode }, uow.at(demoMoment(today, person.daysAgo, 50)), {
      trees: person.trees,
      projectId: project?.id ?? null,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      language: person.language,
      externalReference: person.externalReference,
      message: person.message,
      source: 'api',
    });
    await issuePersonalCertificate(uow.at(demoMoment(today, person.daysAgo, 51)), id);
  }
}

const DAY_MS = 86_400_000;

/**
 * The gift codes, made as POST /v2/gift-codes makes them and then claimed on the page,
 * revoked or expired by the worker, each at its moment. The claimed code's certificate
 * email went out then, so it is not sent again at start.
 */
async function addGiftCodes(uow: UnitOfWork, companyId: string, today: Date): Promise<void> {
  for (const gift of DEMO_GIFT_CODES) {
    const createdAt = demoMoment(today, gift.daysAgo, 55);
    const validUntil = new Date(createdAt.getTime() + gift.validDays * DAY_MS);
    const id = await addGiftCode({ companyId, livemode: gift.livemode }, uow.at(createdAt), {
      trees: gift.trees,
      projectId: null,
      validUntil,
      sentToName: gift.sentTo.name,
      sentToEmail: gift.sentTo.email,
      externalReference: gift.externalReference,
    });
    const then = gift.afterwards;
    if (!then) continue;
    const locked = () => uow.db.selectFrom('gift_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (then.action === 'claim') {
      const at = demoMoment(today, then.daysAgo, 12);
      const { recipientId } = await claimLockedGiftCode(uow.at(at), await locked(), {
        firstName: then.firstName, lastName: then.lastName, email: then.email, language: then.language,
      });
      await uow.db.updateTable('recipients').set({ email_sent_at: new Date(at.getTime() + 60_000) }).where('id', '=', recipientId).execute();
    } else if (then.action === 'revoke') {
      await revokeLockedGiftCode(uow.at(demoMoment(today, then.daysAgo, 30)), await locked());
    } else {
      await expireGiftCode(uow.at(new Date(validUntil.getTime() + 30_000)), id);
    }
  }
}
