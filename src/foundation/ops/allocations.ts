import { CanopyError, errors } from '../../core/errors.ts';
import type { Db } from '../../db/schema.ts';
import { allocationFacts, insertAllocation, type AllocationRow } from '../../domain/allocations.ts';
import type { DomainChange } from '../../domain/changes.ts';
import { recordLegacyTrees } from '../../domain/legacy-trees.ts';
import { applyAllocationChange } from '../../domain/counters.ts';
import { lockPlanting, type PlantingRow, statusForPlanting } from '../../domain/lifecycle.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { changed, type OperationResult, unchanged } from '../results.ts';
import type { ChangeAllocationTreesInput, RecordAllocationInput } from '../schemas.ts';

/**
 * Donations: trees of a planting pledged to a company. The planting is locked first in
 * every operation, as the lifecycle does, so a donation and a completion of the same
 * planting never interleave.
 */

/**
 * Records a donation. It starts in the status its planting has reached, so a donation
 * to a planting that is already done and measured starts `monitored`. Sending a known
 * ref again is a replay and changes nothing, even with another tree count: that
 * changes only through changeAllocationTrees, so replaying an import never undoes a
 * refund.
 */
export async function recordAllocation(uow: UnitOfWork, sent: RecordAllocationInput): Promise<OperationResult> {
  const { db, now } = uow;
  const company = await db.selectFrom('companies').select('id').where('id', '=', sent.company_id).executeTakeFirst();
  if (!company) throw errors.referenceNotFound('company_id', 'company', sent.company_id);
  const planting = await lockPlanting(db, { ref: sent.planting_ref });
  if (!planting) throw errors.referenceNotFound('planting_ref', 'planting', sent.planting_ref);

  const existing = await db.selectFrom('allocations').selectAll().where('foundation_ref', '=', sent.ref).forUpdate().executeTakeFirst();
  if (existing) {
    ensureSameDonation(existing, sent, planting);
    return unchanged(existing.id);
  }
  if (sent.livemode !== planting.livemode) {
    throw new CanopyError(
      'planting_mode_mismatch',
      `Planting "${sent.planting_ref}" is a ${planting.livemode ? 'live' : 'test'} planting; a ${sent.livemode ? 'live' : 'test'} allocation cannot use it.`,
      ['livemode'],
    );
  }
  ensureCapacity(planting, sent.trees);

  const row = await insertAllocation(db, {
    companyId: company.id,
    livemode: sent.livemode,
    planting,
    trees: sent.trees,
    status: await statusForPlanting(db, planting),
    source: sent.source ?? 'foundation',
    foundationRef: sent.ref,
    legacyTreeIds: sent.legacy_tree_ids ?? [],
    legacyOrderId: sent.legacy_order_id ?? null,
    allocatedAt: sent.allocated_at ? new Date(sent.allocated_at) : now,
    createdAt: now,
  });
  if (row.source === 'legacy') {
    await recordLegacyTrees(db, { companyId: row.company_id, livemode: row.livemode, plantingId: row.planting_id, treeIds: row.legacy_tree_ids });
  }
  uow.record({ kind: 'allocation.created', ...allocationRef(row) });
  return changed(row.id);
}

/** A replay must describe the same donation; what identifies it cannot change. */
function ensureSameDonation(existing: AllocationRow, sent: RecordAllocationInput, planting: PlantingRow): void {
  const differences: [string, boolean][] = [
    ['company_id', existing.company_id !== sent.company_id],
    ['livemode', existing.livemode !== sent.livemode],
    ['planting_ref', existing.planting_id !== planting.id],
    ['source', existing.source !== (sent.source ?? 'foundation')],
    ['allocated_at', sent.allocated_at !== undefined && existing.allocated_at.getTime() !== new Date(sent.allocated_at).getTime()],
    ['legacy_order_id', sent.legacy_order_id !== undefined && existing.legacy_order_id !== sent.legacy_order_id],
  ];
  const field = differences.find(([, differs]) => differs)?.[0];
  if (field) {
    throw new CanopyError('reference_conflict', `Allocation "${sent.ref}" was recorded with another ${field}; a donation's ${field} cannot change.`, [field]);
  }
}

/**
 * Sets the number of trees of a donation: the allocation the foundation recorded plus
 * the parts of it assigned to recipients or gift codes. A refund takes unassigned trees
 * only, the recorded allocation's first; when the unassigned trees are too few it is
 * refused as a whole. Added trees are unassigned. Status never changes.
 */
