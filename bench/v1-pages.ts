/**
 * Benchmark: GET /v1/get-trees by page number (issue 11) for a company with 100,000
 * legacy trees and planted foundation allocations after them, next to another company as
 * large and a small one, over real HTTP, on PGlite and on PostgreSQL: page 1, a middle
 * page, the last page of legacy trees only, the first and the last page of allocations;
 * each statement of a page timed alone, and the plans of the last page.
 * See bench/README.md for how to run it and bench/RESULTS.md for figures.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { newId, randomAlphanumeric } from '../src/core/ids.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { installFeatures } from '../src/features.ts';
import { applySingle } from '../src/foundation/apply.ts';
import { V1_PER_PAGE } from '../src/legacy-v1/pages.ts';
import { createCompany } from '../src/operator/companies.ts';
import { createToken } from '../src/operator/tokens.ts';
import { createUser } from '../src/operator/users.ts';
import { databaseTargets, wholeNumber } from './args.ts';
import { explain, QueryCapture } from './query-capture.ts';
import { describe, type Timing, timeQuery } from './report.ts';
import { insertBenchProject, setCountersFromAllocations } from './seed-allocations.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    legacy: { type: 'string', default: '100000' },
    planted: { type: 'string', default: '2000' },
    pledged: { type: 'string', default: '2000' },
    'other-legacy': { type: 'string' },
    'other-planted': { type: 'string', default: '50000' },
    'other-pledged': { type: 'string', default: '50000' },
    'small-legacy': { type: 'string', default: '1000' },
    'small-planted': { type: 'string', default: '20' },
    'per-donation': { type: 'string', default: '100' },
    real: { type: 'string', default: '3' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    repeat: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    json: { type: 'string' },
    'no-vacuum': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const legacy = wholeNumber('legacy', opts.legacy);
const planted = wholeNumber('planted', opts.planted, 0);
const pledged = wholeNumber('pledged', opts.pledged, 0);
const perDonation = wholeNumber('per-donation', opts['per-donation']);
const real = wholeNumber('real', opts.real, 0);
const repeat = wholeNumber('repeat', opts.repeat);
const warmup = wholeNumber('warmup', opts.warmup, 0);
const { targets, postgresUrl } = databaseTargets(opts);

/** The three companies: the one measured, another as large (only there), and a small one. */
interface CompanySpec {
  key: 'large' | 'other' | 'small';
  legacy: number;
  planted: number;
  pledged: number;
}
const SPECS: CompanySpec[] = [
  { key: 'large', legacy, planted, pledged },
  {
    key: 'other',
    legacy: opts['other-legacy'] ? wholeNumber('other-legacy', opts['other-legacy'], 0) : legacy,
    planted: wholeNumber('other-planted', opts['other-planted'], 0),
    pledged: wholeNumber('other-pledged', opts['other-pledged'], 0),
  },
  {
    key: 'small',
    legacy: wholeNumber('small-legacy', opts['small-legacy']),
    planted: wholeNumber('small-planted', opts['small-planted'], 0),
    pledged: wholeNumber('small-planted', opts['small-planted'], 0),
  },
];

const PUBLIC_BASE_URL = 'http://127.0.0.1';
const PLANTINGS = 20;
/** Legacy donations, one minute apart from here: before v2 existed. */
const LEGACY_ORIGIN = new Date('2019-01-01T00:00:00.000Z');
/** Foundation allocations, planted and pledged in turn, one minute apart from here. */
const FOUNDATION_ORIGIN = new Date('2023-01-01T00:00:00.000Z');
/** Legacy donations per INSERT; the companies' batches take turns, so their rows interleave on disk. */
const DONATIONS_PER_BATCH = 20;

interface Shared {
  projectId: string;
  plantings: { id: string; ref: string }[];
}

interface SeededCompany extends CompanySpec {
  companyId: string;
  token: string;
  donations: number;
  realDonations: number;
}

interface Scenario {
  company: SeededCompany;
  name: string;
  page: number;
  rows: number;
  firstId: string;
  lastId: string;
}

interface StatementTiming {
  request: string;
  statement: string;
  timing: Timing;
}

type Result =
  | {
      label: string;
      seedSeconds: number;
      seedChecks: string[];
      sizes: Record<string, number>;
      peakRssMb: number;
      timings: (Timing & { company: string; page: number; rows: number })[];
      statements: StatementTiming[];
      plans: { request: string; statement: string; sql: string; plan: string }[];
    }
  | { label: string; error: string };

