import { sql } from 'kysely';
import type { AllocationStatus, Db } from '../db/schema.ts';

/** What of an allocation the counters depend on. */
export interface AllocationFacts {
  companyId: string;
  livemode: boolean;
  projectId: string;
  plantingId: string;
  status: AllocationStatus;
  trees: number;
  /** Assigned to a recipient or reserved by a gift code. */
  assigned: boolean;
  allocatedAt: Date;
}

const STATUS_COLUMN = {
  pledged: 'trees_pledged',
  planted: 'trees_planted',
  monitored: 'trees_monitored',
} as const;

/**
 * Moves the counters from an allocation's state `before` to `after` (null for "did not
 * exist"), in the caller's transaction, so totals never drift from what the
 * allocations add up to. Keeps company_totals, and the company's membership rows in
 * company_projects and company_plantings that let GET /projects and GET /plantings
 * page without scanning allocations. A company stays a member of a project or planting
 * once it has had trees there, even if a refund takes them to zero.
 */
export async function applyAllocationChange(db: Db, before: AllocationFacts | null, after: AllocationFacts | null): Promise<void> {
  const facts = after ?? before;
  if (!facts) return;
  if (before && after && (before.companyId !== after.companyId || before.livemode !== after.livemode
    || before.projectId !== after.projectId || before.plantingId !== after.plantingId)) {
    throw new Error('An allocation cannot move between companies, modes, projects or plantings.');
  }

  const byStatus: Record<AllocationStatus, number> = { pledged: 0, planted: 0, monitored: 0 };
  if (before) byStatus[before.status] -= before.trees;
  if (after) byStatus[after.status] += after.trees;
  const unassigned = (after && !after.assigned ? after.trees : 0) - (before && !before.assigned ? before.trees : 0);
  const trees = (after?.trees ?? 0) - (before?.trees ?? 0);

  const { companyId, livemode } = facts;
  const newProject = await ensureProjectMembership(db, facts);
  const newPlanting = await ensurePlantingMembership(db, facts);

  await db
    .updateTable('company_projects')
    .set((eb) => ({
      trees_pledged: eb('trees_pledged', '+', byStatus.pledged),
      trees_planted: eb('trees_planted', '+', byStatus.planted),
      trees_monitored: eb('trees_monitored', '+', byStatus.monitored),
    }))
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .where('project_id', '=', facts.projectId)
    .execute();

  await db
    .updateTable('company_plantings')
    .set((eb) => ({ trees: eb('trees', '+', trees) }))
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .where('planting_id', '=', facts.plantingId)
    .execute();

  const totals = await db
    .updateTable('company_totals')
    .set((eb) => ({
      [STATUS_COLUMN.pledged]: eb('trees_pledged', '+', byStatus.pledged),
      [STATUS_COLUMN.planted]: eb('trees_planted', '+', byStatus.planted),
      [STATUS_COLUMN.monitored]: eb('trees_monitored', '+', byStatus.monitored),
      trees_unassigned: eb('trees_unassigned', '+', unassigned),
      projects: eb('projects', '+', newProject ? 1 : 0),
      plantings: eb('plantings', '+', newPlanting ? 1 : 0),
      first_contribution_at: sql<Date>`least(first_contribution_at, ${facts.allocatedAt}::timestamptz)`,
    }))
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  // A company without its totals row would drift silently; createCompany makes both modes' rows.
  if (totals.numUpdatedRows !== 1n) throw new Error(`Company ${companyId} has no totals row for livemode=${livemode}.`);
}

/** Adds to the company's recipient or certificate count (negative to remove). */
export async function adjustCompanyCount(
  db: Db,
  companyId: string,
  livemode: boolean,
  counter: 'recipients' | 'certificates',
  delta: number,
): Promise<void> {
  await db
    .updateTable('company_totals')
    .set((eb) => ({ [counter]: eb(counter, '+', delta) }))
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .execute();
}

async function ensureProjectMembership(db: Db, facts: AllocationFacts): Promise<boolean> {
  const inserted = await db
    .insertInto('company_projects')
    .columns(['company_id', 'livemode', 'project_id', 'project_created_at'])
    .expression((eb) =>
      eb.selectFrom('projects')
        .select([
          eb.val(facts.companyId).as('company_id'),
          eb.val(facts.livemode).as('livemode'),
          'id',
          'created_at',
        ])
        .where('id', '=', facts.projectId),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .execute();
  return inserted.length > 0;
}

async function ensurePlantingMembership(db: Db, facts: AllocationFacts): Promise<boolean> {
  const inserted = await db
    .insertInto('company_plantings')
    .columns(['company_id', 'livemode', 'planting_id', 'project_id', 'planting_created_at'])
    .expression((eb) =>
      eb.selectFrom('plantings')
        .select([
          eb.val(facts.companyId).as('company_id'),
          eb.val(facts.livemode).as('livemode'),
          'id',
          'project_id',
          'created_at',
        ])
        .where('id', '=', facts.plantingId),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('planting_id')
    .execute();
  return inserted.length > 0;
}
