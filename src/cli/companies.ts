import type { RateLimitOverrides } from '../core/rate-limits.ts';
import { PLANS, type Plan } from '../core/plans.ts';
import {
  type CompanyDetails, CompanyDetailInvalid, CompanyNotFound, createCompany, listCompanies, setCompanyPlan, setCompanyRateLimits, updateCompany,
} from '../operator/companies.ts';
import { type CommandResult, type CommandSpec, isoOrDash, optionalOption, type ParsedInput, requiredOption, succeed, table, UsageError } from './command.ts';

interface CompanyRow {
  id: string;
  name: string;
  slug: string;
  plan: string;
  status: string;
  country: string | null;
  website_url: string | null;
  logo_url: string | null;
  contact_email: string | null;
  privacy_url: string | null;
  impact_page_public: boolean;
  about_en: string | null;
  about_nl: string | null;
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
    contact_email: row.contact_email,
    privacy_url: row.privacy_url,
    impact_page: row.impact_page_public ? 'public' : 'hidden',
    about: { en: row.about_en, nl: row.about_nl },
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

/** The options that set how a company presents itself, and the detail each sets. */
const DETAIL_OPTIONS = {
  name: 'name', country: 'country', website: 'websiteUrl', logo: 'logoUrl', 'contact-email': 'contactEmail', 'privacy-url': 'privacyUrl',
  'impact-page': 'impactPage', about: 'aboutEn', 'about-nl': 'aboutNl',
} as const satisfies Record<string, keyof CompanyDetails>;
const OPTION_OF_COLUMN = {
  name: 'name', country: 'country', website_url: 'website', logo_url: 'logo', contact_email: 'contact-email', privacy_url: 'privacy-url',
  impact_page_public: 'impact-page', about_en: 'about', about_nl: 'about-nl',
} as const satisfies Record<CompanyDetailInvalid['column'], keyof typeof DETAIL_OPTIONS>;
const DETAIL_USAGE =
  '[--country CC] [--website URL] [--logo URL] [--contact-email EMAIL] [--privacy-url URL] [--impact-page public|hidden] [--about TEXT] [--about-nl TEXT]';

/** The details given on the command line: an option left out is undefined (unchanged), an empty one ("") null (cleared). */
function detailsOf(input: ParsedInput): CompanyDetails {
  const details: Record<string, string | null> = {};
  for (const [option, detail] of Object.entries(DETAIL_OPTIONS)) {
    const value = input.values[option];
    if (typeof value === 'string') details[detail] = value.trim() === '' && option !== 'name' ? null : value;
  }
  return details as CompanyDetails;
}

/**
 * A refused detail or an unknown company, with a stable code (and the option at fault)
 * for scripts: `{"error": {"code": "detail_invalid", "option": "--contact-email", "message": ...}}`.
 */
async function orRefusal(input: ParsedInput, run: () => Promise<CommandResult>): Promise<CommandResult> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CompanyDetailInvalid || error instanceof CompanyNotFound)) throw error;
    const option = error instanceof CompanyDetailInvalid ? `--${OPTION_OF_COLUMN[error.column]}` : undefined;
    const output = input.json
      ? JSON.stringify({ error: { code: error.code, ...(option ? { option } : {}), message: error.message } }, null, 2)
      : `Error: ${option ? `${option}: ` : ''}${error.message}`;
    return { exitCode: 1, output };
  }
}

const DETAIL_OPTION_TYPES = Object.fromEntries(Object.keys(DETAIL_OPTIONS).map((option) => [option, { type: 'string' as const }]));

const create: CommandSpec = {
  path: ['companies', 'create'],
  summary: 'Creates a company (plan automate unless --plan says otherwise).',
  usage: `--name NAME [--plan ${PLANS.join('|')}] ${DETAIL_USAGE} [--json]`,
  options: { ...DETAIL_OPTION_TYPES, plan: { type: 'string' } },
  run: ({ db }, input) =>
    orRefusal(input, async () => {
      const company = await createCompany(db, {
        ...detailsOf(input),
        name: requiredOption(input, 'name'),
        plan: (optionalOption(input, 'plan') ?? 'automate') as Plan,
      });
      return succeed(input, presentCompany(company), `Created company ${company.id} "${company.name}" (plan ${company.plan}${company.country ? `, ${company.country}` : ''}).`);
    }),
};

const update: CommandSpec = {
  path: ['companies', 'update'],
  summary:
    'Changes how a company presents itself: name, country, website, logo, contact email (the Reply-To of its certificate emails), privacy policy (linked from its claim page), its public impact page (public or hidden) and its text there in English and Dutch (--about, --about-nl). "" clears one.',
  usage: `COMPANY_ID [--name NAME] ${DETAIL_USAGE} [--json]`,
  positionals: ['COMPANY_ID'],
  options: DETAIL_OPTION_TYPES,
  run: ({ db }, input) =>
    orRefusal(input, async () => {
      const details = detailsOf(input);
      if (Object.keys(details).length === 0) throw new UsageError(`Give at least one of ${Object.keys(DETAIL_OPTIONS).map((option) => `--${option}`).join(', ')}.`);
      const company = await updateCompany(db, input.positionals[0] ?? '', details);
      const shown = (value: string | null) => value ?? '-';
      const human = [
        `Updated ${company.id} "${company.name}":`,
        table(['DETAIL', 'VALUE'], [
          ['country', shown(company.country)],
          ['website', shown(company.website_url)],
          ['logo', shown(company.logo_url)],
          ['contact email', shown(company.contact_email)],
          ['privacy policy', shown(company.privacy_url)],
          ['impact page', company.impact_page_public ? 'public' : 'hidden'],
          ['about (en)', shown(company.about_en)],
          ['about (nl)', shown(company.about_nl)],
        ]),
      ].join('\n');
      return succeed(input, presentCompany(company), human);
    }),
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

export const companyCommands = [create, update, setPlan, setLimits, list];