export async function changeAllocationTrees(uow: UnitOfWork, sent: ChangeAllocationTreesInput): Promise<OperationResult> {
  const { db, now } = uow;
  const recorded = await db.selectFrom('allocations').select(['id', 'planting_id']).where('foundation_ref', '=', sent.ref).executeTakeFirst();
  if (!recorded) throw errors.referenceNotFound('ref', 'allocation', sent.ref);
  const planting = await lockPlanting(db, { id: recorded.planting_id });
  if (!planting) throw errors.referenceNotFound('ref', 'planting of allocation', sent.ref);

  const parts = await db
    .selectFrom('allocations')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', recorded.id), eb('split_from_id', '=', recorded.id)]))
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  const total = parts.reduce((sum, part) => sum + part.trees, 0);
  if (sent.trees === total) return unchanged(recorded.id);

  // The recorded allocation first, then its other unassigned parts, newest first.
  const unassigned = parts
    .filter((part) => part.recipient_id === null && part.gift_code_id === null)
    .sort((a, b) => (a.id === recorded.id ? -1 : b.id === recorded.id ? 1 : b.created_at.getTime() - a.created_at.getTime()));

  if (sent.trees > total) {
    const recordedRow = parts.find((part) => part.id === recorded.id)!;
    uow.record(...(await addTrees(db, planting, recordedRow, unassigned, sent.trees - total, now)));
  } else {
    uow.record(...(await takeTrees(db, unassigned, total - sent.trees, total, now)));
  }
  return changed(recorded.id);
}

async function takeTrees(db: Db, unassigned: AllocationRow[], refund: number, total: number, now: Date): Promise<DomainChange[]> {
  const available = unassigned.reduce((sum, part) => sum + part.trees, 0);
  if (available < refund) {
    throw new CanopyError(
      'refund_exceeds_unassigned_trees',
      `Only ${available} of the donation's ${total} trees are unassigned; the other ${total - available} belong to recipients or gift codes, so at most ${available} can be refunded.`,
      ['trees'],
    );
  }
  const changes: DomainChange[] = [];
  let left = refund;
  for (const part of unassigned) {
    if (left === 0) break;
    const taken = Math.min(left, part.trees);
    if (taken === 0) continue;
    left -= taken;
    changes.push(await setTrees(db, part, part.trees - taken, now));
  }
  return changes;
}

async function addTrees(db: Db, planting: PlantingRow, recorded: AllocationRow, unassigned: AllocationRow[], extra: number, now: Date): Promise<DomainChange[]> {
  ensureCapacity(planting, extra);
  const target = unassigned[0];
  if (target) return [await setTrees(db, target, target.trees + extra, now)];

  // Every part is assigned: the added trees become an unassigned part of their own.
  const row = await insertAllocation(db, {
    companyId: recorded.company_id,
    livemode: recorded.livemode,
    planting: { id: recorded.planting_id, project_id: recorded.project_id },
    trees: extra,
    status: recorded.status,
    source: recorded.source,
    legacyOrderId: recorded.legacy_order_id,
    allocatedAt: recorded.allocated_at,
    createdAt: now,
    splitFromId: recorded.id,
  });
  return [{ kind: 'allocation.created', ...allocationRef(row) }];
}

async function setTrees(db: Db, part: AllocationRow, trees: number, now: Date): Promise<DomainChange> {
  const updated = await db.updateTable('allocations').set({ trees, updated_at: now }).where('id', '=', part.id).returningAll().executeTakeFirstOrThrow();
  await applyAllocationChange(db, allocationFacts(part), allocationFacts(updated));
  return { kind: 'allocation.updated', ...allocationRef(part), previous: { trees: part.trees } };
}

/** The planting is locked, so its allocated count is current for this transaction. */
function ensureCapacity(planting: PlantingRow, extra: number): void {
  const allocated = planting.trees_allocated;
  if (allocated + extra > planting.trees) {
    throw new CanopyError(
      'planting_over_allocated',
      `Planting "${planting.foundation_ref}" has ${planting.trees} trees and ${allocated} are allocated; ${extra} more do not fit.`,
      ['trees'],
    );
  }
}

function allocationRef(row: AllocationRow) {
  return { allocation_id: row.id, company_id: row.company_id, livemode: row.livemode };
}
