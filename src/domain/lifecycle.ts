import type { Selectable } from 'kysely';
import type { AllocationStatus, Db, PlantingsTable } from '../db/schema.ts';
import { allocationFacts } from './allocations.ts';
import type { AffectedCompany, DomainChange } from './changes.ts';
import { applyAllocationChange } from './counters.ts';

/**
 * The allocation lifecycle of spec section 3. An allocation's status follows from its
 * planting alone: `planted` once the foundation reported the planting done and the
 * dossier has a date, a polygon and species; `monitored` once, on top of that, a
 * measurement of the planting exists. Statuses only move forward, one step at a time,
 * so an allocation that skips ahead reports `planted` and then `monitored`.
 */

export type PlantingRow = Selectable<PlantingsTable>;

const ORDER: readonly AllocationStatus[] = ['pledged', 'planted', 'monitored'];

export function dossierComplete(planting: Pick<PlantingRow, 'planted_at' | 'geometry' | 'species'>): boolean {
  return planting.planted_at !== null && planting.geometry !== null && planting.species.length > 0;
}

/** Whether the planting's trees are planted: reported done with a complete dossier (its allocations are then planted or monitored). */
export function plantingDone(planting: Pick<PlantingRow, 'completed_at' | 'planted_at' | 'geometry' | 'species'>): boolean {
  return planting.completed_at !== null && dossierComplete(planting);
}

/** plantingDone as SQL, of the plantings row `p`, for reads that count planted trees by planting. */
export const PLANTING_DONE_SQL = 'p.completed_at IS NOT NULL AND p.planted_at IS NOT NULL AND p.geometry IS NOT NULL AND jsonb_array_length(p.species) > 0';

/** The status every allocation of this planting should have now. */
export async function statusForPlanting(db: Db, planting: PlantingRow): Promise<AllocationStatus> {
  if (!plantingDone(planting)) return 'pledged';
  const measured = await db.selectFrom('monitorings').select('id').where('planting_id', '=', planting.id).limit(1).executeTakeFirst();
  return measured ? 'monitored' : 'planted';
}

/** Locks the planting row: every lifecycle move and allocation change of a planting happens under this lock. */
export async function lockPlanting(db: Db, where: { id: string } | { ref: string }): Promise<PlantingRow | undefined> {
  let query = db.selectFrom('plantings').selectAll();
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('foundation_ref', '=', where.ref);
  return query.forUpdate().executeTakeFirst();
}

/**
 * Moves every allocation of the planting that lags behind the planting's state, with
 * the counters, in the caller's transaction. The planting must be locked.
 */
export async function advanceAllocations(db: Db, planting: PlantingRow, now: Date): Promise<DomainChange[]> {
  const target = await statusForPlanting(db, planting);
  const behind = ORDER.slice(0, ORDER.indexOf(target));
  if (behind.length === 0) return [];

  const lagging = await db
    .selectFrom('allocations')
    .selectAll()
    .where('planting_id', '=', planting.id)
    .where('status', 'in', behind)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();

  const changes: DomainChange[] = [];
  for (const row of lagging) {
    const moved = await db
      .updateTable('allocations')
      .set({ status: target, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyAllocationChange(db, allocationFacts(row), allocationFacts(moved));
    for (const step of ORDER.slice(ORDER.indexOf(row.status) + 1, ORDER.indexOf(target) + 1)) {
      changes.push({
        kind: step === 'planted' ? 'allocation.planted' : 'allocation.monitored',
        allocation_id: row.id,
        company_id: row.company_id,
        livemode: row.livemode,
      });
    }
  }
  return changes;
}

/** Companies, per mode, that hold trees in the planting. */
export async function companiesInPlanting(db: Db, plantingId: string): Promise<AffectedCompany[]> {
  return db
    .selectFrom('allocations')
    .select(['company_id', 'livemode'])
    .distinct()
    .where('planting_id', '=', plantingId)
    .where('trees', '>', 0)
    .orderBy('company_id')
    .orderBy('livemode')
    .execute();
}

/** Companies, per mode, that hold trees in the project (from the counters, not a scan of allocations). */
export async function companiesInProject(db: Db, projectId: string): Promise<AffectedCompany[]> {
  return db
    .selectFrom('company_projects')
    .select(['company_id', 'livemode'])
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb('trees_pledged', '+', eb('trees_planted', '+', eb.ref('trees_monitored'))), '>', 0))
    .orderBy('company_id')
    .orderBy('livemode')
    .execute();
}

/** Bumps the planting's updated_at because its dossier grew, and names the companies to tell. */
export async function plantingUpdated(db: Db, plantingId: string, now: Date): Promise<DomainChange> {
  await db.updateTable('plantings').set({ updated_at: now }).where('id', '=', plantingId).execute();
  return { kind: 'planting.updated', planting_id: plantingId, companies: await companiesInPlanting(db, plantingId) };
}
