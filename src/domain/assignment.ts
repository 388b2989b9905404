import { type SelectQueryBuilder, sql } from 'kysely';
import { CanopyError } from '../core/errors.ts';
import type { DB, Db } from '../db/schema.ts';
import { type AllocationRow, splitAllocation } from './allocations.ts';
import type { DomainChange } from './changes.ts';
import { type CountUnassigned, countUnassignedNow } from './counters.ts';

export interface AssignTreesInput {
  companyId: string;
  livemode: boolean;
  trees: number;
  /** Take trees from this project only. */
  projectId?: string | null;
  /** How the caller names that project in an error message (a foundation ref, or the id). */
  projectName?: string;
  recipientId?: string;
  giftCodeId?: string;
  now?: Date;
  /** Where the change to the company's unassigned trees goes; at once when left out. */
  countUnassigned?: CountUnassigned;
  /**
   * Wait for the allocations other transactions are assigning instead of passing them by:
   * the unit of work's second run, after TreesHeldElsewhere.
   */
  waitForLocked?: boolean;
}

/**
 * Too few trees were free of other transactions' locks, though some they hold may come
 * free: the unit of work runs again from the start with `waitForLocked` (events/unit-of-work.ts).
 */
export class TreesHeldElsewhere extends Error {
  constructor() {
    super('Too few unassigned trees were free of other transactions; run the work again, waiting for them.');
  }
}

/** An allocation as it stands after the assignment, with its planting's planted_at: what presenting it needs. */
export type AssignedAllocation = AllocationRow & { planting_planted_at: string | null };

/**
 * Gives a recipient (or a gift code) trees from the company's unassigned trees, oldest
 * allocation first (spec section 4, POST /recipients rule 1), splitting the last one
 * it takes from. Locks the allocations it takes, in the caller's transaction (it must be one); refuses
 * with no_trees_available (param `trees`), changing nothing, when too few are unassigned.
 */
export async function assignTrees(
  db: Db,
  input: AssignTreesInput,
): Promise<{ parts: AllocationRow[]; changes: DomainChange[]; touched: AssignedAllocation[] }> {
  let query = db
    .selectFrom('allocations')
    .selectAll()
    // Read with the rows, so that their events need not read them back (UnitOfWork.knowFinal).
    .select((eb) => eb.selectFrom('plantings').select('plantings.planted_at').whereRef('plantings.id', '=', 'allocations.planting_id').as('planting_planted_at'))
    .where('company_id', '=', input.companyId)
    .where('livemode', '=', input.livemode)
    .where('recipient_id', 'is', null)
    .where('gift_code_id', 'is', null)
    // Constants as literals, here and in the page's limit: PostgreSQL can then keep one
    // generic plan for the prepared statement instead of planning it on every create.
    .where('trees', '>', sql.lit(0));
  if (input.projectId) query = query.where('project_id', '=', input.projectId);

  // Concurrent requests take what no other request is assigning at this moment, so they
  // do not all queue on the oldest allocation. When that is too little, they must wait for
  // the allocations others hold, so that no_trees_available is never said while trees are
  // still coming free. But the rows this pass locked were taken out of order (it skipped),
  // and waiting while holding them could deadlock two requests: so the whole transaction
  // is rolled back, releasing them, and runs again waiting, in order, from the oldest. That
  // happens only when a company's free trees run short, so it costs the usual create
  // nothing (a savepoint around this pass cost every create a round trip).
  const { taken, still } = await takeOldestUnassigned(query, input.trees, input.waitForLocked ? 'wait' : 'skip locked');
  if (still > 0 && !input.waitForLocked) throw new TreesHeldElsewhere();
  if (still > 0) {
    const where = input.projectId ? `, project "${input.projectName ?? input.projectId}"` : '';
    throw new CanopyError(
      'no_trees_available',
      `Only ${input.trees - still} unassigned trees are available; ${input.trees} were asked for (company ${input.companyId}${where}).`,
      ['trees'],
    );
  }

  const parts: AllocationRow[] = [];
  const changes: DomainChange[] = [];
  const touched: AssignedAllocation[] = [];
  for (const { row, trees } of taken) {
    const { planting_planted_at, ...locked } = row;
    const { part, remainder } = await splitAllocation(db, {
      allocationId: row.id, locked, trees, recipientId: input.recipientId, giftCodeId: input.giftCodeId, now: input.now, countUnassigned: input.countUnassigned,
    });
    parts.push(part);
    changes.push(...assignmentChanges(part, remainder, input.recipientId !== undefined));
    for (const changed of remainder ? [remainder, part] : [part]) touched.push({ ...changed, planting_planted_at });
  }
  return { parts, changes, touched };
}

/**
 * What a webhook consumer mirroring allocations must hear so its copy stays right and
 * its numbers keep adding up: a split shrinks the allocation (allocation.updated,
 * previous trees) and brings a new one (allocation.created); an allocation given whole
 * to a recipient changes its `recipient` (allocation.updated, previous recipient null).
 * Reserving a whole allocation for a gift code changes nothing the allocation shows.
 */
