import type { Selectable } from 'kysely';
import type { AllocationsTable, AllocationStatus, Db } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { type AllocationFacts, applyAllocationChange } from './counters.ts';

export type AllocationRow = Selectable<AllocationsTable>;

export interface NewAllocation {
  companyId: string;
  livemode: boolean;
  plantingId: string;
  trees: number;
  status?: AllocationStatus;
  source?: 'foundation' | 'legacy';
  foundationRef?: string | null;
  legacyTreeIds?: string[];
  legacyOrderId?: string | null;
  allocatedAt?: Date;
  createdAt?: Date;
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
  if (!Number.isInteger(input.trees) || input.trees <= 0) throw new Error('An allocation needs a positive whole number of trees.');
  const planting = await db.selectFrom('plantings').select(['id', 'project_id', 'planted_at']).where('id', '=', input.plantingId).executeTakeFirst();
  if (!planting) throw new Error(`No planting ${input.plantingId}.`);
  const now = input.createdAt ?? new Date();
  const row = await db
    .insertInto('allocations')
    .values({
      id: newId('allocation'),
      company_id: input.companyId,
      livemode: input.livemode,
      planting_id: planting.id,
      project_id: planting.project_id,
      trees: input.trees,
      status: input.status ?? 'pledged',
      source: input.source ?? 'foundation',
      recipient_id: null,
      gift_code_id: null,
      certificate_id: null,
      foundation_ref: input.foundationRef ?? null,
      legacy_tree_ids: input.legacyTreeIds ?? [],
      legacy_order_id: input.legacyOrderId ?? null,
      allocated_at: input.allocatedAt ?? now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await applyAllocationChange(db, null, allocationFacts(row));
  return row;
}