/** Samples this process's resident memory, to report the peak (PGlite lives in it). */
function memoryWatch() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 250);
  return { peakMb: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20), stop: () => clearInterval(timer) };
}

/** One partner, one project, PLANTINGS done plantings with a complete dossier (so donations start `planted`). */
async function seedShared(db: Kysely<DB>): Promise<Shared> {
  const { partnerId, projectId } = await insertBenchProject(db, { legacy_id: 17, latitude: -1.295, longitude: 36.805 });
  const geometry = JSON.stringify({ type: 'Polygon', coordinates: [[[36.8, -1.3], [36.81, -1.3], [36.81, -1.29], [36.8, -1.29], [36.8, -1.3]]] });
  const species = JSON.stringify([{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: null }]);
  const plantings: Shared['plantings'] = [];
  for (let i = 0; i < PLANTINGS; i++) {
    const id = newId('planting');
    const ref = `bench-${id}`;
    plantings.push({ id, ref });
    await db
      .insertInto('plantings')
      .values({
        id, foundation_ref: ref, livemode: true, project_id: projectId, partner_id: partnerId, planted_at: '2018-04-15',
        trees: 100_000_000, species, geometry, latitude: -1.295 + i / 1000, longitude: 36.805, completed_at: new Date(),
      })
      .execute();
  }
  return { projectId, plantings };
}

const treeId = (key: string, donation: number, tree: number) => `${key}-${String(donation).padStart(6, '0')}-${String(tree).padStart(3, '0')}`;
const donationTrees = (spec: CompanySpec, n: number) => Math.min(perDonation, spec.legacy - (n - 1) * perDonation);

async function createV1Company(db: Kysely<DB>, spec: CompanySpec): Promise<SeededCompany> {
  const company = await createCompany(db, { name: `Bench ${spec.key} ${randomAlphanumeric(6)}`, plan: 'automate', country: 'NL' });
  const email = `bench-${spec.key}-${randomAlphanumeric(6).toLowerCase()}@example.com`;
  await createUser(db, { companyId: company.id, email, name: 'Bench Admin', role: 'admin' });
  const token = await createToken(db, { companyId: company.id, ownerEmail: email, scopes: [], livemode: true, apiVersion: 'v1', name: 'bench v1' });
  const donations = Math.ceil(spec.legacy / perDonation);
  return { ...spec, companyId: company.id, token: token.token, donations, realDonations: Math.min(real, donations) };
}

/** Legacy donation `n` of the company as the foundation records it: record_allocation, source legacy, one id per tree. */
async function recordRealDonation(db: Kysely<DB>, shared: Shared, company: SeededCompany, n: number): Promise<void> {
  const trees = donationTrees(company, n);
  await applySingle(db, {
    op: 'record_allocation',
    input: {
      ref: `bench-legacy-${company.companyId}-${n}`,
      company_id: company.companyId,
      livemode: true,
      planting_ref: shared.plantings[n % PLANTINGS]!.ref,
      trees,
      source: 'legacy',
      legacy_order_id: `WC-${n}`,
      legacy_tree_ids: Array.from({ length: trees }, (_, j) => treeId(company.key, n, j + 1)),
      allocated_at: new Date(LEGACY_ORIGIN.getTime() + n * 60_000).toISOString(),
    },
  }, PUBLIC_BASE_URL);
}

/**
 * Legacy donations `from`..`to` by SQL, as record_allocation would write them: the
 * allocation (status planted, its tree ids in `legacy_tree_ids`) and one legacy_trees row
 * per tree, numbered after the company's earlier trees in the order they were recorded
 * (donation n's tree j at (n - 1) * perDonation + j: every donation before the last is full).
 */
