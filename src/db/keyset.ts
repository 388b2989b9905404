import { type SelectQueryBuilder, sql } from 'kysely';
import { errors } from '../core/errors.ts';

const DEFAULT_PAGE_SIZE = 25;
/** Rows a page reads: at least one more than it shows, to tell whether more follow. */
const FETCH_SIZES = [11, 26, 51, 101];

export interface KeysetOptions {
  /** The column lists are ordered by, newest first (`a.created_at`). */
  sortColumn: string;
  /** The column that breaks ties in sortColumn: usually the id, for events their write order. */
  tiebreakColumn: string;
  /** The column `starting_after` names an object by. */
  idColumn: string;
  limit: number | undefined;
  startingAfter: string | undefined;
}

/**
 * One page of a list, newest first, by keyset: `ORDER BY sort DESC, tiebreak DESC` and,
 * after a cursor, `(sort, tiebreak) < (cursor)`. With an index on (scope..., sort DESC,
 * tiebreak DESC) the 5,000th page costs the same as the first. Timestamps are stored at
 * millisecond precision, so a cursor read back through JavaScript compares exactly.
 *
 * `scope` is every object the caller may see in this list; `filtered` is scope with the
 * request's filters. `starting_after` is looked up in scope (so another company's id is
 * as unknown as a made-up one: 400 naming starting_after), and may name an object the
 * filters leave out.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  scope: SelectQueryBuilder<DB, TB, O>,
  filtered: SelectQueryBuilder<DB, TB, O>,
  options: KeysetOptions,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const sort = sql.ref(options.sortColumn);
  const tiebreak = sql.ref(options.tiebreakColumn);
  let page = filtered;
  // The cursor is a subquery of the page's own statement: one round trip, not two. An
  // unknown id makes it NULL and the page empty, so only an empty page looks it up, to
  // tell "past the end" from "no such object".
  const cursor = options.startingAfter === undefined ? null : scope
    .clearSelect()
    .select([sql<unknown>`${sort}`.as('sort_value'), sql<unknown>`${tiebreak}`.as('tiebreak_value')])
    .where(sql<boolean>`${sql.ref(options.idColumn)} = ${options.startingAfter}`);
  if (cursor) page = page.where(sql<boolean>`(${sort}, ${tiebreak}) < (${cursor})`);
  // The limit as a literal: with `limit $n` PostgreSQL judges a prepared page's generic plan
  // too dear and plans every page again (0.6 ms, more than running it). One of four sizes,
  // so that each list's filters make four texts to prepare, not a hundred.
  const fetch = FETCH_SIZES.find((size) => size > limit) ?? limit + 1;
  const rows = await page.orderBy(sort, 'desc').orderBy(tiebreak, 'desc').limit(sql.lit(fetch)).execute();
  if (cursor && rows.length === 0 && !(await cursor.executeTakeFirst())) throw errors.startingAfterUnknown(options.startingAfter!);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
