/**
 * `npm run bench:impact-page`: what a company's public impact surfaces cost (issue 24):
 * the page `GET /impact/{slug}`, the badge `GET /impact/{slug}/badge.svg` and the figures
 * `GET /impact/{slug}.json`, for a company with `--allocations` live allocations
 * (1,000,000 by default) and one with 100 donations, in English and in Dutch, answered
 * whole (200) and to a reader who has them (If-None-Match: 304), on PGlite and on
 * PostgreSQL.
 *
 * 1. Seeds the world and both companies (bench/seed-impact.ts) and checks every counter
 *    the figures come from against what the rows add up to (checkImpactAggregates).
 * 2. Boots the app on 127.0.0.1 as production runs it (logger on, the page limiter lifted)
 *    and sends every request `--warmup` times, then `--repeat` rounds in which each is sent
 *    once, in turn, one at a time, over a kept-alive connection with Accept-Encoding br and
 *    gzip, as a browser does. Client time: from sending the request to the last byte.
 *    Server time: the app's own request log line (duration_ms, Fastify's reply.elapsedTime:
 *    from the request's arrival to the answer handed to the socket).
 *    Where the app keeps a company's reads in memory (modules/impact/cache.ts), each 200 is
 *    also timed with that emptied before each request ("not in memory"): a first view, or
 *    the first after the company's trees changed.
 * 3. Records the SQL each surface runs for the large company (bench/query-capture.ts),
 *    EXPLAINs it (ANALYZE for reads) and fails when a plan reads the allocations table;
 *    times each statement over `--profile` requests, so a slow surface names its statement.
 *
 * Surfaces the tree does not have yet are reported as absent; with no impact page at all,
 * the company certificate page and GET /v2/company (the same aggregates) are measured in
 * their place, so the harness itself can be checked. `--pglite-dir DIR` keeps the seeded
 * PGlite folder and reuses it on the next run (seeding 1,000,000 rows into PGlite takes
 * minutes); `--pg-database NAME` does the same with a database of the PostgreSQL server. Markdown report on stdout, progress on stderr; exit code 1 when a check failed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { installFeatures } from '../src/features.ts';
import { databaseTargets, type DatabaseTarget, wholeNumber } from './args.ts';
import { QueryCapture, StatementTimer } from './query-capture.ts';
import { ServerTimes } from './server-times.ts';
import { describe } from './report.ts';
import { checkImpactAggregates, findImpactSeed, type ImpactSeed, type SeededImpactCompany, seedImpact } from './seed-impact.ts';
import { type BenchDatabase, log, openNamedPostgres, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    allocations: { type: 'string', default: '1000000' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    'pg-database': { type: 'string' },
    repeat: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    profile: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = wholeNumber('allocations', opts.allocations);
const repeat = wholeNumber('repeat', opts.repeat);
const warmup = wholeNumber('warmup', opts.warmup, 0);
const profileRequests = wholeNumber('profile', opts.profile, 0);
const { targets, postgresUrl } = databaseTargets(opts);
const BASE = 'http://127.0.0.1';
/** The issue's target: p95 of server time for the large company's page. */
const TARGET_P95_MS = 50;

interface Scenario {
  name: string;
  company: 'large' | 'small';
  surface: string;
  language: string;
  path: string;
  headers: Record<string, string>;
  status: number;
  type: string | null;
  /** Sent with the 200 answer's tag in If-None-Match. */
  revalidates?: boolean;
  /** The app's in-process cache of impact reads (modules/impact/cache.ts) is emptied before each request: the cost of a first view. */
  cold?: boolean;
}

interface Measured {
  scenario: Scenario;
  client: ReturnType<typeof describe>;
  server: ReturnType<typeof describe>;
  /** CPU time of this process per request (user + system): on PGlite the database's work too; steadier than wall time on a busy machine. */
  cpu: ReturnType<typeof describe>;
  /** Bytes on the wire (compressed) and, for a 200, the body's size once decompressed. */
  wireBytes: number;
  bodyBytes: number | null;
}

interface StatementReport {
  surface: string;
  sql: string;
  plan: string;
  readsAllocations: string[];
  /** Tables still read whole with sequential scans turned off: no index serves the statement there. */
  unindexed: string[];
}

