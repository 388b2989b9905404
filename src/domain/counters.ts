import { sql } from 'kysely';
import type { AllocationStatus, Db } from '../db/schema.ts';

/**
 * Which of a company's TOTAL_PARTS totals rows (company_total_parts, migration 0017) a write adds
 * to: the one of its database connection. Concurrent writes of one company then mostly
 * lock different rows instead of queueing on one, and a transaction touches a single row
 * per company and mode, as it did before. Readers sum the parts (the company_totals view).
 */
export const TOTAL_PARTS = 16;
const OWN_PART = sql<number>`pg_backend_pid() % ${sql.lit(TOTAL_PARTS)}`;

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

/**
 * Moves the counters from an allocation's state `before` to `after` (null for "did not
 * exist"), in the caller's transaction, so totals never drift from what the
 * allocations add up to. Keeps company_totals, the planting's allocated trees, and the
 * company's membership rows in company_projects and company_plantings that let
 * GET /projects and GET /plantings page without scanning allocations. A company stays a
 * member of a project or planting once it has had trees there, even if a refund takes
 * them to zero.
 *
 * One statement: the membership rows are upserted (`xmax = 0` tells a row just
 * inserted from one updated), and the company's totals count the new memberships.
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
  const { companyId, livemode, projectId, plantingId } = facts;

  const { rows } = await sql<{ updated: number }>`
    WITH planting AS (
      UPDATE plantings SET trees_allocated = trees_allocated + ${trees}::bigint
      WHERE id = ${plantingId} AND ${trees}::bigint <> 0
    ), planting_member AS (
      INSERT INTO company_plantings (company_id, livemode, planting_id, project_id, planting_created_at, trees)
      SELECT ${companyId}::text, ${livemode}::boolean, p.id, p.project_id, p.created_at, ${trees}::bigint
      FROM plantings p WHERE p.id = ${plantingId}
      ON CONFLICT (company_id, livemode, planting_id) DO UPDATE SET trees = company_plantings.trees + EXCLUDED.trees
      RETURNING (xmax = 0) AS inserted
    ), project_member AS (
      INSERT INTO company_projects (company_id, livemode, project_id, project_created_at, trees_pledged, trees_planted, trees_monitored)
      SELECT ${companyId}::text, ${livemode}::boolean, p.id, p.created_at, ${byStatus.pledged}::bigint, ${byStatus.planted}::bigint, ${byStatus.monitored}::bigint
      FROM projects p WHERE p.id = ${projectId}
      ON CONFLICT (company_id, livemode, project_id) DO UPDATE SET
        trees_pledged = company_projects.trees_pledged + EXCLUDED.trees_pledged,
        trees_planted = company_projects.trees_planted + EXCLUDED.trees_planted,
        trees_monitored = company_projects.trees_monitored + EXCLUDED.trees_monitored
      RETURNING (xmax = 0) AS inserted
    )
    UPDATE company_total_parts SET
      trees_pledged = trees_pledged + ${byStatus.pledged}::bigint,
      trees_planted = trees_planted + ${byStatus.planted}::bigint,
      trees_monitored = trees_monitored + ${byStatus.monitored}::bigint,
      trees_unassigned = trees_unassigned + ${unassigned}::bigint,
      projects = projects + (SELECT count(*) FROM project_member WHERE inserted),
      plantings = plantings + (SELECT count(*) FROM planting_member WHERE inserted),
      first_contribution_at = least(first_contribution_at, ${facts.allocatedAt}::timestamptz)
    WHERE company_id = ${companyId} AND livemode = ${livemode} AND part = ${OWN_PART}
    RETURNING 1 AS updated`.execute(db);
  if (rows.length !== 1) throw missingTotals(companyId, livemode);
}

/** What of a company's totals changes without an allocation moving between plantings, projects or statuses. */
export interface TotalsDelta {
  trees_unassigned?: number;
  recipients?: number;
  certificates?: number;
}

/**
 * Adds to the company's totals (negative to remove), in the caller's transaction: to the
 * part of its connection, or to `part` when given (a caller that holds that part already).
 */
export async function adjustCompanyTotals(db: Db, companyId: string, livemode: boolean, delta: TotalsDelta, part?: number): Promise<void> {
  const query = companyTotalsUpdate(companyId, livemode, delta, part);
  if (query && (await query.execute(db)).numAffectedRows !== 1n) throw missingTotals(companyId, livemode);
}

/** The statement adjustCompanyTotals runs, to run later or inside another; null when the delta is all zeros. */
export function companyTotalsUpdate(companyId: string, livemode: boolean, delta: TotalsDelta, part?: number) {
  const changed = (Object.entries(delta) as [keyof TotalsDelta, number][]).filter(([, value]) => value !== 0);
  if (changed.length === 0) return null;
  // Written as SQL rather than built: it ends every write request (UnitOfWork.finish).
  const additions = changed.map(([column, value]) => sql`${sql.id(column)} = ${sql.id(column)} + ${value}`);
  return sql`UPDATE company_total_parts SET ${sql.join(additions)}
    WHERE company_id = ${companyId} AND livemode = ${livemode} AND part = ${part ?? OWN_PART}`;
}

/** A company whose totals part is missing would drift silently: createCompany makes every part of both modes. */
export function missingTotals(companyId: string, livemode: boolean): Error {
  return new Error(`Company ${companyId} has no totals part for livemode=${livemode} on this connection.`);
}

/** Adds to the company's recipient or certificate count (negative to remove); to `part` as in adjustCompanyTotals. */
export async function adjustCompanyCount(db: Db, companyId: string, livemode: boolean, counter: 'recipients' | 'certificates', delta: number, part?: number): Promise<void> {
  await adjustCompanyTotals(db, companyId, livemode, { [counter]: delta }, part);
}

/**
 * Where a change of ownership (trees given to a recipient or back) reports what it does to
 * the company's unassigned trees. By default at once; a unit of work collects them and
 * writes them last, so the company's totals row is locked for one statement, not the rest
 * of the transaction (events/unit-of-work.ts).
 */
export type CountUnassigned = (companyId: string, livemode: boolean, delta: number) => Promise<void> | void;

export const countUnassignedNow = (db: Db): CountUnassigned => (companyId, livemode, delta) =>
  adjustCompanyTotals(db, companyId, livemode, { trees_unassigned: delta });
