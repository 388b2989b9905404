import type { ReadContext } from '../../core/context.ts';
import type { AssignedAllocation } from '../../domain/assignment.ts';
import { eventRenderer } from '../../platform/events/renderers.ts';
import { presentAllocations } from './present.ts';
import { findAllocationsByIds } from './queries.ts';

type AllocationObject = Awaited<ReturnType<typeof presentAllocations>>[number];

/**
 * allocation.created, .planted, .monitored and .updated: the allocation as GET shows it when
 * the work ends. One that went from pledged to monitored in one work reports `monitored` in
 * both its events. Allocations are presented once each, in one query per company and mode;
 * those the work already holds as they end (an assignment's rows, UnitOfWork.knowFinal)
 * are presented from those rows without reading them again.
 */
export const allocationEvents = eventRenderer({
  kinds: ['allocation.created', 'allocation.planted', 'allocation.monitored', 'allocation.updated'],
  async render(changes, { contextFor, known }) {
    const byContext = new Map<ReadContext, { known: AssignedAllocation[]; ids: Set<string> }>();
    for (const change of changes) {
      const ctx = contextFor(change.company_id, change.livemode);
      const wanted = byContext.get(ctx) ?? { known: [], ids: new Set<string>() };
      const row = known.get(change.allocation_id) as AssignedAllocation | undefined;
      if (row) {
        if (!wanted.known.includes(row)) wanted.known.push(row);
      } else wanted.ids.add(change.allocation_id);
      byContext.set(ctx, wanted);
    }
    const presented = new Map<string, AllocationObject>();
    for (const [ctx, { known: rows, ids }] of byContext) {
      const read = ids.size > 0 ? await findAllocationsByIds(ctx, [...ids]) : [];
      for (const object of await presentAllocations(ctx, [...rows, ...read])) presented.set(object.id, object);
    }
    return changes.map((change) => {
      const object = presented.get(change.allocation_id);
      if (!object) throw new Error(`Allocation ${change.allocation_id} vanished before its event was written.`);
      const previous = change.kind === 'allocation.updated' ? change.previous : undefined;
      return [{ companyId: change.company_id, livemode: change.livemode, type: change.kind, object, previous }];
    });
  },
});