interface TargetReport {
  label: string;
  seed: ImpactSeed | null;
  reused: boolean;
  checks: Record<'large' | 'small', string[]>;
  allocationsMb: number;
  peakRssMb: number;
  surfaces: { surface: string; present: boolean; note: string }[];
  measured: Measured[];
  statements: StatementReport[];
  warmStatements: { surface: string; count: number }[];
  profile: { surface: string; requests: number; statements: { statement: string; count: number; totalMs: number; meanMs: number }[] }[];
  companies: Record<'large' | 'small', SeededImpactCompany>;
  settings: string;
}

/** Samples this process's resident memory, to report the peak (PGlite lives in it). */
function memoryWatch() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 250);
  return { peakMb: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20), stop: () => clearInterval(timer) };
}

/** One request, read to its end; the milliseconds from sending it to its last byte. */
function request(agent: http.Agent, port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; status: number; type: string; etag: string | null; bytes: number; encoding: string | null; body: Buffer }>((resolve, reject) => {
    const started = performance.now();
    const outgoing = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'br, gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          ms: performance.now() - started, status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''),
          etag: typeof response.headers.etag === 'string' ? response.headers.etag : null, bytes: body.length,
          encoding: typeof response.headers['content-encoding'] === 'string' ? response.headers['content-encoding'] : null, body,
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
  });
}