function assignmentChanges(part: AllocationRow, remainder: AllocationRow | null, toRecipient: boolean): DomainChange[] {
  const ref = (row: AllocationRow) => ({ allocation_id: row.id, company_id: row.company_id, livemode: row.livemode });
  if (remainder) {
    return [
      { kind: 'allocation.updated', ...ref(remainder), previous: { trees: remainder.trees + part.trees } },
      { kind: 'allocation.created', ...ref(part) },
    ];
  }
  return toRecipient ? [{ kind: 'allocation.updated', ...ref(part), previous: { recipient: null } }] : [];
}

/**
 * Gives a recipient's trees back to the company's unassigned trees (the recipient was
 * deleted): each of its allocations loses its owner and its certificate, with the
 * counters, and reports allocation.updated with the recipient it had. The allocations
 * stay as they were split; returned trees are taken again after older unassigned ones.
 */
export async function releaseTrees(db: Db, recipientId: string, now: Date, countUnassigned: CountUnassigned = countUnassignedNow(db)): Promise<DomainChange[]> {
  const held = await db.selectFrom('allocations').selectAll().where('recipient_id', '=', recipientId).orderBy('created_at').orderBy('id').forUpdate().execute();
  const changes: DomainChange[] = [];
  for (const row of held) {
    await db.updateTable('allocations').set({ recipient_id: null, certificate_id: null, updated_at: now }).where('id', '=', row.id).execute();
    await countUnassigned(row.company_id, row.livemode, row.trees);
    changes.push({ kind: 'allocation.updated', allocation_id: row.id, company_id: row.company_id, livemode: row.livemode, previous: { recipient: recipientId } });
  }
  return changes;
}

/**
 * The trees a gift code reserved go to the recipient who claimed it: each allocation
 * changes owner as it is (no split), and reports allocation.updated with the recipient
 * it had (none). The company's unassigned trees do not move: reserved trees were never
 * counted there.
 */
export async function giveReservedTrees(db: Db, giftCodeId: string, recipientId: string, now: Date): Promise<{ parts: AllocationRow[]; changes: DomainChange[] }> {
  const held = await db.selectFrom('allocations').selectAll().where('gift_code_id', '=', giftCodeId).orderBy('created_at').orderBy('id').forUpdate().execute();
  const parts: AllocationRow[] = [];
  const changes: DomainChange[] = [];
  for (const row of held) {
    parts.push(await db.updateTable('allocations').set({ gift_code_id: null, recipient_id: recipientId, updated_at: now }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow());
    changes.push({ kind: 'allocation.updated', allocation_id: row.id, company_id: row.company_id, livemode: row.livemode, previous: { recipient: null } });
  }
  return { parts, changes };
}

/**
 * A gift code's reserved trees return to the company's unassigned trees (the code was
 * revoked or expired). Nothing an allocation shows changes (a reservation is not
 * visible on it), so no events; the allocations stay as they were split.
 */
export async function releaseReservedTrees(db: Db, giftCodeId: string, now: Date, countUnassigned: CountUnassigned = countUnassignedNow(db)): Promise<number> {
  const released = await db
    .updateTable('allocations')
    .set({ gift_code_id: null, updated_at: now })
    .where('gift_code_id', '=', giftCodeId)
    .returning(['company_id', 'livemode', 'trees'])
    .execute();
  for (const row of released) await countUnassigned(row.company_id, row.livemode, row.trees);
  return released.reduce((sum, row) => sum + row.trees, 0);
}

/**
 * Allocations a page locks for `still` trees: exactly that many up to 8 (every allocation
 * holds at least one tree), then 16, 32, 64 or 100, so that the page's limit, a literal for
 * the prepared statement's plan, makes 12 texts rather than 100.
 */
function pageSize(still: number): number {
  if (still <= 8) return still;
  return [16, 32, 64].find((size) => size >= still) ?? 100;
}

type UnassignedQuery = SelectQueryBuilder<DB, 'allocations', AssignedAllocation>;

/**
 * Locks the company's oldest unassigned allocations until they hold `trees`, reading them
 * in pages (an index scan: the unassigned allocations index), so a company with many
 * allocations is not read whole. A page is about as long as the trees still wanted
 * (pageSize), as every allocation read holds at least one: a create of 3 trees locks at
 * most 3 allocations, not a hundred that concurrent creates would then have to skip.
 */
async function takeOldestUnassigned(query: UnassignedQuery, trees: number, locking: 'skip locked' | 'wait') {
  const taken: { row: AssignedAllocation; trees: number }[] = [];
  let still = trees;
  let after: { created_at: Date; id: string } | null = null;
  while (still > 0) {
    let page = query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(sql.lit(pageSize(still))).forUpdate();
    if (locking === 'skip locked') page = page.skipLocked();
    if (after) {
      const cursor = after;
      page = page.where((eb) => eb.or([eb('created_at', '>', cursor.created_at), eb.and([eb('created_at', '=', cursor.created_at), eb('id', '>', cursor.id)])]));
    }
    const rows = await page.execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (still === 0) break;
      const share = Math.min(row.trees, still);
      taken.push({ row, trees: share });
      still -= share;
    }
    const last = rows.at(-1)!;
    after = { created_at: last.created_at, id: last.id };
  }
  return { taken, still };
}