async function insertLegacyDonations(db: Kysely<DB>, shared: Shared, company: SeededCompany, from: number, to: number): Promise<void> {
  const plantingIds = shared.plantings.map((p) => p.id);
  const { companyId, key } = company;
  await sql`
    INSERT INTO allocations (id, company_id, livemode, planting_id, project_id, trees, status, source, foundation_ref,
                             legacy_tree_ids, legacy_order_id, allocated_at, created_at, updated_at)
    SELECT 'alloc_' || substr(md5(${companyId} || ':legacy:' || n), 1, 24), ${companyId}, true,
           (${plantingIds}::text[])[1 + n % ${PLANTINGS}], ${shared.projectId}, d.trees, 'planted', 'legacy',
           'bench-legacy-' || ${companyId} || '-' || n, ids.ids, 'WC-' || n, at.t, at.t, at.t
    FROM generate_series(${from}::int, ${to}::int) AS n,
         LATERAL (SELECT least(${perDonation}::int, ${company.legacy}::int - (n - 1) * ${perDonation}::int) AS trees) AS d,
         LATERAL (SELECT array_agg(${key} || '-' || lpad(n::text, 6, '0') || '-' || lpad(j::text, 3, '0') ORDER BY j) AS ids
                  FROM generate_series(1, d.trees) AS j) AS ids,
         LATERAL (SELECT ${LEGACY_ORIGIN}::timestamptz + n * interval '1 minute' AS t) AS at
  `.execute(db);
  await sql`
    INSERT INTO legacy_trees (company_id, livemode, position, tree_id, planting_id)
    SELECT ${companyId}, true, (n - 1) * ${perDonation}::int + j,
           ${key} || '-' || lpad(n::text, 6, '0') || '-' || lpad(j::text, 3, '0'),
           (${plantingIds}::text[])[1 + n % ${PLANTINGS}]
    FROM generate_series(${from}::int, ${to}::int) AS n,
         LATERAL generate_series(1, least(${perDonation}::int, ${company.legacy}::int - (n - 1) * ${perDonation}::int)) AS j
  `.execute(db);
}

/**
 * Foundation allocations after the legacy ones: `planted` planted or monitored (every
 * fourth) and `pledged` pledged, in turn one minute apart, so the v1 list's partial index
 * holds the first kind only.
 */
async function insertFoundationAllocations(db: Kysely<DB>, shared: Shared, company: SeededCompany): Promise<void> {
  const plantingIds = shared.plantings.map((p) => p.id);
  const rows = Math.max(company.planted, company.pledged) * 2;
  for (let from = 1; from <= rows; from += 50_000) {
    const to = Math.min(rows, from + 49_999);
    await sql`
      INSERT INTO allocations (id, company_id, livemode, planting_id, project_id, trees, status, source,
                               allocated_at, created_at, updated_at)
      SELECT 'alloc_' || substr(md5(${company.companyId} || ':foundation:' || n), 1, 24), ${company.companyId}, true,
             (${plantingIds}::text[])[1 + n % ${PLANTINGS}], ${shared.projectId}, 1 + n % 25,
             CASE WHEN n % 2 = 0 THEN 'pledged' WHEN n % 8 = 1 THEN 'monitored' ELSE 'planted' END, 'foundation', at.t, at.t, at.t
      FROM generate_series(${from}::int, ${to}::int) AS n,
           LATERAL (SELECT ${FOUNDATION_ORIGIN}::timestamptz + n * interval '1 minute' AS t) AS at
      WHERE (n % 2 = 1 AND (n + 1) / 2 <= ${company.planted}::int) OR (n % 2 = 0 AND n / 2 <= ${company.pledged}::int)
    `.execute(db);
  }
}

/**
 * The seed as the application would have left it: legacy_trees numbered 1..N per company
 * exactly as migration 0014 numbers the legacy allocations' trees (recorded order, then
 * order within the donation), and the counts asked for.
 */
async function checkSeed(db: Kysely<DB>, company: SeededCompany): Promise<string> {
  const { rows } = await sql<{ mismatches: number; trees: number; last: number | null; planted: number; pledged: number }>`
    SELECT
      (SELECT count(*)::int FROM (
         SELECT row_number() OVER (ORDER BY a.allocated_at, coalesce(a.split_from_id, a.id), t.ord) AS position, t.tree_id, a.planting_id
         FROM allocations a, unnest(a.legacy_tree_ids) WITH ORDINALITY AS t(tree_id, ord)
         WHERE a.company_id = ${company.companyId} AND a.livemode AND a.source = 'legacy'
       ) expected
       FULL JOIN (SELECT position, tree_id, planting_id FROM legacy_trees WHERE company_id = ${company.companyId} AND livemode) actual USING (position)
       WHERE expected.tree_id IS DISTINCT FROM actual.tree_id OR expected.planting_id IS DISTINCT FROM actual.planting_id) AS mismatches,
      (SELECT count(*)::int FROM legacy_trees WHERE company_id = ${company.companyId} AND livemode) AS trees,
      (SELECT max(position) FROM legacy_trees WHERE company_id = ${company.companyId} AND livemode) AS last,
      (SELECT count(*)::int FROM allocations WHERE company_id = ${company.companyId} AND livemode AND source = 'foundation' AND status IN ('planted', 'monitored')) AS planted,
      (SELECT count(*)::int FROM allocations WHERE company_id = ${company.companyId} AND livemode AND source = 'foundation' AND status = 'pledged') AS pledged
  `.execute(db);
  const r = rows[0]!;
  const ok = r.mismatches === 0 && r.trees === company.legacy && Number(r.last) === company.legacy && r.planted === company.planted && r.pledged === company.pledged;
  const line = `${company.key}: ${r.trees.toLocaleString('en')} legacy trees at positions 1..${Number(r.last).toLocaleString('en')}, ${r.mismatches} off the migration's numbering; ${r.planted.toLocaleString('en')} planted and ${r.pledged.toLocaleString('en')} pledged foundation allocations`;
  if (!ok) throw new Error(`the seed is not what was asked: ${line}`);
  return line;
}