async function decompressed(body: Buffer, encoding: string | null): Promise<Buffer> {
  const zlib = await import('node:zlib');
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

async function measureAll(port: number, scenarios: Scenario[], times: ServerTimes): Promise<Measured[]> {
  if (scenarios.length === 0) return [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const client = scenarios.map(() => [] as number[]);
  const server = scenarios.map(() => [] as number[]);
  const cpu = scenarios.map(() => [] as number[]);
  const wire = scenarios.map(() => 0);
  const body = scenarios.map((): number | null => null);
  const once = async (i: number, record: boolean) => {
    const scenario = scenarios[i]!;
    if (scenario.cold) forgetImpactReads();
    const before = times.durations.length;
    const cpuBefore = process.cpuUsage();
    const answer = await request(agent, port, scenario.path, scenario.headers);
    const serverMs = await times.next(before);
    const used = process.cpuUsage(cpuBefore);
    if (answer.status !== scenario.status || (scenario.type && !answer.type.startsWith(scenario.type))) {
      if (process.env.BENCH_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_DUMP, await decompressed(answer.body, answer.encoding));
      throw new Error(`${scenario.name} (${scenario.path}) answered ${answer.status} ${answer.type} (ETag ${answer.etag}; sent ${JSON.stringify(scenario.headers)}), not ${scenario.status} ${scenario.type ?? ''}`);
    }
    if (!record) return;
    client[i]!.push(answer.ms);
    server[i]!.push(serverMs);
    cpu[i]!.push((used.user + used.system) / 1000);
    wire[i] = answer.bytes;
    if (answer.status === 200 && body[i] === null) body[i] = (await decompressed(answer.body, answer.encoding)).length;
  };
  try {
    for (const [i] of scenarios.entries()) for (let n = 0; n < warmup; n++) await once(i, false);
    for (let round = 0; round < repeat; round++) {
      for (const [i] of scenarios.entries()) await once(i, true);
      if ((round + 1) % 50 === 0) log(`  round ${round + 1} of ${repeat}`);
    }
  } finally {
    agent.destroy();
  }
  return scenarios.map((scenario, i) => ({ scenario, client: describe(client[i]!), server: describe(server[i]!), cpu: describe(cpu[i]!), wireBytes: wire[i]!, bodyBytes: body[i]! }));
}

/** The plan of a statement: EXPLAIN ANALYZE for a read, a plain EXPLAIN for a write (it would run). */
async function explainStatement(db: Kysely<DB>, query: CompiledQuery): Promise<string> {
  const reads = /^\s*(select|with)\b/i.test(query.sql) && !/\b(insert|update|delete)\b/i.test(query.sql);
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${reads ? '(ANALYZE, BUFFERS) ' : ''}${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * The tables a statement still reads whole when sequential scans are made to cost too
 * much: the seeded database holds two companies, so the planner rightly scans its small
 * tables, but with thousands of companies only an index would serve them.
 */
async function unindexedTables(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  if (!/^\s*(select|with)\b/i.test(query.sql)) return [];
  const plan = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  return [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!))];
}

/** The plan's nodes that read the allocations table or one of its indexes. */
function allocationReads(plan: string): string[] {
  return plan.split('\n').filter((line) => /\bon allocations\b/.test(line) || /using allocations_\w+/.test(line)).map((line) => line.trim());
}

function commitOf(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'not a git checkout';
  }
}

/** The surfaces this tree answers for a company, found by asking the app; with no impact page, the certificate page and GET /v2/company. */
async function pickScenarios(port: number, companies: Record<'large' | 'small', SeededImpactCompany>) {
  const agent = new http.Agent({ keepAlive: false });
  const surfaces: TargetReport['surfaces'] = [];
  const scenarios: Scenario[] = [];
  const wanted = [
    { surface: 'page', path: (slug: string) => `/impact/${slug}`, type: 'text/html' },
    { surface: 'badge', path: (slug: string) => `/impact/${slug}/badge.svg`, type: 'image/svg+xml' },
    { surface: 'JSON', path: (slug: string) => `/impact/${slug}.json`, type: 'application/json' },
  ];
  for (const want of wanted) {
    const probe = await request(agent, port, `${want.path(companies.large.slug)}?lang=en`, {});
    const present = probe.status === 200 && probe.type.startsWith(want.type);
    surfaces.push({ surface: want.surface, present, note: present ? `${want.path('{slug}')}?lang=en|nl` : `absent: ${probe.status} ${probe.type}` });
    if (!present) continue;
    for (const company of ['large', 'small'] as const) {
      for (const language of ['en', 'nl']) {
        const path = `${want.path(companies[company].slug)}?lang=${language}`;
        const base = { company, surface: want.surface, language, path, type: want.type };
        scenarios.push({ ...base, name: `${want.surface}, ${company}, ${language}`, headers: {}, status: 200 });
        if (hasImpactCache) scenarios.push({ ...base, name: `${want.surface}, ${company}, ${language}, not in memory`, headers: {}, status: 200, cold: true });
        const first = await request(agent, port, path, {});
        if (first.etag) scenarios.push({ ...base, name: `${want.surface}, ${company}, ${language}, If-None-Match`, headers: { 'if-none-match': first.etag }, status: 304, type: null, revalidates: true });
      }
    }
  }
  if (!surfaces[0]!.present) {
    // The same aggregates, read by what exists today: the harness is checked against them.
    surfaces.push({ surface: 'company certificate page', present: true, note: 'in place of the impact page: /certificates/{id}?lang=en|nl' });
    surfaces.push({ surface: 'GET /v2/company', present: true, note: 'in place of the JSON (large company: the small one is on a plan without the API)' });
    for (const company of ['large', 'small'] as const) {
      for (const language of ['en', 'nl']) {
        const path = `/certificates/${companies[company].companyCertificateId}?lang=${language}`;
        scenarios.push({ name: `certificate page, ${company}, ${language}`, company, surface: 'company certificate page', language, path, headers: {}, status: 200, type: 'text/html' });
      }
    }
    scenarios.push({
      name: 'GET /v2/company, large', company: 'large', surface: 'GET /v2/company', language: 'en', path: '/v2/company',
      headers: { authorization: `Bearer ${companies.large.token}`, accept: 'application/json' }, status: 200, type: 'application/json',
    });
  }
  agent.destroy();
  return { surfaces, scenarios };
}

async function benchTarget(kind: DatabaseTarget): Promise<TargetReport> {
  const memory = memoryWatch();
  const opened: BenchDatabase = kind === 'pglite'
    ? await openPGlite(openDatabase, { dir: opts['pglite-dir'], keep: opts.keep, log })
    : opts['pg-database'] ? await openNamedPostgres(openDatabase, postgresUrl!, opts['pg-database']) : await openPostgres(openDatabase, postgresUrl!, { keep: opts.keep, log });
  const { database } = opened;
  let app: FastifyInstance | null = null;
  try {
    await migrate(database);
    const kept = kind === 'pglite' ? opts['pglite-dir'] : opts['pg-database'];
    const found = kept ? await findImpactSeed(database.db) : null;
    let seed: ImpactSeed | null = null;
    if (found) log(`${opened.label}: reusing the seeded database ${kept}`);
    else {
      log(`${opened.label}: seeding the world, a company with ${rows.toLocaleString('en')} allocations and one with 100 donations`);
      seed = await seedImpact(database.db, { rows, publicBaseUrl: BASE, log: (line) => log(`  ${line}`) });
    }
    const companies = found ?? { large: seed!.large, small: seed!.small };
    log(`${opened.label}: checking the counters against the rows`);
    const checks = { large: await checkImpactAggregates(database.db, companies.large.companyId), small: await checkImpactAggregates(database.db, companies.small.companyId) };
    for (const [company, differences] of Object.entries(checks)) for (const line of differences) log(`  ${company}: ${line}`);
    const { rows: size } = await sql<{ mb: number }>`SELECT (pg_total_relation_size('allocations') / 1048576)::int AS mb`.execute(database.db);
    const { rows: settings } = await sql<{ s: string }>`
      SELECT string_agg(name || '=' || setting || coalesce(unit, ''), ', ' ORDER BY name) AS s FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit')`.execute(database.db);

    const capture = new QueryCapture();
    const timer = new StatementTimer();
    const times = new ServerTimes();
    const secretKey = randomBytes(32).toString('hex');
    const config = loadConfig({ PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'info', CANOPY_SECRET_KEY: secretKey, PUBLIC_PAGE_REQUESTS_PER_MINUTE: '1000000000', RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000000', RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000000' });
    app = await buildApp({
      config: { ...config, secretKey, databaseUrl: opened.url ?? null },
      db: database.db.withPlugin(capture).withPlugin(timer),
      logger: true,
      logStream: times,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;

    const { surfaces, scenarios } = await pickScenarios(port, companies);
    log(`${opened.label}: ${scenarios.length} requests, ${warmup} warm-up each, then ${repeat} rounds`);
    // Emptying the cache empties it for every request: the first views are timed in a round of their own.
    const timed = [
      ...(await measureAll(port, scenarios.filter((s) => !s.cold), times)),
      ...(await measureAll(port, scenarios.filter((s) => s.cold), times)),
    ];
    const measured = scenarios.map((scenario) => timed.find((m) => m.scenario === scenario)!);

    // The SQL of each surface for the large company, in English, and its plans.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const statements: StatementReport[] = [];
    const warmStatements: TargetReport['warmStatements'] = [];
    const profile: TargetReport['profile'] = [];
    for (const scenario of scenarios.filter((s) => s.company === 'large' && s.language === 'en' && !s.revalidates && !s.cold)) {
      // What a request runs when the app has the company's reads in memory, and (below) all it runs when not.
      await request(agent, port, scenario.path, scenario.headers);
      capture.recording = true;
      await request(agent, port, scenario.path, scenario.headers);
      capture.recording = false;
      warmStatements.push({ surface: scenario.surface, count: capture.take(database.db).length });
      forgetImpactReads();
      capture.recording = true;
      await request(agent, port, scenario.path, scenario.headers);
      capture.recording = false;
      for (const query of capture.take(database.db)) {
        const plan = await explainStatement(database.db, query);
        statements.push({ surface: scenario.surface, sql: query.sql, plan, readsAllocations: allocationReads(plan), unindexed: await unindexedTables(database.db, query) });
      }
      timer.recording = true;
      for (let i = 0; i < profileRequests; i++) {
        forgetImpactReads();
        await request(agent, port, scenario.path, scenario.headers);
      }
      timer.recording = false;
      // Grouped by their whole text: two statements may start alike.
      if (profileRequests > 0) profile.push({ surface: scenario.surface, requests: profileRequests, statements: timer.summary(database.db, 100_000) });
    }
    agent.destroy();
    return {
      label: opened.label, seed, reused: found !== null, checks, allocationsMb: size[0]?.mb ?? 0, peakRssMb: memory.peakMb(),
      surfaces, measured, statements, warmStatements, profile, companies, settings: settings[0]?.s ?? '',
    };
  } finally {
    await app?.close();
    memory.stop();
    await opened.close();
  }
}

const ms = (value: number) => value.toFixed(1);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A statement in a table cell: its start, and its end when it is long (two statements may start alike). */
function shorten(text: string): string {
  const line = oneLine(text);
  return line.length <= 150 ? line : `${line.slice(0, 100)} … ${line.slice(-45)}`;
}
const kb = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024).toFixed(1)} KB`);

function report(results: TargetReport[], failures: string[], targetMissed: string[] = []): string {
  const lines: string[] = [
    `# Impact page, badge and JSON (issue 24)`,
    '',
    `Commit ${commitOf()}; Node ${process.version}; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}); ${Math.round(os.totalmem() / 2 ** 30)} GB; load average at the end ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}.`,
    `Command: \`npm run bench:impact-page -- ${process.argv.slice(2).join(' ')}\`. Each request ${warmup} warm-up times, then ${repeat} rounds in which every request is sent once, in turn, one at a time over one kept-alive connection (Accept-Encoding: br, gzip). Milliseconds. Client: from sending to the last byte. Server: the app's request log (duration_ms). CPU: this process's CPU time per request (on PGlite the database's work too, not on PostgreSQL), steadier than wall time when other work shares the cores.`,
  ];
  for (const result of results) {
    const large = result.companies.large;
    const small = result.companies.small;
    lines.push('', `## ${result.label}`, '');
    if (result.settings) lines.push(`Settings: ${result.settings}.`, '');
    lines.push(
      `Large company \`${large.slug}\`: ${large.liveAllocations.toLocaleString('en')} live allocations (and ${large.testAllocations.toLocaleString('en')} in test mode) in ${large.plantings} plantings of ${large.projects} projects. `
      + `Small company \`${small.slug}\`: ${small.liveAllocations} live allocations (100 donations, split by its recipients) in ${small.plantings} plantings of ${small.projects} projects. `
      + `allocations table and indexes: ${result.allocationsMb.toLocaleString('en')} MB; peak RSS of the bench process: ${result.peakRssMb} MB.`,
    );
    if (result.seed) {
      const total = result.seed.stages.reduce((sum, stage) => sum + stage.seconds, 0);
      lines.push('', `Seeding: ${total.toFixed(0)} s in all.`, '', '| stage | seconds |', '|---|---:|');
      for (const stage of result.seed.stages) lines.push(`| ${stage.stage} | ${stage.seconds.toFixed(1)} |`);
    } else if (result.reused) lines.push('', 'Seeding: a folder seeded by an earlier run, reused.');
    for (const company of ['large', 'small'] as const) {
      const differences = result.checks[company];
      lines.push('', `Counters of the ${company} company against its rows: ${differences.length === 0 ? 'all equal (company_totals, company_projects, company_plantings, plantings.trees_allocated, statuses)' : `${differences.length} DIFFERENCES: ${differences.slice(0, 5).join('; ')}`}.`);
    }
    lines.push('', 'Surfaces: ' + result.surfaces.map((s) => `${s.surface} (${s.note})`).join('; ') + '.');
    lines.push('', '| request | status | server p50 | p95 | p99 | client p50 | p95 | p99 | max | CPU p50 | on the wire | body |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const m of result.measured) {
      lines.push(`| ${m.scenario.name} | ${m.scenario.status} | ${ms(m.server.p50)} | ${ms(m.server.p95)} | ${ms(m.server.p99)} | ${ms(m.client.p50)} | ${ms(m.client.p95)} | ${ms(m.client.p99)} | ${ms(m.client.max)} | ${ms(m.cpu.p50)} | ${kb(m.wireBytes)} | ${kb(m.bodyBytes)} |`);
    }
    const bySurface = new Map<string, StatementReport[]>();
    for (const statement of result.statements) bySurface.set(statement.surface, [...(bySurface.get(statement.surface) ?? []), statement]);
    lines.push('', `Statements per request of the large company (en), not in memory (and in memory), and whether any plan reads the allocations table:`, '');
    for (const [surface, list] of bySurface) {
      const reading = list.filter((s) => s.readsAllocations.length > 0);
      const warm = result.warmStatements.find((entry) => entry.surface === surface)?.count;
      const unindexed = [...new Set(list.flatMap((s) => s.unindexed))];
      lines.push(`- ${surface}: ${list.length} statements (${warm ?? '?'} in memory); ${reading.length === 0 ? 'no plan reads allocations' : `${reading.length} READ ALLOCATIONS: ${reading.flatMap((s) => s.readsAllocations).join(' / ')}`}; `
        + `with sequential scans turned off, ${unindexed.length === 0 ? 'every table is read through an index' : `still read whole: ${unindexed.join(', ')}`}.`);
    }
    // Statements are numbered by their text, so the profile and the plans name them alike.
    const numbers = new Map<string, number>();
    const numberOf = (text: string) => {
      const key = oneLine(text);
      if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
      return numbers.get(key)!;
    };
    for (const statement of result.statements) numberOf(statement.sql);
    for (const entry of result.profile) {
      const total = entry.statements.reduce((sum, s) => sum + s.totalMs, 0) / entry.requests;
      lines.push('', `Where the time goes, ${entry.surface}, large company, en, not in memory: ${entry.requests} requests, ${total.toFixed(1)} ms of SQL per request (each statement from its start to its rows):`, '', '| # | statement | per request | mean ms | ms per request |', '|---:|---|---:|---:|---:|');
      for (const s of entry.statements.slice(0, 14)) {
        lines.push(`| S${numberOf(s.statement)} | \`${shorten(s.statement).replaceAll('|', '\\|')}\` | ${(s.count / entry.requests).toFixed(1)} | ${s.meanMs.toFixed(2)} | ${(s.totalMs / entry.requests).toFixed(2)} |`);
      }
    }
    if (result.label.startsWith('PostgreSQL') || result.statements.some((s) => s.readsAllocations.length > 0)) {
      lines.push('', `### Plans of the large company's statements on ${result.label}`);
      for (const statement of result.statements) {
        const notes = [statement.readsAllocations.length > 0 ? 'READS ALLOCATIONS' : '', statement.unindexed.length > 0 ? `no index serves ${statement.unindexed.join(', ')}` : ''].filter(Boolean);
        lines.push('', `S${numberOf(statement.sql)}, ${statement.surface}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}:`, '', '```sql', statement.sql.trim(), '```', '', '```', statement.plan, '```');
      }
    }
  }
  if (failures.length > 0) lines.push('', '## Failed', '', ...failures.map((f) => `- ${f}`));
  if (targetMissed.length > 0) lines.push('', '## Over the target', '', ...targetMissed.map((f) => `- ${f}`));
  return lines.join('\n');
}

