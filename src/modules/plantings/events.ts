import type { ReadContext } from '../../core/context.ts';
import type { Db } from '../../db/schema.ts';
import type { AffectedCompany } from '../../domain/changes.ts';
import { eventRenderer } from '../../platform/events/renderers.ts';
import { presentPlantings } from './present.ts';
import { findPlantingsByIds } from './queries.ts';

/** planting.updated: the planting, once to every company with trees in it, as that company would GET it. */
export const plantingEvents = eventRenderer({
  kinds: ['planting.updated'],
  async render(changes, { db, contextFor }) {
    const rendered = [];
    for (const change of changes) {
      const each = await plantingForEachCompany(db, change.planting_id, change.companies, contextFor);
      rendered.push(each.map(({ company, object }) => ({ companyId: company.company_id, livemode: company.livemode, type: 'planting.updated' as const, object })));
    }
    return rendered;
  },
});

/**
 * The planting as each company would GET it. A planting can hold the trees of many
 * companies, so in live mode it is presented once and only `trees_for_company` differs
 * per company (one query for all). In test mode proof depends on who asks (a test
 * helper's proof is its company's), so each company gets its own rendering.
 */
async function plantingForEachCompany(
  db: Db,
  plantingId: string,
  companies: readonly AffectedCompany[],
  contextFor: (companyId: string, livemode: boolean) => ReadContext,
) {
  const live = companies.filter((company) => company.livemode);
  const rendered: { company: AffectedCompany; object: unknown }[] = [];
  const [first] = live;
  if (first) {
    const ctx = contextFor(first.company_id, true);
    const [object] = await presentPlantings(ctx, await findPlantingsByIds(ctx, [plantingId]));
    if (!object) throw new Error(`Planting ${plantingId} is not visible to ${first.company_id}, which the change names.`);
    const trees = await db
      .selectFrom('company_plantings')
      .select(['company_id', 'trees'])
      .where('planting_id', '=', plantingId)
      .where('livemode', '=', true)
      .where('company_id', 'in', live.map((company) => company.company_id))
      .execute();
    const treesOf = new Map(trees.map((row) => [row.company_id, row.trees]));
    for (const company of live) rendered.push({ company, object: { ...object, trees_for_company: treesOf.get(company.company_id) ?? 0 } });
  }
  for (const company of companies.filter((c) => !c.livemode)) {
    const ctx = contextFor(company.company_id, false);
    const [object] = await presentPlantings(ctx, await findPlantingsByIds(ctx, [plantingId]));
    if (!object) throw new Error(`Planting ${plantingId} is not visible to ${company.company_id}, which the change names.`);
    rendered.push({ company, object });
  }
  // In the order the change names them, as before.
  return companies.map((company) => rendered.find((entry) => entry.company === company)!);
}