async function seed(db: Kysely<DB>): Promise<{ companies: SeededCompany[]; checks: string[] }> {
  const shared = await seedShared(db);
  const companies: SeededCompany[] = [];
  for (const spec of SPECS) companies.push(await createV1Company(db, spec));
  // The first donations of each company through the real path (record_allocation numbers their trees)...
  for (const company of companies) for (let n = 1; n <= company.realDonations; n++) await recordRealDonation(db, shared, company, n);
  // ...the rest by SQL, the companies taking turns.
  const next = new Map(companies.map((c) => [c.key, c.realDonations + 1]));
  let written = 0;
  let reported = 0;
  for (let more = true; more; ) {
    more = false;
    for (const company of companies) {
      const from = next.get(company.key)!;
      if (from > company.donations) continue;
      const to = Math.min(company.donations, from + DONATIONS_PER_BATCH - 1);
      await insertLegacyDonations(db, shared, company, from, to);
      next.set(company.key, to + 1);
      written += to - from + 1;
      more = true;
    }
    if (written - reported >= 500) {
      reported = written;
      log(`  ${written.toLocaleString('en')} legacy donations`);
    }
  }
  for (const company of companies) await insertFoundationAllocations(db, shared, company);
  for (const company of companies) await setCountersFromAllocations(db, company.companyId);
  // As autovacuum leaves a table that is written once: statistics, and the visibility map
  // that lets count(*) read the partial index alone. --no-vacuum: statistics only, as right
  // after a bulk load.
  if (opts['no-vacuum']) await sql`ANALYZE`.execute(db);
  else await sql`VACUUM ANALYZE`.execute(db);
  const checks: string[] = [];
  for (const company of companies) checks.push(await checkSeed(db, company));
  return { companies, checks };
}

