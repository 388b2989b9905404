import type { Static } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { DB } from '../../db/schema.ts';
import { MAX_ATTEMPTS } from '../../platform/jobs/queue.ts';
import { errors } from '../../core/errors.ts';
import { keysetPage } from '../../db/keyset.ts';
import type { RecipientListQuery } from './schemas.ts';

/** The company's recipients in the reader's mode; a deleted one is gone. */
function recipientsOf(ctx: ReadContext) {
  return ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('livemode', '=', ctx.livemode)
    .where('deleted_at', 'is', null);
}

export type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientsOf>['executeTakeFirstOrThrow']>>;

/** One recipient of the reader's, or 404; `forUpdate` locks it for the rest of the caller's transaction. */
export async function findRecipient(ctx: ReadContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = recipientsOf(ctx).where('id', '=', id);
  const row = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw errors.notFound('recipient', id);
  return row;
}

export async function findRecipientsByIds(ctx: ReadContext, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return recipientsOf(ctx).where('id', 'in', ids).execute();
}

export async function listRecipients(ctx: ReadContext, query: Static<typeof RecipientListQuery>) {
  const scope = recipientsOf(ctx);
  let q = scope;
  if (query.external_reference) q = q.where('external_reference', '=', query.external_reference);
  if (query.source) q = q.where('source', '=', query.source);
  if (query.project) q = q.where('project_id', '=', query.project);
  if (query.created_since) q = q.where('created_at', '>=', new Date(query.created_since));
  if (query.updated_since) q = q.where('updated_at', '>=', new Date(query.updated_since));
  return keysetPage(scope, q, {
    sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: query.limit, startingAfter: query.starting_after,
  });
}

/** The codes the recipients claimed, by recipient id (recipient.gift_code). */
export async function giftCodesOfRecipients(ctx: ReadContext, recipientIds: readonly string[]): Promise<Map<string, string>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('gift_codes').select(['id', 'recipient_id'])
    .where('company_id', '=', ctx.companyId).where('livemode', '=', ctx.livemode).where('recipient_id', 'in', recipientIds).execute();
  return new Map(rows.map((row) => [row.recipient_id!, row.id]));
}

/** The most characters a search holds; longer is cut (no name, email or reference is longer and still a prefix worth finding). */
export const SEARCH_MAX_LENGTH = 100;

/** What the search compares, each on its own index (migration 0033). */
const SEARCHED = [
  sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
  sql`lower(last_name)`,
  sql`lower(email)`,
  sql`lower(external_reference)`,
];

/** How many of the newest recipients a search looks through first, for a prefix that many share. */
const RECENT_WINDOW = 1000;

/**
 * The recipients whose full name, last name, email or external_reference starts with
 * `search`, case-insensitively, newest first, keyset-paged. Each field is a prefix range
 * on its own index (migration 0033): the bounds are `search` and `search` followed by the
 * last code point, in byte order (`~>=~`, `~<~`), so no LIKE pattern needs escaping and a
 * prepared statement's generic plan still uses the indexes.
 *
 * PostgreSQL cannot tell from a parameter how rare a prefix is, so the plan is chosen
 * here, in two bounded steps: the newest RECENT_WINDOW recipients (after the cursor) are
 * looked through first, which finds a page of a prefix many share ("a"); when they hold
 * less than a page, the page is read from the UNION of the four ranges, whose work is the
 * matches, few for a rare prefix. Neither reads the whole company (docs/decisions.md).
 */
export async function searchRecipients(ctx: ReadContext, options: { search: string; limit: number; startingAfter: string | undefined }) {
  const scope = recipientsOf(ctx);
  const typed = options.search.trim().slice(0, SEARCH_MAX_LENGTH);
  const page = { sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: options.limit, startingAfter: options.startingAfter };
  if (typed === '') return keysetPage(scope, scope, page);
  // Lowered by the database, as the indexed columns are: JavaScript's lowering and a
  // database's locale (LC_CTYPE=C lowers ASCII only) may differ on letters such as É.
  const from = sql<string>`lower(${typed}::text)`;
  const to = sql<string>`(lower(${typed}::text) || ${'\u{10FFFF}'}::text)`;
  const within = (field: (typeof SEARCHED)[number]) => sql<boolean>`(${field} ~>=~ ${from} AND ${field} ~<~ ${to})`;

  let recent = scope;
  if (options.startingAfter) {
    const cursor = scope.clearSelect().select(['created_at', 'id']).where('id', '=', options.startingAfter);
    recent = recent.where(sql<boolean>`(created_at, id) < (${cursor})`);
  }
  const window = recent.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(sql.lit(RECENT_WINDOW));
  const inWindow = ctx.db.selectFrom(window.as('recipients')).selectAll()
    .where(sql<boolean>`(${sql.join(SEARCHED.map(within), sql` OR `)})`) as unknown as typeof scope;
  const first = await keysetPage(scope, inWindow, page);
  if (first.hasMore) return first;

  const keys = scope.clearSelect().select(['id', 'created_at']);
  const [arm, ...arms] = SEARCHED.map((field) => keys.where(within(field)));
  const matches = arms.reduce((union, next) => union.union(next), arm!);
  const filtered = ctx.db.selectFrom(matches.as('recipients')).select(['id', 'created_at']) as unknown as typeof keys;
  const { rows, hasMore } = await keysetPage(keys, filtered, page);
  const found = new Map((await findRecipientsByIds(ctx, rows.map((row) => row.id))).map((row) => [row.id, row]));
  return { rows: rows.flatMap((row) => found.get(row.id) ?? []), hasMore };
}

/** The projects the company has trees in, in the reader's mode, by name: the give form's choice. */
export async function projectChoices(ctx: ReadContext) {
  return ctx.db
    .selectFrom('company_projects as cp')
    .innerJoin('projects as p', 'p.id', 'cp.project_id')
    .select(['p.id', 'p.name', 'p.country'])
    .where('cp.company_id', '=', ctx.companyId)
    .where('cp.livemode', '=', ctx.livemode)
    .orderBy('cp.project_created_at')
    .limit(200)
    .execute();
}

/** Whether the recipient id is one of the company's, and in which mode (an id names its mode); null when it is none of theirs. */
export async function modeOfRecipient(db: Kysely<DB>, companyId: string, id: string): Promise<boolean | null> {
  const row = await db.selectFrom('recipients').select('livemode').where('id', '=', id).where('company_id', '=', companyId).where('deleted_at', 'is', null).executeTakeFirst();
  return row ? row.livemode : null;
}

/** When the certificate email is queued to go (a job not yet done): the page says so rather than offering to send it again. */
export async function certificateEmailQueued(db: Kysely<DB>, recipientId: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('id').where('kind', '=', 'send_certificate_email')
    .where(sql<string>`payload->>'recipient_id'`, '=', recipientId).where('attempts', '<', MAX_ATTEMPTS).executeTakeFirst();
  return row !== undefined;
}

/** The allocations holding a recipient's trees, oldest first, with their project's name. */
export async function allocationsOfRecipient(ctx: ReadContext, recipientId: string, language: Language) {
  const rows = await ctx.db
    .selectFrom('allocations as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.trees', 'a.status', 'a.project_id', 'p.name'])
    .where('a.company_id', '=', ctx.companyId)
    .where('a.livemode', '=', ctx.livemode)
    .where('a.recipient_id', '=', recipientId)
    .orderBy('a.allocated_at')
    .orderBy('a.id')
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...row, projectName: row.name[language] ?? row.name.en }));
}
