import { type TSchema, Type } from '@sinclair/typebox';
import { type SelectQueryBuilder, sql } from 'kysely';
import { errors } from './errors.ts';

const DEFAULT_PAGE_SIZE = 25;

/** Query parameters every v2 list takes (spec section 4, "Common list parameters"). */
export const pageParams = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Page size, 1 to 100; 25 when left out.' })),
  starting_after: Type.Optional(Type.String({ pattern: '^[a-z]+_[A-Za-z0-9]{24}$', description: 'Id of the last object of the previous page.' })),
};
export const createdSinceParam = {
  created_since: Type.Optional(Type.String({ format: 'date-time', description: 'Only objects created at or after this time.' })),
};
export const updatedSinceParam = {
  updated_since: Type.Optional(Type.String({ format: 'date-time', description: 'Only objects updated at or after this time.' })),
};

/** The list envelope: `{object: "list", url, has_more, data}`. */
export function listSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      object: Type.Literal('list'),
      url: Type.String(),
      has_more: Type.Boolean(),
      data: Type.Array(item),
    },
    { description },
  );
}

export interface ListEnvelope<T> {
  object: 'list';
  url: string;
  has_more: boolean;
  data: T[];
}

export function listEnvelope<T>(url: string, data: T[], hasMore: boolean): ListEnvelope<T> {
  return { object: 'list', url, has_more: hasMore, data };
}

/** Where the previous page ended: the sort value and id of its last object. */
export interface Cursor {
  sortValue: Date | string;
  /** The tie-breaker column's value: usually the id, for events their seq. */
  id: string | number;
}

/**
 * Where the page after `starting_after` begins: the sort value and id of that object,
 * looked up in the list's own scope (so another company's id is as unknown as a made-up
 * one), or a 400 naming starting_after.
 */
export async function cursorAfter(startingAfter: string | undefined, lookup: (id: string) => Promise<Cursor | undefined>): Promise<Cursor | null> {
  if (!startingAfter) return null;
  const cursor = await lookup(startingAfter);
  if (!cursor) throw errors.startingAfterUnknown(startingAfter);
  return cursor;
}

/**
 * Keyset pagination, newest first: `ORDER BY sort DESC, id DESC` and, after a cursor,
 * `(sort, id) < (cursor)`. With an index on (scope..., sort DESC, id DESC) the 5,000th
 * page costs the same as the first. Timestamps are stored at millisecond precision, so
 * a cursor read back through JavaScript compares exactly.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: { sortColumn: string; idColumn: string; limit: number | undefined; after: Cursor | null },
): Promise<{ rows: O[]; hasMore: boolean }> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const sort = sql.ref(options.sortColumn);
  const id = sql.ref(options.idColumn);
  let paged = query;
  if (options.after) {
    paged = paged.where(sql<boolean>`(${sort}, ${id}) < (${options.after.sortValue}, ${options.after.id})`);
  }
  const rows = await paged
    .orderBy(sort, 'desc')
    .orderBy(id, 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
