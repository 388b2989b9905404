import { type RawBuilder, sql } from 'kysely';
import { CanopyError } from '../core/errors.ts';
import type { Db } from '../db/schema.ts';
import { newId } from '../core/ids.ts';
import type { AllocationRow } from './allocations.ts';
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
  /**
   * An `INSERT ... ON CONFLICT DO NOTHING RETURNING id` of the owner (the recipient), sent in
   * the same statement as the first page of trees and run before any of them is locked. When
   * it inserts nothing, no tree is taken and the answer's `ownerInserted` is false.
   */
  insertOwner?: RawBuilder<unknown>;
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

export interface AssignedTrees {
  /** False only when `insertOwner` inserted nothing; then nothing was assigned. */
  ownerInserted: boolean;
  /** The allocations now holding the owner's trees. */
  parts: AllocationRow[];
  changes: DomainChange[];
  /** Every allocation the assignment changed, as it now stands. */
  touched: AssignedAllocation[];
}

/**
 * Gives a recipient (or a gift code) trees from the company's unassigned trees, oldest
 * allocation first (spec section 4, POST /recipients rule 1), splitting the last one
 * it takes from. Locks the allocations it takes, in the caller's transaction (it must be one); refuses
 * with no_trees_available (param `trees`), changing nothing, when too few are unassigned.
 *
 * A split keeps the allocation the foundation recorded and shrinks it, and the trees taken
 * become an allocation of their own, linked to it (split_from_id), so a refund of the donation
 * still finds them. Legacy tree ids travel with their trees when there is one id per tree.
 * Trees per planting, project and status stay as they were, so the only counter that moves
 * is the company's unassigned trees, reported to `countUnassigned`.
 *
 * Oldest is by `allocated_at`, when the company was given the trees, not when Canopy recorded
 * them; then by donation and id, so that the parts of one donation stay together and no split
 * moves trees in the order (oldestFirst, below).
 *
 * The usual create is one statement: the owner's insert, the first page of the oldest
 * unassigned allocations locked, and, when that page holds enough trees, the assignment
 * itself (applyShares, below). Only when it does not are more pages read and the assignment sent
 * as a statement of its own.
 */
export async function assignTrees(db: Db, input: AssignTreesInput): Promise<AssignedTrees> {
  const owner = { recipientId: input.recipientId ?? null, giftCodeId: input.giftCodeId ?? null };
  if ((owner.recipientId ? 1 : 0) + (owner.giftCodeId ? 1 : 0) !== 1) throw new Error('Assign to exactly one recipient or gift code.');
  if (!Number.isInteger(input.trees) || input.trees <= 0) throw new Error('Assign a positive whole number of trees.');
  const now = input.now ?? new Date();
  const partId = newId('allocation');
  // Concurrent requests take what no other request is assigning at this moment, so they
  // do not all queue on the oldest allocation. When that is too little, they must wait for
  // the allocations others hold, so that no_trees_available is never said while trees are
  // still coming free. But the rows this pass locked were taken out of order (it skipped),
  // and waiting while holding them could deadlock two requests: so the whole transaction
  // is rolled back, releasing them, and runs again waiting, in order, from the oldest. That
  // happens only when a company's free trees run short, so it costs the usual create
  // nothing (a savepoint around this pass cost every create a round trip).
  const locking = input.waitForLocked ? 'wait' : 'skip locked';

  const first = await firstPageStatement(input, locking, owner, partId, now).execute(db);
  if (input.insertOwner && !first.rows.some((row) => row.kind === 'owner')) return { ownerInserted: false, parts: [], changes: [], touched: [] };
  // Rows come in the database's oldest-first order (oldestFirst), the order of the pages, the
  // shares and the cursor; ids are never compared here (the database's collation may not be JavaScript's).
  const page = first.rows.filter((row): row is AllocationStatementRow => row.kind === 'page');
  let applied = first.rows.filter((row): row is AllocationStatementRow => row.kind !== 'page' && row.kind !== 'owner');
  const taken = takeShares(page, input.trees);

  if (applied.length === 0) {
    // The first page held too few trees, or none were free: read on, page by page, then assign.
    let still = input.trees - sharesSum(taken);
    let last: AssignedAllocation | undefined = page.length === pageSize(input.trees) ? page.at(-1) : undefined;
    while (still > 0 && last) {
      const size = pageSize(still);
      const more = (await sql<AssignedAllocation>`WITH page AS (${unassignedPage(input, size, locking, { after: last })}) SELECT * FROM page ORDER BY ${oldestFirst('page')}`.execute(db)).rows;
      const shares = takeShares(more, still);
      taken.push(...shares);
      still -= sharesSum(shares);
      last = more.length === size ? more.at(-1) : undefined;
    }
    if (still > 0 && !input.waitForLocked) throw new TreesHeldElsewhere();
    if (still > 0) {
      const where = input.projectId ? `, project "${input.projectName ?? input.projectId}"` : '';
      throw new CanopyError(
        'no_trees_available',
        `Only ${input.trees - still} unassigned trees are available; ${input.trees} were asked for (company ${input.companyId}${where}).`,
        ['trees'],
      );
    }
    const ids = taken.map((share) => share.row.id);
    const trees = taken.map((share) => share.trees);
    const shares = sql`(SELECT a.*, x.share FROM unnest(${ids}::text[], ${trees}::int[]) AS x(id, share) JOIN allocations a ON a.id = x.id)`;
    applied = (await sql<AllocationStatementRow>`WITH ${applyShares(shares, owner, partId, now)} ${appliedRows}`.execute(db)).rows;
  }
  await (input.countUnassigned ?? countUnassignedNow(db))(input.companyId, input.livemode, -input.trees);
  return { ownerInserted: true, ...assignmentOutcome(taken, applied, owner.recipientId !== null) };
}

