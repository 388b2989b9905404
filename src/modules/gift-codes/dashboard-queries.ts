import type { Kysely } from 'kysely';
import { CanopyError } from '../../core/errors.ts';
import type { DB } from '../../db/schema.ts';
import { keysetPage } from '../../db/keyset.ts';
import { MAX_BATCH_CODES } from './service.ts';
import type { GiftCodeStatus } from './schemas.ts';

/** What the dashboard reads of gift codes and their batches: each on an index, never a scan of the company's codes. */

export const CODES_PER_PAGE = 50;
/** The batches the list's filter offers, newest first. */
export const BATCHES_OFFERED = 100;

/** One batch of the company's (any mode: its id says which), with who made it; undefined when it is not the company's. */
export async function findBatch(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('gift_code_batches as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select(['b.id', 'b.livemode', 'b.codes', 'b.trees', 'b.project_id', 'b.valid_until', 'b.created_at', 'u.name as created_by_name', 'u.email as created_by_email'])
    .where('b.company_id', '=', companyId)
    .where('b.id', '=', id)
    .executeTakeFirst();
}
export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/** The company's newest batches in a mode (gift_code_batches_page). */
export async function recentBatches(db: Kysely<DB>, companyId: string, livemode: boolean) {
  return db
    .selectFrom('gift_code_batches')
    .select(['id', 'codes', 'trees', 'created_at'])
    .where('company_id', '=', companyId)
    .where('livemode', '=', livemode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BATCHES_OFFERED)
    .execute();
}

/** One gift code of the company's (any mode), or undefined. */
export async function findCompanyGiftCode(db: Kysely<DB>, companyId: string, id: string) {
  return db.selectFrom('gift_codes').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/**
 * A page of the company's codes in a mode, newest first, by status as the API shows it (an
 * open code past valid_until is expired) and by batch: on gift_codes_status_page or, for a
 * batch, gift_codes_of_batch (at most 1,000 rows). A cursor that names no code of the list
 * starts at the first page.
 */
export async function pageOfCodes(db: Kysely<DB>, companyId: string, livemode: boolean, filters: { status?: GiftCodeStatus; batchId?: string; after?: string }, now = new Date()) {
  const scope = db.selectFrom('gift_codes').selectAll().where('company_id', '=', companyId).where('livemode', '=', livemode);
  let q = filters.batchId ? scope.where('batch_id', '=', filters.batchId) : scope;
  if (filters.status === 'open') q = q.where('status', '=', 'open').where('valid_until', '>', now);
  else if (filters.status === 'expired') q = q.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'open'), eb('valid_until', '<=', now)])]));
  else if (filters.status) q = q.where('status', '=', filters.status);
  const options = { sortColumn: 'created_at', tiebreakColumn: 'id', idColumn: 'id', limit: CODES_PER_PAGE, startingAfter: filters.after };
  try {
    return await keysetPage(scope, q, options);
  } catch (error) {
    if (error instanceof CanopyError && filters.after) return keysetPage(scope, q, { ...options, startingAfter: undefined });
    throw error;
  }
}

/** Every code of a batch in the list's order, for its CSV and its cards. */
export async function codesOfBatch(db: Kysely<DB>, batchId: string) {
  return db
    .selectFrom('gift_codes')
    .select(['id', 'code', 'trees', 'status', 'valid_until'])
    .where('batch_id', '=', batchId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_BATCH_CODES)
    .execute();
}

/** The names of the company's projects in a mode, for the form's choice (company_projects). */
export async function companyProjectNames(db: Kysely<DB>, companyId: string, livemode: boolean) {
  return db
    .selectFrom('company_projects as cp')
    .innerJoin('projects as p', 'p.id', 'cp.project_id')
    .select(['p.id', 'p.name'])
    .where('cp.company_id', '=', companyId)
    .where('cp.livemode', '=', livemode)
    .orderBy('p.id')
    .execute();
}

/** The company's unassigned trees in a mode, as GET /v2/company's trees_unassigned reads them (company_totals). */
export async function unassignedTrees(db: Kysely<DB>, companyId: string, livemode: boolean): Promise<number> {
  const row = await db.selectFrom('company_totals').select('trees_unassigned').where('company_id', '=', companyId).where('livemode', '=', livemode).executeTakeFirst();
  return Number(row?.trees_unassigned ?? 0);
}
