import type { Updateable } from 'kysely';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { PLANS, type Plan } from '../core/plans.ts';
import { newId } from '../core/ids.ts';
import type { RateLimitOverrides } from '../core/rate-limits.ts';
import type { CompaniesTable, Db } from '../db/schema.ts';
import { TOTAL_PARTS } from '../domain/counters.ts';
import { authChanged } from '../db/notifications.ts';
import { inTransaction } from '../db/transaction.ts';
import { OperatorError } from './errors.ts';

export { OperatorError } from './errors.ts';

/**
 * How a company presents itself to the people it gives trees, as the operator sets it:
 * undefined leaves a detail as it is, null clears it (the name cannot be cleared).
 */
export interface CompanyDetails {
  name?: string;
  country?: string | null;
  websiteUrl?: string | null;
  logoUrl?: string | null;
  /** The Reply-To of its certificate emails. */
  contactEmail?: string | null;
  /** Its privacy policy, linked from the claim page. */
  privacyUrl?: string | null;
  /** Whether its public impact page shows its trees (hidden: a plain "not public" page at the same address). */
  impactPage?: 'public' | 'hidden';
  /** Its short text on the impact page, in English and in Dutch: plain text, paragraphs by blank lines. */
  aboutEn?: string | null;
  aboutNl?: string | null;
}

export interface CreateCompanyInput extends CompanyDetails {
  name: string;
  slug?: string;
  plan?: Plan;
}

type DetailColumn = 'name' | 'country' | 'website_url' | 'logo_url' | 'contact_email' | 'privacy_url' | 'impact_page_public' | 'about_en' | 'about_nl';

/** The longest text a company writes about its trees, per language: a few sentences above its figures, never an essay. */
export const MAX_ABOUT_LENGTH = 600;

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

/** What the API's `email` format accepts (ajv-formats in full mode, as app.ts sets it up): one rule for an address wherever it comes in. */
const EMAIL = fullFormats.email as RegExp;

/** The longest company name: the certificate PDF's header prints it whole (certificates/pdf.ts). */
export const MAX_COMPANY_NAME_LENGTH = 200;

/**
 * The columns for the details given, each checked first: one refused throws before
 * anything is written. Addresses are stored as the URL parser writes them, so a page
 * links exactly what was checked.
 */
export function detailColumns(details: CompanyDetails) {
  const columns: {
    name?: string; country?: string | null; website_url?: string | null; logo_url?: string | null; contact_email?: string | null; privacy_url?: string | null;
    impact_page_public?: boolean; about_en?: string | null; about_nl?: string | null;
  } = {};
  if (details.name !== undefined) {
    const name = details.name.trim();
    if (!name) throw new CompanyDetailInvalid('name', 'A company needs a name.');
    if (name.length > MAX_COMPANY_NAME_LENGTH) throw new CompanyDetailInvalid('name', `A company name can be at most ${MAX_COMPANY_NAME_LENGTH} characters.`);
    columns.name = name;
  }
  if (details.country !== undefined) columns.country = details.country === null ? null : countryCode(details.country);
  if (details.websiteUrl !== undefined) columns.website_url = details.websiteUrl === null ? null : webAddress('website_url', 'The website', details.websiteUrl);
  if (details.logoUrl !== undefined) columns.logo_url = details.logoUrl === null ? null : webAddress('logo_url', 'The logo', details.logoUrl);
  if (details.privacyUrl !== undefined) columns.privacy_url = details.privacyUrl === null ? null : webAddress('privacy_url', 'The privacy policy', details.privacyUrl);
  if (details.contactEmail !== undefined) columns.contact_email = details.contactEmail === null ? null : emailAddress(details.contactEmail);
  if (details.impactPage !== undefined) {
    if (details.impactPage !== 'public' && details.impactPage !== 'hidden') {
      throw new CompanyDetailInvalid('impact_page_public', `The impact page is "public" or "hidden"; got "${details.impactPage}".`);
    }
    columns.impact_page_public = details.impactPage === 'public';
  }
  if (details.aboutEn !== undefined) columns.about_en = details.aboutEn === null ? null : aboutText('about_en', details.aboutEn);
  if (details.aboutNl !== undefined) columns.about_nl = details.aboutNl === null ? null : aboutText('about_nl', details.aboutNl);
  return columns;
}

/** Plain text the page prints escaped: line endings made \n, no control characters, trimmed, at most MAX_ABOUT_LENGTH. */
function aboutText(column: 'about_en' | 'about_nl', value: string): string | null {
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)) throw new CompanyDetailInvalid(column, 'The text may hold line breaks but no other control characters.');
  if ([...text].length > MAX_ABOUT_LENGTH) throw new CompanyDetailInvalid(column, `The text can be at most ${MAX_ABOUT_LENGTH} characters.`);
  return text;
}

function countryCode(value: string): string {
  const country = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new CompanyDetailInvalid('country', `"${value}" is not a two-letter country code (ISO 3166-1 alpha-2).`);
  return country;
}

function emailAddress(value: string): string {
  const email = value.trim();
  if (email.length > 254 || !EMAIL.test(email)) throw new CompanyDetailInvalid('contact_email', `"${value}" is not an email address (like hello@example.com).`);
  // A domain knows no case, and mail software writes it in lower case: stored as it is sent.
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}${email.slice(at).toLowerCase()}`;
}

/**
 * An https address; http only on this machine (localhost, 127.x, ::1), for development.
 * Pages allow images from https only (platform/pages/page.ts), and a page a recipient
 * is sent to should not be readable or changeable on the way.
 */
function webAddress(column: DetailColumn, what: string, value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CompanyDetailInvalid(column, `${what} must be a full https:// address; "${value}" is not one.`);
  }
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new CompanyDetailInvalid(column, `${what} must be an https:// address (http:// only for localhost); "${value}" is not one.`);
  }
  if (url.username || url.password) throw new CompanyDetailInvalid(column, `${what} must not hold a user name or password.`);
  if (url.href.length > 2048) throw new CompanyDetailInvalid(column, `${what} can be at most 2048 characters.`);
  return url.href;
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