/**
 * "Oldest first" as SQL over the allocations named `alias`: the moment the trees were
 * allocated, then the donation (the allocation the foundation recorded: a part's
 * split_from_id, else its own id), then the id. A part split off keeps its donation's
 * allocated_at and names the donation, so neither a split nor trees given back later move
 * trees in this order, and the parts of one donation are taken one after the other. The
 * indexes allocations_oldest_unassigned and allocations_oldest_unassigned_in_project
 * (migration 0021) hold the unassigned allocations in this order; the expressions here must
 * stay theirs for a page to be read from them.
 */
function oldestFirst(alias: string) {
  const a = sql.table(alias);
  return sql`${a}.allocated_at, coalesce(${a}.split_from_id, ${a}.id), ${a}.id`;
}

interface Owner {
  recipientId: string | null;
  giftCodeId: string | null;
}

/** A row of the assignment's statements: an allocation locked (page) or changed, and what it is. */
type AllocationStatementRow = AssignedAllocation & { kind: 'page' | 'whole' | 'shrunk' | 'part' };
/** The first statement's rows: those, and one (its columns all null) when the owner was inserted. */
type FirstStatementRow = AllocationStatementRow | { kind: 'owner' };

/** Trees taken from a locked allocation: all of it, or (the last one taken) part of it. */
interface Share {
  row: AssignedAllocation;
  trees: number;
}

/**
 * The first statement of an assignment: the owner's insert (when given), the first page of
 * the oldest unassigned allocations locked (only once the owner is in), and the assignment
 * of its trees when the page holds enough of them; otherwise it changes nothing but the locks.
 * The shares are those takeShares computes: the oldest allocations whole, the last in part.
 */
function firstPageStatement(input: AssignTreesInput, locking: Locking, owner: Owner, partId: string, now: Date) {
  const wanted = sql`${input.trees}::int`;
  const shares = sql`(SELECT * FROM (
      SELECT page.*, least(page.trees, ${wanted} - (sum(page.trees) OVER (ORDER BY ${oldestFirst('page')}) - page.trees)) AS share FROM page
    ) AS running WHERE running.share > 0 AND (SELECT sum(trees) FROM page) >= ${wanted})`;
  const page = unassignedPage(input, pageSize(input.trees), locking, { afterOwner: input.insertOwner !== undefined });
  // The page's rows in the page's order (the owner's row, all null, comes last).
  if (!input.insertOwner) {
    return sql<FirstStatementRow>`WITH page AS (${page}), ${applyShares(shares, owner, partId, now)}
      SELECT * FROM (SELECT 'page' AS kind, page.* FROM page UNION ALL ${appliedRows}) AS answer ORDER BY ${oldestFirst('answer')}`;
  }
  return sql<FirstStatementRow>`WITH owner AS (${input.insertOwner}), page AS (${page}), ${applyShares(shares, owner, partId, now)}
    SELECT * FROM (SELECT 'owner' AS kind, (NULL::allocations).*, NULL::date AS planting_planted_at FROM owner
      UNION ALL SELECT 'page', page.* FROM page UNION ALL ${appliedRows}) AS answer ORDER BY ${oldestFirst('answer')}`;
}

type Locking = 'skip locked' | 'wait';

/**
 * A page of the company's oldest unassigned allocations (of the project, when given),
 * locked, with their planting's planted_at, so that their events need not read them back
 * (UnitOfWork.knowFinal). An index scan in oldestFirst's order (allocations_oldest_unassigned,
 * or _in_project), so a company with many allocations is neither read whole nor sorted. The
 * next page starts after the previous page's last row, whose key is read from the row itself
 * rather than sent back from JavaScript (a Date holds milliseconds, a timestamptz microseconds).
 * Constants are literals, the page's limit too: PostgreSQL can then keep one generic plan for
 * each prepared text.
 */