// An entry point: the seed writes events before the app (which would install them) is built.
installFeatures();
// The app's in-process cache of impact reads, when the tree has one: emptied for the "not in memory" requests.
const cacheFile = new URL('../src/modules/impact/cache.ts', import.meta.url);
const hasImpactCache = existsSync(cacheFile);
const forgetImpactReads: () => void = hasImpactCache ? ((await import(cacheFile.href)) as { forgetImpactReads: () => void }).forgetImpactReads : () => {};
const results: TargetReport[] = [];
const failures: string[] = [];
/** Where the page missed the issue's p95 target: in the report, not in the exit code. */
const targetMissed: string[] = [];
for (const kind of targets) {
  try {
    const result = await benchTarget(kind);
    results.push(result);
    for (const [company, differences] of Object.entries(result.checks)) if (differences.length > 0) failures.push(`${result.label}: the ${company} company's counters differ from its rows`);
    const reading = result.statements.filter((s) => s.readsAllocations.length > 0);
    if (reading.length > 0) failures.push(`${result.label}: ${reading.length} statement(s) of ${[...new Set(reading.map((s) => s.surface))].join(', ')} read the allocations table`);
    // The target is a page view's; a first view (not in memory) is reported beside it.
    for (const page of result.measured.filter((m) => m.scenario.surface === 'page' && m.scenario.company === 'large' && m.scenario.status === 200 && !m.scenario.cold)) {
      // Reported, not failed: wall time on a shared machine is not a check (bench:smoke runs this with one round).
      if (page.server.p95 >= TARGET_P95_MS) targetMissed.push(`${result.label}: ${page.scenario.name}: p95 ${ms(page.server.p95)} ms server time, not under ${TARGET_P95_MS} ms`);
    }
  } catch (error) {
    log(`${kind} failed: ${(error as Error).stack ?? error}`);
    failures.push(`${kind}: ${(error as Error).message}`);
  }
}
process.stdout.write(`${report(results, failures, targetMissed)}\n`);
process.exit(failures.length > 0 ? 1 : 0);
