/**
 * Benchmark: first-page and deep-page latency of GET /v2/allocations for a company with
 * many allocations (1,000,000 by default), over real HTTP, on PGlite and on PostgreSQL.
 * See bench/README.md for how to run it and bench/RESULTS.md for figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { randomAlphanumeric } from '../src/core/ids.ts';
import { explain, QueryCapture } from './query-capture.ts';
import { expectedTotals, seedCompanyWithAllocations } from './seed-allocations.ts';
import { formatReport, type Scenario, type TargetResult, type Timing, timeQuery, timeRequests } from './report.ts';
import { databaseTargets, wholeNumber } from './args.ts';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'pglite-rows': { type: 'string' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    repeat: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    'page-size': { type: 'string', default: '100' },
    'deep-page': { type: 'string', default: '5000' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const rows = wholeNumber('rows', opts.rows);
const pgliteRows = opts['pglite-rows'] ? wholeNumber('pglite-rows', opts['pglite-rows']) : rows;
const repeat = wholeNumber('repeat', opts.repeat);
const warmup = wholeNumber('warmup', opts.warmup);
const pageSize = wholeNumber('page-size', opts['page-size']);
const deepPageWanted = wholeNumber('deep-page', opts['deep-page']);
const { targets, postgresUrl } = databaseTargets(opts);



function log(message: string) {
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Samples this process's resident memory, to report the peak (PGlite lives in it). */
function memoryWatch() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 250);
  return {
    peakMb: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20),
    stop: () => clearInterval(timer),
  };
}

interface Opened {
  database: Database;
  label: string;
  cleanup: () => Promise<void>;
}

