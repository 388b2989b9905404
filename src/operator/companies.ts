import { newId } from '../core/ids.ts';
import type { Db } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { OperatorError } from './errors.ts';

export { OperatorError } from './errors.ts';

export const PLANS = ['starter', 'grow', 'automate'] as const;
export type Plan = (typeof PLANS)[number];

export interface CreateCompanyInput {
  name: string;
  slug?: string;
  plan?: Plan;
  country?: string | null;
  websiteUrl?: string | null;
  logoUrl?: string | null;
}

/** Creates a company with empty totals for both modes. */
export async function createCompany(db: Db, input: CreateCompanyInput) {
  if (!input.name.trim()) throw new OperatorError('A company needs a name.');
  const plan = input.plan ?? 'automate';
  if (!PLANS.includes(plan)) throw new OperatorError(`Unknown plan "${plan}"; use one of ${PLANS.join(', ')}.`);
  // The company and its totals rows exist together or not at all: counters need them.
  return inTransaction(db, async (trx) => {
    const id = newId('company');
    const slug = input.slug ?? (await freeSlug(trx, slugify(input.name)));
    const now = new Date();
    const company = await trx
      .insertInto('companies')
      .values({
        id, name: input.name.trim(), slug, plan, country: input.country ?? null,
        website_url: input.websiteUrl ?? null, logo_url: input.logoUrl ?? null, created_at: now, updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('company_totals').values([{ company_id: id, livemode: true }, { company_id: id, livemode: false }]).execute();
    return company;
  });
}

export async function setCompanyPlan(db: Db, companyId: string, plan: string) {
  if (!PLANS.includes(plan as Plan)) throw new OperatorError(`Unknown plan "${plan}"; use one of ${PLANS.join(', ')}.`);
  const company = await db
    .updateTable('companies')
    .set({ plan, updated_at: new Date() })
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  if (!company) throw new OperatorError(`No company ${companyId}.`);
  return company;
}

export async function getCompany(db: Db, companyId: string) {
  const company = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
  if (!company) throw new OperatorError(`No company ${companyId}.`);
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
