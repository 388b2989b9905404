import { createCompany, listCompanies, PLANS, type Plan, setCompanyPlan } from '../operator/companies.ts';
import { OperatorError } from '../operator/errors.ts';
import { type CommandSpec, isoOrDash, optionalOption, requiredOption, succeed, table } from './command.ts';

interface CompanyRow {
  id: string;
  name: string;
  slug: string;
  plan: string;
  status: string;
  country: string | null;
  website_url: string | null;
  logo_url: string | null;
  created_at: Date;
  updated_at: Date;
}

function presentCompany(row: CompanyRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    status: row.status,
    country: row.country,
    website_url: row.website_url,
    logo_url: row.logo_url,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const create: CommandSpec = {
  path: ['companies', 'create'],
  summary: 'Creates a company (plan automate unless --plan says otherwise).',
  usage: `--name NAME [--plan ${PLANS.join('|')}] [--country CC] [--website URL] [--json]`,
  options: { name: { type: 'string' }, plan: { type: 'string' }, country: { type: 'string' }, website: { type: 'string' } },
  async run({ db }, input) {
    const country = optionalOption(input, 'country')?.toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) throw new OperatorError(`"${country}" is not a two-letter country code (ISO 3166-1 alpha-2).`);
    const company = await createCompany(db, {
      name: requiredOption(input, 'name'),
      plan: (optionalOption(input, 'plan') ?? 'automate') as Plan,
      country: country ?? null,
      websiteUrl: optionalOption(input, 'website') ?? null,
    });
    return succeed(input, presentCompany(company), `Created company ${company.id} "${company.name}" (plan ${company.plan}${company.country ? `, ${company.country}` : ''}).`);
  },
};

const setPlan: CommandSpec = {
  path: ['companies', 'set-plan'],
  summary: 'Changes the plan of a company; the API accepts its tokens only on plan automate.',
  usage: `COMPANY_ID ${PLANS.join('|')} [--json]`,
  positionals: ['COMPANY_ID', 'PLAN'],
  async run({ db }, input) {
    const [companyId = '', plan = ''] = input.positionals;
    const company = await setCompanyPlan(db, companyId, plan);
    return succeed(input, presentCompany(company), `${company.id} "${company.name}" is now on plan ${company.plan}.`);
  },
};

const list: CommandSpec = {
  path: ['companies', 'list'],
  summary: 'Lists every company, oldest first.',
  usage: '[--json]',
  async run({ db }, input) {
    const companies = await listCompanies(db);
    const rows = companies.map((c) => [c.id, c.name, c.plan, c.country ?? '-', isoOrDash(c.created_at)]);
    return succeed(input, { data: companies.map(presentCompany) }, table(['ID', 'NAME', 'PLAN', 'COUNTRY', 'CREATED'], rows));
  },
};

export const companyCommands = [create, setPlan, list];