function unassignedPage(input: AssignTreesInput, size: number, locking: Locking, place: { after?: AssignedAllocation; afterOwner?: boolean }) {
  const { after } = place;
  return sql`SELECT a.*, (SELECT p.planted_at FROM plantings p WHERE p.id = a.planting_id) AS planting_planted_at
    FROM allocations a
    WHERE a.company_id = ${input.companyId} AND a.livemode = ${input.livemode} AND a.recipient_id IS NULL AND a.gift_code_id IS NULL AND a.trees > 0${
      input.projectId ? sql` AND a.project_id = ${input.projectId}` : sql``}${
      after ? sql` AND (${oldestFirst('a')}) > (SELECT ${oldestFirst('c')} FROM allocations c WHERE c.id = ${after.id})` : sql``}${
      place.afterOwner ? sql` AND EXISTS (SELECT 1 FROM owner)` : sql``}
    ORDER BY ${oldestFirst('a')} LIMIT ${sql.lit(size)} FOR UPDATE OF a${locking === 'skip locked' ? sql` SKIP LOCKED` : sql``}`;
}

/**
 * The assignment itself, as common table expressions over `shares` (locked allocations,
 * each with the trees taken from it, `share`): an allocation taken whole gets the owner;
 * the one taken in part shrinks, and its taken trees become a new allocation (`partId`)
 * of the owner, split from the allocation the foundation recorded, with the legacy tree
 * ids of those trees when there is one id per tree. Nothing else about them changes.
 */
function applyShares(shares: RawBuilder<unknown>, owner: Owner, partId: string, now: Date) {
  const at = sql`${now}::timestamptz`;
  const ownedBy = sql`${owner.recipientId}::text, ${owner.giftCodeId}::text`;
  const oneIdPerTree = sql`cardinality(t.legacy_tree_ids) = t.trees`;
  return sql`taken AS ${shares},
  whole AS (
    UPDATE allocations a SET (recipient_id, gift_code_id) = (${ownedBy}), updated_at = ${at}
    FROM taken t WHERE a.id = t.id AND t.share = t.trees
    RETURNING a.*),
  shrunk AS (
    UPDATE allocations a SET trees = t.trees - t.share, updated_at = ${at},
      legacy_tree_ids = CASE WHEN ${oneIdPerTree} THEN t.legacy_tree_ids[1 : t.trees - t.share] ELSE t.legacy_tree_ids END
    FROM taken t WHERE a.id = t.id AND t.share < t.trees
    RETURNING a.*),
  part AS (
    INSERT INTO allocations (id, company_id, livemode, planting_id, project_id, trees, status, source, recipient_id, gift_code_id,
      certificate_id, foundation_ref, legacy_tree_ids, legacy_order_id, split_from_id, allocated_at, created_at, updated_at)
    SELECT ${partId}::text, t.company_id, t.livemode, t.planting_id, t.project_id, t.share, t.status, t.source, ${ownedBy},
      NULL, NULL, CASE WHEN ${oneIdPerTree} THEN t.legacy_tree_ids[t.trees - t.share + 1 : t.trees] ELSE '{}'::text[] END,
      t.legacy_order_id, coalesce(t.split_from_id, t.id), t.allocated_at, ${at}, ${at}
    FROM taken t WHERE t.share < t.trees
    RETURNING *)`;
}

/** What applyShares changed, as the statement's rows. */
const appliedRows = sql`SELECT 'whole' AS kind, whole.*, NULL::date AS planting_planted_at FROM whole
  UNION ALL SELECT 'shrunk', shrunk.*, NULL FROM shrunk UNION ALL SELECT 'part', part.*, NULL FROM part`;

/** The oldest allocations of `rows` until they hold `wanted` trees: all of each, the last in part. */
function takeShares(rows: readonly AssignedAllocation[], wanted: number): Share[] {
  const shares: Share[] = [];
  let still = wanted;
  for (const row of rows) {
    if (still === 0) break;
    const trees = Math.min(row.trees, still);
    shares.push({ row, trees });
    still -= trees;
  }
  return shares;
}

const sharesSum = (shares: readonly Share[]) => shares.reduce((sum, share) => sum + share.trees, 0);

/** The allocations holding the owner's trees, the events the change owes, and every allocation touched, from the rows applyShares returned. */
function assignmentOutcome(taken: readonly Share[], applied: readonly AllocationStatementRow[], toRecipient: boolean) {
  const find = (kind: AllocationStatementRow['kind'], id?: string): AllocationRow => {
    const found = applied.find((row) => row.kind === kind && (id === undefined || row.id === id));
    if (!found) throw new Error(`The assignment's statement returned no ${kind} row${id ? ` for ${id}` : ''}.`);
    const { kind: _kind, planting_planted_at: _planted, ...row } = found;
    return row;
  };
  const parts: AllocationRow[] = [];
  const changes: DomainChange[] = [];
  const touched: AssignedAllocation[] = [];
  for (const { row, trees } of taken) {
    const remainder = trees === row.trees ? null : find('shrunk', row.id);
    const part = remainder ? find('part') : find('whole', row.id);
    parts.push(part);
    changes.push(...assignmentChanges(part, remainder, toRecipient));
    for (const changed of remainder ? [remainder, part] : [part]) touched.push({ ...changed, planting_planted_at: row.planting_planted_at });
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