async function openPGliteTarget(): Promise<Opened> {
  if (opts['pglite-dir'] === 'memory') {
    return { database: await openDatabase({ kind: 'pglite', dataDir: null }), label: 'PGlite (in memory)', cleanup: async () => {} };
  }
  const dir = opts['pglite-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-pglite-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  return {
    database,
    label: 'PGlite (folder on disk)',
    cleanup: async () => {
      if (!opts['pglite-dir'] && !opts.keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the given server, dropped afterwards unless --keep. */
async function openPostgresTarget(serverUrl: string): Promise<Opened> {
  const name = `canopy_bench_${randomAlphanumeric(10).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(database.db);
  return {
    database,
    label: `PostgreSQL ${version[0]?.v.split(' ')[0] ?? '?'}`,
    cleanup: async () => {
      if (opts.keep) {
        log(`kept database ${name}`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function benchTarget(kind: 'pglite' | 'postgres', targetRows: number): Promise<TargetResult> {
  const memory = memoryWatch();
  const opened = kind === 'pglite' ? await openPGliteTarget() : await openPostgresTarget(postgresUrl!);
  const { database } = opened;
  const capture = new QueryCapture();
  try {
    await migrate(database);
    log(`${opened.label}: seeding ${targetRows.toLocaleString('en')} allocations`);
    let lastReport = 0;
    const seeded = await seedCompanyWithAllocations(database.db, targetRows, {
      onProgress: (done) => {
        if (done - lastReport >= 100_000 || done === targetRows) {
          lastReport = done;
          log(`  ${done.toLocaleString('en')} rows, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
        }
      },
    });
    log(`${opened.label}: seeded in ${seeded.seedSeconds.toFixed(1)} s`);
    const { rows: size } = await sql<{ mb: number }>`SELECT (pg_total_relation_size('allocations') / 1048576)::int AS mb`.execute(database.db);

    const config = loadConfig({
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000',
    });
    // Rate limit counters where production keeps them: in PostgreSQL on PostgreSQL (the app asks only whether a URL is set).
    const databaseUrl = database.kind === 'postgres' ? postgresUrl : null;
    const app = await buildApp({ config: { ...config, databaseUrl, secretKey: randomBytes(32).toString('hex') }, db: database.db.withPlugin(capture), logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app has no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const headers = { authorization: `Bearer ${seeded.token}`, accept: 'application/json' };

    try {
      const countersOk = await checkCounters(database, baseUrl, headers, seeded.companyId);
      const scenarios = await pickScenarios(database, seeded.companyId, targetRows);
      log(`${opened.label}: timing ${scenarios.map((s) => s.name).join(', ')} (${warmup} warm-up + ${repeat} each)`);
      const timings = await timeRequests(baseUrl, headers, scenarios, { repeat, warmup, pageSize });

      // The SQL each request sent, recorded from the app: the page query alone is timed
      // straight against the database (no HTTP, no JSON), and the deep page's is EXPLAINed.
      const queryTimings: Timing[] = [];
      const plans: { sql: string; plan: string }[] = [];
      for (const scenario of scenarios) {
        capture.recording = true;
        await fetch(`${baseUrl}${scenario.path}`, { headers }).then((r) => r.arrayBuffer());
        capture.recording = false;
        const onAllocations = capture.take(database.db).filter((query) => /from "allocations"/i.test(query.sql));
        const pageQuery = onAllocations.find((query) => /order by/i.test(query.sql));
        if (pageQuery) queryTimings.push(await timeQuery(scenario.name, () => database.db.executeQuery(pageQuery), { repeat, warmup }));
        if (scenario.name.startsWith('page ') && plans.length === 0) {
          for (const query of onAllocations) plans.push({ sql: query.sql, plan: await explain(database.db, query) });
        }
      }
      return {
        label: opened.label, rows: targetRows, seedSeconds: seeded.seedSeconds, tableMb: size[0]?.mb ?? 0,
        peakRssMb: memory.peakMb(), countersOk, timings, queryTimings, plans,
      };
    } finally {
      await app.close();
    }
  } finally {
    memory.stop();
    await database.close();
    await opened.cleanup();
  }
}

/** GET /v2/company must report what the seeded allocations add up to. */
async function checkCounters(database: Database, baseUrl: string, headers: Record<string, string>, companyId: string): Promise<boolean> {
  const expected = await expectedTotals(database.db, companyId);
  const company = await (await fetch(`${baseUrl}/v2/company`, { headers })).json();
  const trees = company?.trees ?? {};
  const ok = trees.pledged === expected.pledged && trees.planted === expected.planted && trees.monitored === expected.monitored;
  if (!ok) log(`counters differ: GET /v2/company trees ${JSON.stringify(trees)}, allocations add up to ${JSON.stringify(expected)}`);
  return ok;
}

/**
 * The first page, the deep page (page N of `pageSize`, reached with starting_after = the
 * last id of page N-1, as a client walking the list would), and the same deep cursor with
 * a status filter. Each knows the id its page must start with, where that is cheap to know.
 */
async function pickScenarios(database: Database, companyId: string, targetRows: number): Promise<Scenario[]> {
  const idAt = async (offset: number) => {
    const { rows: found } = await sql<{ id: string }>`
      SELECT id FROM allocations WHERE company_id = ${companyId} AND livemode
      ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT 1`.execute(database.db);
    return found[0]?.id ?? null;
  };
  const list = `/v2/allocations?limit=${pageSize}`;
  const scenarios: Scenario[] = [{ name: 'first page', path: list, firstId: await idAt(0) }];
  // With fewer rows than --deep-page needs, the middle of the list (so the filtered page is full too).
  const deepPage = Math.min(deepPageWanted, Math.floor(targetRows / pageSize / 2));
  if (deepPage >= 2) {
    const cursor = await idAt((deepPage - 1) * pageSize - 1);
    scenarios.push({ name: `page ${deepPage.toLocaleString('en')}`, path: `${list}&starting_after=${cursor}`, firstId: await idAt((deepPage - 1) * pageSize) });
    scenarios.push({ name: `page ${deepPage.toLocaleString('en')}, status=planted`, path: `${list}&status=planted&starting_after=${cursor}`, firstId: null });
  }
  return scenarios;
}

const results: TargetResult[] = [];
for (const kind of targets as ('pglite' | 'postgres')[]) {
  const targetRows = kind === 'pglite' ? pgliteRows : rows;
  try {
    results.push(await benchTarget(kind, targetRows));
  } catch (error) {
    log(`${kind} failed at ${targetRows.toLocaleString('en')} rows: ${(error as Error).stack ?? error}`);
    results.push({ label: kind, rows: targetRows, error: (error as Error).message });
  }
}

const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(formatReport(results, { cpus: os.cpus().length, node: process.version, load, repeat, warmup, pageSize }));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
process.exit(results.some((r) => 'error' in r || !r.countersOk) ? 1 : 0);
