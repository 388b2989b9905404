import type { Insertable, Selectable } from 'kysely';
import type { AllocationsTable, AllocationStatus, Db } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { type AllocationFacts, applyAllocationChange, type CountUnassigned, countUnassignedNow } from './counters.ts';

export type AllocationRow = Selectable<AllocationsTable>;

export interface NewAllocation {
  companyId: string;
  livemode: boolean;
  /** The planting the trees are of; the allocation's project is the planting's. */
  planting: { id: string; project_id: string };
  trees: number;
  status?: AllocationStatus;
  source?: 'foundation' | 'legacy';
  foundationRef?: string | null;
  legacyTreeIds?: string[];
  legacyOrderId?: string | null;
  allocatedAt?: Date;
  createdAt?: Date;
  recipientId?: string | null;
  giftCodeId?: string | null;
  /** For a part carved out of another allocation: the allocation the foundation recorded. */
  splitFromId?: string | null;
}

export function allocationFacts(row: Pick<AllocationRow,
  'company_id' | 'livemode' | 'project_id' | 'planting_id' | 'status' | 'trees' | 'recipient_id' | 'gift_code_id' | 'allocated_at'>): AllocationFacts {
  return {
    companyId: row.company_id,
    livemode: row.livemode,
    projectId: row.project_id,
    plantingId: row.planting_id,
    status: row.status,
    trees: row.trees,
    assigned: row.recipient_id !== null || row.gift_code_id !== null,
    allocatedAt: row.allocated_at,
  };
}

/**
 * Records trees of a planting for a company, with the counters, in the caller's
 * transaction. The project is the planting's. Whether the status is right for the
 * planting's dossier is the caller's business (the foundation lifecycle decides it).
 */
export async function insertAllocation(db: Db, input: NewAllocation): Promise<AllocationRow> {
  const row = await db.insertInto('allocations').values(newAllocationRow(input)).returningAll().executeTakeFirstOrThrow();
  await applyAllocationChange(db, null, allocationFacts(row));
  return row;
}

function newAllocationRow(input: NewAllocation): Insertable<AllocationsTable> {
  if (!Number.isInteger(input.trees) || input.trees <= 0) throw new Error('An allocation needs a positive whole number of trees.');
  const { planting } = input;
  const now = input.createdAt ?? new Date();
  return {
    id: newId('allocation'),
    company_id: input.companyId,
    livemode: input.livemode,
    planting_id: planting.id,
    project_id: planting.project_id,
    trees: input.trees,
    status: input.status ?? 'pledged',
    source: input.source ?? 'foundation',
    recipient_id: input.recipientId ?? null,
    gift_code_id: input.giftCodeId ?? null,
    split_from_id: input.splitFromId ?? null,
    certificate_id: null,
    foundation_ref: input.foundationRef ?? null,
    legacy_tree_ids: input.legacyTreeIds ?? [],
    legacy_order_id: input.legacyOrderId ?? null,
    allocated_at: input.allocatedAt ?? now,
    created_at: now,
    updated_at: now,
  };
}

export interface SplitAllocationInput {
  allocationId: string;
  /** The allocation's row, when the caller has locked it in this transaction already: not read again. */
  locked?: AllocationRow;
  trees: number;
  recipientId?: string | null;
  giftCodeId?: string | null;
  now?: Date;
  /** Where the change to the company's unassigned trees goes; at once when left out. */
  countUnassigned?: CountUnassigned;
}

/**
 * Assigns trees of an unassigned allocation to a recipient or gift code. All of them:
 * the allocation itself gets the owner. Part of them: that part becomes an allocation
 * of its own, linked to the allocation the foundation recorded (split_from_id), so a
 * refund of the donation still finds it. Legacy tree ids travel with their trees when
 * there is one id per tree. Trees per planting, project and status stay as they were, so
 * the only counter that moves is the company's unassigned trees, reported to
 * `countUnassigned` (the membership rows many requests share are not touched).
 */
export async function splitAllocation(db: Db, input: SplitAllocationInput): Promise<{ remainder: AllocationRow | null; part: AllocationRow }> {
  if ((input.recipientId ? 1 : 0) + (input.giftCodeId ? 1 : 0) !== 1) throw new Error('Assign to exactly one recipient or gift code.');
  const source = input.locked ?? (await db.selectFrom('allocations').selectAll().where('id', '=', input.allocationId).forUpdate().executeTakeFirst());
  if (!source) throw new Error(`No allocation ${input.allocationId}.`);
  if (source.recipient_id !== null || source.gift_code_id !== null) throw new Error(`Allocation ${source.id} is already assigned.`);
  if (!Number.isInteger(input.trees) || input.trees <= 0 || input.trees > source.trees) {
    throw new Error(`Allocation ${source.id} has ${source.trees} trees; cannot assign ${input.trees}.`);
  }
  const now = input.now ?? new Date();
  const owner = { recipient_id: input.recipientId ?? null, gift_code_id: input.giftCodeId ?? null };
  const countUnassigned = input.countUnassigned ?? countUnassignedNow(db);
  await countUnassigned(source.company_id, source.livemode, -input.trees);

  if (input.trees === source.trees) {
    const part = await db.updateTable('allocations').set({ ...owner, updated_at: now }).where('id', '=', source.id).returningAll().executeTakeFirstOrThrow();
    return { remainder: null, part };
  }

  const oneIdPerTree = source.legacy_tree_ids.length === source.trees;
  const shrunk = { trees: source.trees - input.trees, legacy_tree_ids: oneIdPerTree ? source.legacy_tree_ids.slice(0, source.trees - input.trees) : source.legacy_tree_ids, updated_at: now };
  const partRow = newAllocationRow({
    companyId: source.company_id,
    livemode: source.livemode,
    planting: { id: source.planting_id, project_id: source.project_id },
    trees: input.trees,
    status: source.status,
    source: source.source,
    legacyTreeIds: oneIdPerTree ? source.legacy_tree_ids.slice(source.trees - input.trees) : [],
    legacyOrderId: source.legacy_order_id,
    allocatedAt: source.allocated_at,
    createdAt: now,
    recipientId: input.recipientId,
    giftCodeId: input.giftCodeId,
    splitFromId: source.split_from_id ?? source.id,
  });
  // One statement shrinks the allocation and inserts the part (uncounted: a part brings no
  // new trees). The remainder is the locked row with what the update set (nothing else
  // changes it), so it is not read back.
  const part = await db
    .with('shrunk', (w) => w.updateTable('allocations').set(shrunk).where('id', '=', source.id))
    .insertInto('allocations')
    .values(partRow)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { remainder: { ...source, ...shrunk }, part };
}
