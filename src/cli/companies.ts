import type { RateLimitOverrides } from '../core/rate-limits.ts';
import { PLANS, type Plan } from '../core/plans.ts';
import { createCompany, listCompanies, setCompanyPlan, setCompanyRateLimits } from '../operator/companies.ts';
import { OperatorError } from '../operator/errors.ts';
import { type CommandSpec, isoOrDash, optionalOption, type ParsedInput, requiredOption, succeed, table, UsageError } from './command.ts';

interface CompanyRow {
  id: string;
  name: string;
  slug: string;
  plan: string;
  status: string;
  country: string | null;
  website_url: string | null;
  logo_url: string | null;
  rate_limit_per_token_per_minute: number | null;
  rate_limit_per_company_per_minute: number | null;
  rate_limit_writes_per_company_per_minute: number | null;
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
    // The company's own API rate limits, requests a minute; null: the configuration's default.
    rate_limits: {
      per_token_per_minute: row.rate_limit_per_token_per_minute,
      per_company_per_minute: row.rate_limit_per_company_per_minute,
      writes_per_company_per_minute: row.rate_limit_writes_per_company_per_minute,
    },
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

/** `--per-token 300`, `--per-token default` (back to the configuration's), or absent (unchanged). */
function limitOption(input: ParsedInput, option: string): number | null | undefined {
  const value = optionalOption(input, option);
  if (value === undefined) return undefined;
  if (value === 'default') return null;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${option} takes a whole number of requests a minute, or "default"; got "${value}".`);
  return Number(value);
}

const setLimits: CommandSpec = {
  path: ['companies', 'set-limits'],
  summary:
    "Sets a company's own API rate limits (requests a minute), or puts one back to the configuration's default; they apply to its next request on every server.",
  usage: 'COMPANY_ID [--per-token N|default] [--per-company N|default] [--writes N|default] [--json]',
  positionals: ['COMPANY_ID'],
  options: { 'per-token': { type: 'string' }, 'per-company': { type: 'string' }, writes: { type: 'string' } },
  async run({ db }, input) {
    const changes: Partial<RateLimitOverrides> = {
      perTokenPerMinute: limitOption(input, 'per-token'),
      perCompanyPerMinute: limitOption(input, 'per-company'),
      writesPerCompanyPerMinute: limitOption(input, 'writes'),
    };
    if (Object.values(changes).every((value) => value === undefined)) throw new UsageError('Give --per-token, --per-company or --writes.');
    const company = await setCompanyRateLimits(db, input.positionals[0] ?? '', changes);
    const shown = (value: number | null, variable: string) => (value === null ? `default (${variable})` : String(value));
    const human = [
      `Rate limits of ${company.id} "${company.name}", requests a minute:`,
      table(['LIMIT', 'VALUE'], [
        ['per token', shown(company.rate_limit_per_token_per_minute, 'RATE_LIMIT_PER_TOKEN_PER_MINUTE')],
        ['per company', shown(company.rate_limit_per_company_per_minute, 'RATE_LIMIT_PER_COMPANY_PER_MINUTE')],
        ['writes per company', shown(company.rate_limit_writes_per_company_per_minute, 'RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE')],
      ]),
    ].join('\n');
    return succeed(input, presentCompany(company), human);
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

export const companyCommands = [create, setPlan, setLimits, list];
