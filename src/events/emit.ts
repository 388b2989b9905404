import type { Db } from '../db/schema.ts';
import type { DomainChange } from '../foundation/results.ts';
import { type ReadContext, systemReadContext } from '../http/auth.ts';
import { presentAllocations } from '../modules/allocations/present.ts';
import { findAllocationsByIds } from '../modules/allocations/queries.ts';
import { presentPlantings } from '../modules/plantings/present.ts';
import { findPlantingsByIds } from '../modules/plantings/queries.ts';
import { presentVerification } from '../modules/projects/present.ts';
import { loadRecipients } from '../modules/recipients/present.ts';
import { recordEvent } from './record.ts';

/**
 * Turns what a domain operation did into events, one per company and mode, in the
 * operation's transaction. `data.object` is rendered by the same presenter as the GET
 * endpoint, in English, as the object stands when the operation ends: an allocation
 * that went from pledged to monitored in one operation reports `monitored` in both its
 * allocation.planted and allocation.monitored events.
 */
export async function emitEvents(db: Db, changes: readonly DomainChange[], publicBaseUrl: string, at?: Date): Promise<string[]> {
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

  const allocations = await presentAllocationsOf(changes, contextFor);
  const eventIds: string[] = [];
  for (const change of changes) {
    switch (change.kind) {
      case 'allocation.created':
      case 'allocation.planted':
      case 'allocation.monitored':
      case 'allocation.updated': {
        const object = allocations.get(change.allocation_id);
        if (!object) throw new Error(`Allocation ${change.allocation_id} vanished before its event was written.`);
        const previous = change.kind === 'allocation.updated' ? change.previous : undefined;
        eventIds.push(await recordEvent(db, { companyId: change.company_id, livemode: change.livemode, type: change.kind, object, previous, createdAt: at }));
        break;
      }
      case 'planting.updated':
        for (const company of change.companies) {
          const ctx = contextFor(company.company_id, company.livemode);
          const [object] = await presentPlantings(ctx, await findPlantingsByIds(ctx, [change.planting_id]));
          if (!object) throw new Error(`Planting ${change.planting_id} is not visible to ${company.company_id}, which the change names.`);
          eventIds.push(await recordEvent(db, { companyId: company.company_id, livemode: company.livemode, type: 'planting.updated', object, createdAt: at }));
        }
        break;
      case 'verification.published': {
        const row = await db.selectFrom('verifications').selectAll().where('id', '=', change.verification_id).executeTakeFirstOrThrow();
        const object = presentVerification(row, 'en');
        for (const company of change.companies) {
          eventIds.push(await recordEvent(db, { companyId: company.company_id, livemode: company.livemode, type: 'verification.published', object, createdAt: at }));
        }
        break;
      }
      case 'recipient.created': {
        const ctx = contextFor(change.company_id, change.livemode);
        const object = (await loadRecipients(ctx, [change.recipient_id])).get(change.recipient_id);
        if (!object) throw new Error(`Recipient ${change.recipient_id} vanished before its event was written.`);
        eventIds.push(await recordEvent(db, { companyId: change.company_id, livemode: change.livemode, type: 'recipient.created', object, createdAt: at }));
        break;
      }
    }
  }
  return eventIds;
}

/** Every allocation the changes name, presented once, in one query per company and mode. */
async function presentAllocationsOf(changes: readonly DomainChange[], contextFor: (companyId: string, livemode: boolean) => ReadContext) {
  const idsByContext = new Map<ReadContext, Set<string>>();
  for (const change of changes) {
    if (!('allocation_id' in change)) continue;
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
