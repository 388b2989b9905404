import type { Insertable, Selectable } from 'kysely';
import type { AllocationsTable, AllocationStatus, Db } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import { type AllocationFacts, applyAllocationChange } from './counters.ts';

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
