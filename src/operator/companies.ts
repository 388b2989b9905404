import type { Updateable } from 'kysely';
import { PLANS, type Plan } from '../core/plans.ts';
import { newId } from '../core/ids.ts';
import type { RateLimitOverrides } from '../core/rate-limits.ts';
import type { CompaniesTable, Db } from '../db/schema.ts';
import { TOTAL_PARTS } from '../domain/counters.ts';
import { authChanged } from '../db/notifications.ts';
import { inTransaction } from '../db/transaction.ts';
import { OperatorError } from './errors.ts';
import { type CompanyDetails, CompanyDetailRefused, type DetailColumn, detailColumns as checkedColumns } from '../modules/company/details.ts';

export { OperatorError } from './errors.ts';

export { type CompanyDetails, MAX_ABOUT_LENGTH, MAX_COMPANY_NAME_LENGTH } from '../modules/company/details.ts';

export interface CreateCompanyInput extends CompanyDetails {
  name: string;
  slug?: string;
  plan?: Plan;
}

/** A detail the operator gave that cannot be stored: names its column, with a code scripts can rely on. */
export class CompanyDetailInvalid extends OperatorError {
  readonly code = 'detail_invalid';
  constructor(readonly column: DetailColumn, message: string) {
    super(message);
  }
}

export class CompanyNotFound extends OperatorError {
  readonly code = 'company_not_found';
  constructor(companyId: string) {
    super(`No company ${companyId}.`);
  }
}

/**
 * The columns for the details given, each checked first by the rules the dashboard uses too
 * (modules/company/details.ts): one refused throws before anything is written.
 */
export function detailColumns(details: CompanyDetails) {
  try {
    return checkedColumns(details);
  } catch (error) {
    if (error instanceof CompanyDetailRefused) throw new CompanyDetailInvalid(error.column, error.message);
    throw error;
  }
}

/** Creates a company with empty totals for both modes. */
export async function createCompany(db: Db, input: CreateCompanyInput) {
  const plan = input.plan ?? 'automate';
  if (!PLANS.includes(plan)) throw new OperatorError(`Unknown plan "${plan}"; use one of ${PLANS.join(', ')}.`);
  const { name = input.name, ...details } = detailColumns(input);
  // The company and its totals rows exist together or not at all: counters need them.
  return inTransaction(db, async (trx) => {
    const id = newId('company');
    const slug = input.slug ?? (await freeSlug(trx, slugify(name)));
    const now = new Date();
    const company = await trx
      .insertInto('companies')
      .values({ id, name, slug, plan, ...details, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('company_total_parts').values(totalParts(id)).execute();
    return company;
  });
}

/**
 * Changes the details given, all in one statement or none: each is checked first. The
 * slug stays, as the company's public addresses hold it.
 */
export async function updateCompany(db: Db, companyId: string, details: CompanyDetails) {
  const columns = detailColumns(details);
  if (Object.keys(columns).length === 0) throw new OperatorError('Name at least one detail to change.');
  return updateCompanyRow(db, companyId, columns);
}

/** A new company's totals: every part of both modes, at zero (migration 0017). */
function totalParts(companyId: string) {
  return [true, false].flatMap((livemode) => Array.from({ length: TOTAL_PARTS }, (_, part) => ({ company_id: companyId, livemode, part })));
}

export async function setCompanyPlan(db: Db, companyId: string, plan: string) {
  if (!PLANS.includes(plan as Plan)) throw new OperatorError(`Unknown plan "${plan}"; use one of ${PLANS.join(', ')}.`);
  return updateCompanyRow(db, companyId, { plan });
}

/** The highest override an operator may set: a sanity bound, far above any real need. */
export const MAX_RATE_LIMIT_PER_MINUTE = 1_000_000;

/**
 * Sets a company's own rate limits (requests a minute); null goes back to the
 * configuration's default, and a limit not named is left as it is. The API reads them
 * with the token on every request, so they apply to the next request on every process.
 */
export async function setCompanyRateLimits(db: Db, companyId: string, changes: Partial<RateLimitOverrides>) {
  const columns = {
    perTokenPerMinute: 'rate_limit_per_token_per_minute',
    perCompanyPerMinute: 'rate_limit_per_company_per_minute',
    writesPerCompanyPerMinute: 'rate_limit_writes_per_company_per_minute',
  } as const;
  const set: Partial<Record<(typeof columns)[keyof typeof columns], number | null>> = {};
  for (const [name, value] of Object.entries(changes) as [keyof RateLimitOverrides, number | null | undefined][]) {
    if (value === undefined) continue;
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_RATE_LIMIT_PER_MINUTE)) {
      throw new OperatorError(`A rate limit is a whole number of requests a minute from 1 to ${MAX_RATE_LIMIT_PER_MINUTE} (got ${value}).`);
    }
    set[columns[name]] = value;
  }
  if (Object.keys(set).length === 0) throw new OperatorError('Name at least one limit to change.');
  return updateCompanyRow(db, companyId, set);
}

export async function getCompany(db: Db, companyId: string) {
  const company = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
  if (!company) throw new CompanyNotFound(companyId);
  return company;
}

export async function listCompanies(db: Db) {
  return db.selectFrom('companies').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'company';
}

async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = await db.selectFrom('companies').select('slug').where('slug', 'like', `${base}%`).execute();
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** One company's columns changed in one statement; tokens read afresh (they hold the company's name, website and limits). */
async function updateCompanyRow(db: Db, companyId: string, set: Updateable<CompaniesTable>) {
  const company = await db
    .updateTable('companies')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  if (!company) throw new CompanyNotFound(companyId);
  authChanged(db);
  return company;
}