/** The id at position `position` (1-based) of the company's v1 tree list, found without the app's queries. */
async function idAt(db: Kysely<DB>, company: SeededCompany, position: number): Promise<string> {
  if (position <= company.legacy) {
    const { rows } = await sql<{ id: string }>`SELECT tree_id AS id FROM legacy_trees WHERE company_id = ${company.companyId} AND livemode AND position = ${position}`.execute(db);
    return rows[0]!.id;
  }
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT id, row_number() OVER (ORDER BY allocated_at, id) AS n FROM allocations
      WHERE company_id = ${company.companyId} AND livemode AND source = 'foundation' AND status IN ('planted', 'monitored')
    ) numbered WHERE n = ${position - company.legacy}`.execute(db);
  return rows[0]!.id;
}

/**
 * The large company's page 1, a middle page, the last page of legacy trees only, the first
 * and the last page of planted allocations; the small company's page 1 and last page.
 */
async function pickScenarios(db: Kysely<DB>, companies: SeededCompany[]): Promise<Scenario[]> {
  const wanted: { company: SeededCompany; name: string; page: number }[] = [];
  const large = companies.find((c) => c.key === 'large')!;
  const small = companies.find((c) => c.key === 'small')!;
  const pagesOf = (c: SeededCompany) => Math.ceil((c.legacy + c.planted) / V1_PER_PAGE);
  const lastLegacyOnly = Math.floor(large.legacy / V1_PER_PAGE);
  const firstAllocationsOnly = Math.ceil(large.legacy / V1_PER_PAGE) + 1;
  wanted.push({ company: large, name: 'page 1', page: 1 });
  if (lastLegacyOnly >= 4) wanted.push({ company: large, name: 'middle page', page: Math.floor(lastLegacyOnly / 2) });
  if (lastLegacyOnly >= 2) wanted.push({ company: large, name: 'last legacy-only page', page: lastLegacyOnly });
  if (firstAllocationsOnly < pagesOf(large)) wanted.push({ company: large, name: 'first allocations page', page: firstAllocationsOnly });
  if (pagesOf(large) > 1) wanted.push({ company: large, name: 'last page', page: pagesOf(large) });
  wanted.push({ company: small, name: 'page 1', page: 1 });
  if (pagesOf(small) > 1) wanted.push({ company: small, name: 'last page', page: pagesOf(small) });

  const scenarios: Scenario[] = [];
  for (const w of wanted) {
    const total = w.company.legacy + w.company.planted;
    const from = (w.page - 1) * V1_PER_PAGE + 1;
    const to = Math.min(w.page * V1_PER_PAGE, total);
    scenarios.push({ ...w, rows: to - from + 1, firstId: await idAt(db, w.company, from), lastId: await idAt(db, w.company, to) });
  }
  return scenarios;
}

const label = (s: Scenario) => `${s.company.key} ${s.name} (${s.page.toLocaleString('en')})`;

/**
 * `warmup` requests of each scenario, then `repeat` rounds in which each is sent once, in
 * turn, so a busy moment of the machine hits them alike. Each sample is the wall time from
 * sending the request to having read the whole body (kept-alive loopback connection); each
 * answer is checked: 200, the page's row count, first and last id, and the total.
 */
async function timeRequests(baseUrl: string, scenarios: Scenario[]): Promise<Timing[]> {
  const once = async (s: Scenario) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/v1/get-trees?page=${s.page}`, { headers: { authorization: `Bearer ${s.company.token}`, accept: 'application/json' } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${label(s)} answered ${response.status}: ${JSON.stringify(body)}`);
    const ids = body.data.map((row: { id: string }) => row.id);
    if (ids.length !== s.rows || ids[0] !== s.firstId || ids.at(-1) !== s.lastId || body.meta.total !== s.company.legacy + s.company.planted) {
      throw new Error(`${label(s)}: ${ids.length} rows ${ids[0]}..${ids.at(-1)} of ${body.meta.total}, expected ${s.rows} rows ${s.firstId}..${s.lastId} of ${s.company.legacy + s.company.planted}`);
    }
    return ms;
  };
  for (const s of scenarios) for (let i = 0; i < warmup; i++) await once(s);
  const samples = scenarios.map(() => [] as number[]);
  for (let round = 0; round < repeat; round++) for (const [i, s] of scenarios.entries()) samples[i]!.push(await once(s));
  return scenarios.map((s, i) => {
    const d = describe(samples[i]!);
    return { name: label(s), path: `/v1/get-trees?page=${s.page}`, samplesMs: samples[i]!, p50: d.p50, p95: d.p95, mean: d.mean, min: d.min, max: d.max };
  });
}

/** What a statement of GET /v1/get-trees is, from its SQL. */
function statementKind(query: CompiledQuery): string | null {
  const text = query.sql;
  if (/^\s*update/i.test(text)) return null; // last_used_at, at most once a minute: not part of a page
  if (/from "api_tokens"/i.test(text)) return 'token';
  if (/max\("position"\)/i.test(text)) return 'legacy total: max(position)';
  if (/count\(\*\)/i.test(text)) return 'planted count: count(*)';
  if (/from "legacy_trees"/i.test(text)) return 'legacy rows';
  if (/from "allocations"/i.test(text)) return 'allocation rows (OFFSET)';
  return 'other';
}

/** Every select a page sends, recorded from the app and timed alone on the database; the last page's EXPLAINed. */
async function timeStatements(db: Kysely<DB>, capture: QueryCapture, baseUrl: string, scenarios: Scenario[]) {
  const statements: StatementTiming[] = [];
  const plans: { request: string; statement: string; sql: string; plan: string }[] = [];
  for (const s of scenarios) {
    capture.recording = true;
    await fetch(`${baseUrl}/v1/get-trees?page=${s.page}`, { headers: { authorization: `Bearer ${s.company.token}` } }).then((r) => r.arrayBuffer());
    capture.recording = false;
    for (const query of capture.take(db)) {
      const kind = statementKind(query);
      if (!kind) continue;
      statements.push({ request: label(s), statement: kind, timing: await timeQuery(kind, () => db.executeQuery(query), { repeat, warmup }) });
      const explained = s.company.key === 'large' && (s.name === 'last page' || s.name === 'last legacy-only page') && kind !== 'token';
      if (explained) plans.push({ request: label(s), statement: kind, sql: query.sql, plan: await explain(db, query) });
    }
  }
  return { statements, plans };
}

async function benchTarget(kind: 'pglite' | 'postgres'): Promise<Result> {
  const memory = memoryWatch();
  const opened: BenchDatabase =
    kind === 'pglite' ? await openPGlite(openDatabase, { dir: opts['pglite-dir'], keep: opts.keep, log }) : await openPostgres(openDatabase, postgresUrl!, { keep: opts.keep, log });
  const { database } = opened;
  const capture = new QueryCapture();
  try {
    await migrate(database);
    log(`${opened.label}: seeding ${SPECS.map((s) => `${s.key} ${s.legacy.toLocaleString('en')} legacy trees + ${s.planted.toLocaleString('en')} planted`).join(', ')}`);
    const started = performance.now();
    const { companies, checks } = await seed(database.db);
    const seedSeconds = (performance.now() - started) / 1000;
    log(`${opened.label}: seeded in ${seedSeconds.toFixed(1)} s`);
    for (const check of checks) log(`  ${check}`);
    const { rows: size } = await sql<{ name: string; mb: number }>`
      SELECT relname AS name, round(pg_total_relation_size(oid) / 1048576.0, 1)::float AS mb FROM pg_class
      WHERE relname IN ('legacy_trees', 'allocations', 'allocations_v1_planted', 'legacy_trees_pkey')`.execute(database.db);

    const config = loadConfig({
      PUBLIC_BASE_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000',
    });
    const app = await buildApp({ config: { ...config, secretKey: randomBytes(32).toString('hex') }, db: database.db.withPlugin(capture), logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app has no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    try {
      const scenarios = await pickScenarios(database.db, companies);
      log(`${opened.label}: timing ${scenarios.map(label).join(', ')} (${warmup} warm-up + ${repeat} each)`);
      const timings = await timeRequests(baseUrl, scenarios);
      log(`${opened.label}: timing each statement alone`);
      const { statements, plans } = await timeStatements(database.db, capture, baseUrl, scenarios);
      return {
        label: opened.label, seedSeconds, seedChecks: checks, sizes: Object.fromEntries(size.map((r) => [r.name, r.mb])), peakRssMb: memory.peakMb(),
        timings: timings.map((t, i) => ({ ...t, company: scenarios[i]!.company.key, page: scenarios[i]!.page, rows: scenarios[i]!.rows })),
        statements, plans,
      };
    } finally {
      await app.close();
    }
  } finally {
    memory.stop();
    await opened.close();
  }
}

const ms = (value: number) => value.toFixed(2);

/** The lines of a plan that say how a table was read (scan node, its rows, buffers) and the execution time. */
function keyLines(plan: string): string[] {
  const lines = plan.split('\n');
  const keep: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (/(Scan|Limit|Aggregate)\b.*\b(on|using|\(cost)/.test(line) && /(legacy_trees|allocations|Limit|Aggregate)/.test(line)) {
      keep.push(line.trim());
      const next = lines[i + 1]?.trim() ?? '';
      if (/^Index Cond/.test(next)) keep.push(`  ${next}`);
    }
    if (/Execution Time/.test(line)) keep.push(line.trim());
  }
  return keep;
}

function formatReport(results: Result[], loadBefore: string, loadAfter: string): string {
  const lines = [
    `# GET /v1/get-trees by page number (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
    '',
    `Companies: ${SPECS.map((s) => `${s.key} ${s.legacy.toLocaleString('en')} legacy trees + ${s.planted.toLocaleString('en')} planted (and ${s.pledged.toLocaleString('en')} pledged) foundation allocations`).join('; ')}. ` +
      `Legacy donations of ${perDonation} trees, the first ${real} of each company through record_allocation, the rest by SQL; then ${opts['no-vacuum'] ? 'ANALYZE only (--no-vacuum)' : 'VACUUM ANALYZE'}.`,
    `${V1_PER_PAGE} rows a page; ${warmup} warm-up requests, then ${repeat} timed requests per row, in rounds; milliseconds, client-side, over HTTP on loopback.`,
    `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}.`,
    '',
    '| database | request (page) | rows | p50 | p95 | mean | min | max |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    if ('error' in r) {
      lines.push(`| ${r.label} | failed: ${r.error.replaceAll('|', '/').slice(0, 160)} | | | | | | |`);
      continue;
    }
    for (const t of r.timings) lines.push(`| ${r.label} | ${t.name} | ${t.rows} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.mean)} | ${ms(t.min)} | ${ms(t.max)} |`);
  }
  lines.push('', 'Ratios to the same company\'s page 1 (p50, mean):', '');
  for (const r of results) {
    if ('error' in r) continue;
    const first = new Map(r.timings.filter((t) => t.page === 1).map((t) => [t.company, t]));
    const large = first.get('large');
    const small = first.get('small');
    for (const t of r.timings) {
      const base = first.get(t.company);
      if (!base || t === base) continue;
      lines.push(`- ${r.label}, ${t.name}: ${(t.p50 / base.p50).toFixed(2)} / ${(t.mean / base.mean).toFixed(2)}`);
    }
    if (large && small) lines.push(`- ${r.label}, large page 1 / small page 1: ${(large.p50 / small.p50).toFixed(2)} / ${(large.mean / small.mean).toFixed(2)}`);
  }
  lines.push(
    '',
    'Each statement of a page as the app sent it, run alone on the database (no HTTP, no JSON); share = its mean over the request\'s mean:',
    '',
    '| database | request (page) | statement | p50 | p95 | mean | share |',
    '|---|---|---|---:|---:|---:|---:|',
  );
  for (const r of results) {
    if ('error' in r) continue;
    for (const s of r.statements) {
      const request = r.timings.find((t) => t.name === s.request);
      const share = request ? `${Math.round((s.timing.mean / request.mean) * 100)}%` : '';
      lines.push(`| ${r.label} | ${s.request} | ${s.statement} | ${ms(s.timing.p50)} | ${ms(s.timing.p95)} | ${ms(s.timing.mean)} | ${share} |`);
    }
  }
  lines.push('', '| database | seeding | legacy_trees (+ index) | allocations (+ indexes) | allocations_v1_planted | peak RSS of the bench process so far |', '|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if ('error' in r) continue;
    lines.push(`| ${r.label} | ${r.seedSeconds.toFixed(1)} s | ${r.sizes.legacy_trees ?? '?'} MB | ${r.sizes.allocations ?? '?'} MB | ${r.sizes.allocations_v1_planted ?? '?'} MB | ${r.peakRssMb} MB |`);
  }
  for (const r of results) {
    if ('error' in r) continue;
    lines.push('', `Seed checks on ${r.label}:`, '', ...r.seedChecks.map((c) => `- ${c}`));
  }
  for (const r of results) {
    if ('error' in r) continue;
    lines.push('', `## Plans on ${r.label}`);
    for (const p of r.plans) {
      const table = p.statement === 'legacy rows' || p.statement.startsWith('legacy total') ? 'legacy_trees' : 'allocations';
      const fromIndex = !new RegExp(`Seq Scan on ${table}`).test(p.plan) && /Index (Only )?Scan/.test(p.plan);
      lines.push(
        '',
        `### ${p.request}: ${p.statement} (${fromIndex ? `served from an index on ${table}` : `NOT served from an index on ${table}`})`,
        '',
        'Key lines:',
        '',
        '```',
        ...keyLines(p.plan),
        '```',
        '',
        '```sql',
        p.sql,
        '```',
        '',
        '```',
        p.plan,
        '```',
      );
    }
  }
  return lines.join('\n');
}

// An entry point: the seed writes through record_allocation before the app (which would install them) is built.
installFeatures();
const loadBefore = os.loadavg().map((n) => n.toFixed(2)).join(' ');
const results: Result[] = [];
for (const kind of targets as ('pglite' | 'postgres')[]) {
  try {
    results.push(await benchTarget(kind));
  } catch (error) {
    log(`${kind} failed: ${(error as Error).stack ?? error}`);
    results.push({ label: kind, error: (error as Error).message });
  }
}
const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(formatReport(results, loadBefore, loadAfter));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString(), specs: SPECS, results }, null, 2)}\n`);
process.exit(results.some((r) => 'error' in r) ? 1 : 0);
