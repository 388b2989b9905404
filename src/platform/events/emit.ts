import { type ReadContext, systemReadContext } from '../../core/context.ts';
import type { Db } from '../../db/schema.ts';
import type { AffectedCompany, DomainChange } from '../../domain/changes.ts';
import { presentAllocations } from '../../modules/allocations/present.ts';
import { loadCertificates } from '../../modules/certificates/present.ts';
import { findAllocationsByIds } from '../../modules/allocations/queries.ts';
import { presentPlantings } from '../../modules/plantings/present.ts';
import { findPlantingsByIds } from '../../modules/plantings/queries.ts';
import { presentVerification } from '../../modules/proof/present.ts';
import { loadRecipients } from '../../modules/recipients/present.ts';
import type { NewEvent } from './record.ts';

/**
 * Turns what a domain operation did into events, one per company and mode, rendered and
 * not yet written (the unit of work writes them, events/record.ts). `data.object` is
 * rendered by the same presenter as the GET endpoint, in English, as the object stands
 * when the operation ends: an allocation that went from pledged to monitored in one
 * operation reports `monitored` in both its allocation.planted and allocation.monitored
 * events.
 */
export async function presentEvents(
  db: Db,
  changes: readonly DomainChange[],
  publicBaseUrl: string,
  at?: Date,
  /** Objects the work already has whole as they stand now (UnitOfWork.knowFinal): not read again. */
  known: ReadonlyMap<string, unknown> = new Map(),
): Promise<NewEvent[]> {
  const contexts = new Map<string, ReadContext>();
  const contextFor = (companyId: string, livemode: boolean) => {
    const key = `${companyId}:${livemode}`;
    let ctx = contexts.get(key);
    if (!ctx) {
      ctx = systemReadContext(db, companyId, livemode, publicBaseUrl);
      contexts.set(key, ctx);
    }
    return ctx;
  };

  const allocations = await presentAllocationsOf(changes, contextFor, known);
  const events: NewEvent[] = [];
  for (const change of changes) {
    switch (change.kind) {
      case 'allocation.created':
      case 'allocation.planted':
      case 'allocation.monitored':
      case 'allocation.updated': {
        const object = allocations.get(change.allocation_id) ?? known.get(change.allocation_id);
        if (!object) throw new Error(`Allocation ${change.allocation_id} vanished before its event was written.`);
        const previous = change.kind === 'allocation.updated' ? change.previous : undefined;
        events.push({ companyId: change.company_id, livemode: change.livemode, type: change.kind, object, previous, createdAt: at });
        break;
      }
      case 'planting.updated':
        for (const { company, object } of await plantingForEachCompany(db, change.planting_id, change.companies, contextFor)) {
          events.push({ companyId: company.company_id, livemode: company.livemode, type: 'planting.updated', object, createdAt: at });
        }
        break;
      case 'verification.published': {
        const row = await db.selectFrom('verifications').selectAll().where('id', '=', change.verification_id).executeTakeFirstOrThrow();
        for (const company of change.companies) {
          // In the mode of the company's event, as that company's reader sees it: a live statement is in test events too.
          const object = presentVerification(row, contextFor(company.company_id, company.livemode));
          events.push({ companyId: company.company_id, livemode: company.livemode, type: 'verification.published', object, createdAt: at });
        }
        break;
      }
      case 'certificate.created': {
        const ctx = contextFor(change.company_id, change.livemode);
        const object = (await loadCertificates(ctx, [change.certificate_id])).get(change.certificate_id);
        if (!object) throw new Error(`Certificate ${change.certificate_id} vanished before its event was written.`);
        events.push({ companyId: change.company_id, livemode: change.livemode, type: 'certificate.created', object, createdAt: at });
        break;
      }
      case 'recipient.created':
      case 'recipient.claimed': {
        const object = known.get(change.recipient_id) ?? (await loadRecipients(contextFor(change.company_id, change.livemode), [change.recipient_id])).get(change.recipient_id);
        if (!object) throw new Error(`Recipient ${change.recipient_id} vanished before its event was written.`);
        events.push({ companyId: change.company_id, livemode: change.livemode, type: change.kind, object, createdAt: at });
        break;
      }
    }
  }
  return events;
}

/** Every allocation the changes name and the work did not already have whole (known), presented once, in one query per company and mode. */
async function presentAllocationsOf(
  changes: readonly DomainChange[],
  contextFor: (companyId: string, livemode: boolean) => ReadContext,
  known: ReadonlyMap<string, unknown>,
) {
  const idsByContext = new Map<ReadContext, Set<string>>();
  for (const change of changes) {
    if (!('allocation_id' in change) || known.has(change.allocation_id)) continue;
    const ctx = contextFor(change.company_id, change.livemode);
    const ids = idsByContext.get(ctx) ?? new Set<string>();
    ids.add(change.allocation_id);
    idsByContext.set(ctx, ids);
  }
  const presented = new Map<string, Awaited<ReturnType<typeof presentAllocations>>[number]>();
  for (const [ctx, ids] of idsByContext) {
    for (const object of await presentAllocations(ctx, await findAllocationsByIds(ctx, [...ids]))) presented.set(object.id, object);
  }
  return presented;
}

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
