import { eventRenderer } from '../../platform/events/renderers.ts';
import { presentVerification } from './present.ts';

/**
 * verification.published: the statement, once to every company with trees in its project,
 * in the mode of that company's event, as that company's reader sees it: a live statement
 * is in test events too.
 */
export const verificationEvents = eventRenderer({
  kinds: ['verification.published'],
  async render(changes, { db, contextFor }) {
    const rendered = [];
    for (const change of changes) {
      const row = await db.selectFrom('verifications').selectAll().where('id', '=', change.verification_id).executeTakeFirstOrThrow();
      rendered.push(
        change.companies.map((company) => ({
          companyId: company.company_id,
          livemode: company.livemode,
          type: 'verification.published' as const,
          object: presentVerification(row, contextFor(company.company_id, company.livemode)),
        })),
      );
    }
    return rendered;
  },
});
