/**
 * Benchmark: the foundation write path (issue 6), measured on the source tree given by
 * --tree, so that one script measures the code before and after a change:
 *
 * A. record_allocation applied alone, as the foundation API applies one request, onto a
 *    planting with no allocations and onto one holding N (PGlite and/or PostgreSQL);
 * B. the longest wait of an API read (GET /v2/me every 100 ms) during a 10,000-operation
 *    import on PGlite;
 * C. the same during one batch of the largest size the foundation API accepts.
 *
 * See bench/README.md for how to run it and bench/RESULTS.md for figures.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseTarget } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import { QueryCapture } from './query-capture.ts';
import { type ReadSample, readsDuring, startReader } from './reader.ts';
import { describe } from './report.ts';
import { insertAllocationRows, setCountersFromAllocations } from './seed-allocations.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';
import { databaseTargets, fail, wholeNumber } from './args.ts';

const { values: opts } = parseArgs({
  options: {
    tree: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    measure: { type: 'string', default: 'a,b,c' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    ops: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '30' },
    allocations: { type: 'string', default: '50000' },
    'import-ops': { type: 'string', default: '10000' },
    plantings: { type: 'string', default: '20' },
    'read-interval': { type: 'string', default: '100' },
    batches: { type: 'string', default: '3' },
    'batch-size': { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const treeDir = path.resolve(opts.tree);
const measures = opts.measure.split(',').map((s) => s.trim().toLowerCase());
for (const m of measures) if (!['a', 'b', 'c'].includes(m)) fail(`--measure takes a, b and/or c (a,b,c), not "${m}"`);
const singleOps = wholeNumber('ops', opts.ops);
const warmup = wholeNumber('warmup', opts.warmup, 0);
const largeAllocations = wholeNumber('allocations', opts.allocations);
const importOps = wholeNumber('import-ops', opts['import-ops']);
const importPlantings = wholeNumber('plantings', opts.plantings);
const readIntervalMs = wholeNumber('read-interval', opts['read-interval']);
const batches = wholeNumber('batches', opts.batches);
const batchSizeWanted = opts['batch-size'] ? wholeNumber('batch-size', opts['batch-size']) : null;
const { targets, postgresUrl } = databaseTargets(opts);
if (!existsSync(path.join(treeDir, 'src/app.ts'))) fail(`--tree ${treeDir} has no src/app.ts`);

/** No read or import of this bench may run longer than this; every run stops by itself. */
const MAX_RUN_MS = 30 * 60 * 1000;
const PUBLIC_BASE_URL = 'http://127.0.0.1';



// ---------------------------------------------------------------------------------------
// The tree under test: everything that differs between checkouts is in loadTree.

interface Operation {
  op: string;
  input: Record<string, unknown>;
}

interface Tree {
  dir: string;
  commit: string;
  /** What the tree calls for one request, an import and a batch, for the report. */
  calls: { single: string; import: string; batch: string };
  /** The largest batch its foundation API accepts (MAX_BATCH in its routes). */
  maxBatch: number;
  openDatabase: (target: DatabaseTarget) => Promise<Database>;
  migrate: (database: Database) => Promise<unknown>;
  createCompany: (db: Kysely<DB>, input: { name: string; plan: string; country: string }) => Promise<{ id: string }>;
  createUser: (db: Kysely<DB>, input: { companyId: string; email: string; name: string; role: string }) => Promise<unknown>;
  createToken: (db: Kysely<DB>, input: { companyId: string; ownerEmail: string; scopes: 'all'; livemode: boolean; name: string }) => Promise<{ token: string }>;
  buildApp: (options: { config: unknown; db: Kysely<DB>; logger: boolean }) => Promise<FastifyInstance>;
  config: unknown;
  /** Operations in one transaction, all or nothing, as one batch request. */
  applyBatch: (db: Kysely<DB>, operations: Operation[]) => Promise<unknown>;
  /** One operation in a transaction of its own, as one request of the foundation API. */
  applySingle: (db: Kysely<DB>, operation: Operation) => Promise<unknown>;
  /** A long list, as `canopy import` applies it; the number of transactions committed. */
  importAll: (db: Kysely<DB>, operations: Operation[]) => Promise<number>;
}

/** A function of a module loaded at run time; its types are this repository's, asserted. */
type Loaded = Record<string, (...args: never[]) => unknown>;

async function loadTree(dir: string): Promise<Tree> {
  const load = async (file: string) => (await import(pathToFileURL(path.join(dir, file)).href)) as Loaded;
  // Before issue 6 (95eb81a): src/foundation-api/apply.ts, applyOperations runs any list
  // in one transaction. After: src/foundation/apply.ts with applySingle, applyBatch and
  // applyInChunks.
  const before = existsSync(path.join(dir, 'src/foundation-api/apply.ts'));
  const apply = await load(before ? 'src/foundation-api/apply.ts' : 'src/foundation/apply.ts');
  const routes = readFileSync(path.join(dir, before ? 'src/foundation-api/routes.ts' : 'src/foundation/routes.ts'), 'utf8');
  const maxBatch = Number(/const MAX_BATCH = ([\d_]+)/.exec(routes)?.[1]?.replaceAll('_', ''));
  if (!maxBatch) throw new Error(`no MAX_BATCH in the foundation routes of ${dir}`);
  // Since ff7e250 the features own their event renderers, and every entry point installs
  // them before its first write (A writes without an app, which would install them).
  if (existsSync(path.join(dir, 'src/features.ts'))) (await load('src/features.ts')).installFeatures?.();

  const config = (await load('src/config.ts')).loadConfig as unknown as (env: Record<string, string>) => Record<string, unknown>;
  const loaded = {
    dir,
    commit: commitOf(dir),
    maxBatch,
    openDatabase: (await load('src/db/database.ts')).openDatabase as unknown as Tree['openDatabase'],
    migrate: (await load('src/db/migrate.ts')).migrate as unknown as Tree['migrate'],
    createCompany: (await load('src/operator/companies.ts')).createCompany as unknown as Tree['createCompany'],
    createUser: (await load('src/operator/users.ts')).createUser as unknown as Tree['createUser'],
    createToken: (await load('src/operator/tokens.ts')).createToken as unknown as Tree['createToken'],
    buildApp: (await load('src/app.ts')).buildApp as unknown as Tree['buildApp'],
    // The new app signs links with secretKey; the old one ignores it.
    config: config({
      PUBLIC_BASE_URL, CANOPY_SECRET_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000', RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '1000000',
    }),
  };
  type Apply = (db: Kysely<DB>, operations: Operation[] | Operation, publicBaseUrl: string, options?: object) => Promise<unknown>;
  if (before) {
    const applyOperations = apply.applyOperations as unknown as Apply;
    return {
      ...loaded,
      calls: { single: 'applyOperations(db, [op], url)', import: 'applyOperations(db, all, url): one transaction', batch: 'applyOperations' },
      applyBatch: (db, operations) => applyOperations(db, operations, PUBLIC_BASE_URL),
      applySingle: (db, operation) => applyOperations(db, [operation], PUBLIC_BASE_URL),
      importAll: async (db, operations) => {
        await applyOperations(db, operations, PUBLIC_BASE_URL);
        return 1;
      },
    };
  }
  const applyBatch = apply.applyBatch as unknown as Apply;
  const applySingle = apply.applySingle as unknown as Apply;
  const applyInChunks = apply.applyInChunks as unknown as (...args: Parameters<Apply>) => Promise<{ chunks: number }>;
  return {
    ...loaded,
    calls: { single: 'applySingle(db, op, url)', import: 'applyInChunks(db, all, url)', batch: 'applyBatch' },
    applyBatch: (db, operations) => applyBatch(db, operations, PUBLIC_BASE_URL),
    applySingle: (db, operation) => applySingle(db, operation, PUBLIC_BASE_URL),
    importAll: async (db, operations) => (await applyInChunks(db, operations, PUBLIC_BASE_URL, {})).chunks,
  };
}

function commitOf(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'src') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src' : ''}`;
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------------------------------
// Foundation data, as the foundation sends it.

const runTag = `bench-${randomBytes(4).toString('hex')}`;
let refCounter = 0;

/** A partner, a project and `count` plantings of 100,000,000 trees each. */
function catalogOperations(count: number): { operations: Operation[]; plantingRefs: string[] } {
  const partnerRef = `${runTag}-partner`;
  const projectRef = `${runTag}-project`;
  const plantingRefs = Array.from({ length: count }, (_, i) => `${runTag}-planting-${i + 1}`);
  return {
    plantingRefs,
    operations: [
      { op: 'upsert_partner', input: { ref: partnerRef, name: 'Bench Partners', country: 'KE' } },
      {
        op: 'upsert_project',
        input: {
          ref: projectRef, partner_ref: partnerRef, name: { en: 'Bench Forest' }, description: { en: 'Benchmark data.' },
          country: 'KE', region: 'Central', ecosystem_type: 'tropical_montane_forest',
        },
      },
      ...plantingRefs.map((ref) => ({ op: 'upsert_planting', input: { ref, project_ref: projectRef, trees: 100_000_000, planted_at: '2024-04-15' } })),
    ],
  };
}

function recordAllocation(companyId: string, plantingRef: string): Operation {
  refCounter++;
  return {
    op: 'record_allocation',
    input: { ref: `${runTag}-donation-${refCounter}`, company_id: companyId, livemode: true, planting_ref: plantingRef, trees: 1 + (refCounter % 5) },
  };
}

async function newCompany(tree: Tree, db: Kysely<DB>, withToken: boolean): Promise<{ companyId: string; token: string | null }> {
  const company = await tree.createCompany(db, { name: `Bench Company ${runTag}`, plan: 'automate', country: 'NL' });
  if (!withToken) return { companyId: company.id, token: null };
  const email = `${runTag}@example.com`;
  await tree.createUser(db, { companyId: company.id, email, name: 'Bench Admin', role: 'admin' });
  const token = await tree.createToken(db, { companyId: company.id, ownerEmail: email, scopes: 'all', livemode: true, name: 'bench' });
  return { companyId: company.id, token: token.token };
}

async function openTarget(tree: Tree, kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  const target = kind === 'pglite' ? await openPGlite(tree.openDatabase, { keep: opts.keep, log }) : await openPostgres(tree.openDatabase, postgresUrl!, { keep: opts.keep, log });
  await tree.migrate(target.database);
  return target;
}

// ---------------------------------------------------------------------------------------
// A. record_allocation, one operation per transaction, on an empty and a full planting.

interface SinglesPhase {
  allocations: number;
  samplesMs: number[];
  stats: ReturnType<typeof describe>;
  opsPerSecond: number;
  statements: string[];
}

interface SinglesResult {
  label: string;
  empty: SinglesPhase;
  large: SinglesPhase;
  countersOk: boolean;
  seedSeconds: number;
}

async function measureSingles(tree: Tree, kind: 'pglite' | 'postgres'): Promise<SinglesResult> {
  const target = await openTarget(tree, kind);
  const { db } = target.database;
  try {
    const { companyId } = await newCompany(tree, db, false);
    const catalog = catalogOperations(1);
    await tree.applyBatch(db, catalog.operations);
    const plantingRef = catalog.plantingRefs[0]!;
    const planting = await db.selectFrom('plantings').select(['id', 'project_id']).where('foundation_ref', '=', plantingRef).executeTakeFirstOrThrow();
    const capture = new QueryCapture();
    const traced = db.withPlugin(capture);

    const phase = async (): Promise<SinglesPhase> => {
      const allocations = await allocationsOf(db, planting.id);
      log(`${target.label}: ${warmup} + ${singleOps} record_allocation onto a planting holding ${allocations.toLocaleString('en')} allocations`);
      for (let i = 0; i < warmup; i++) await tree.applySingle(traced, recordAllocation(companyId, plantingRef));
      const samplesMs: number[] = [];
      for (let i = 0; i < singleOps; i++) {
        const operation = recordAllocation(companyId, plantingRef);
        const started = performance.now();
        await tree.applySingle(traced, operation);
        samplesMs.push(performance.now() - started);
      }
      capture.recording = true;
      await tree.applySingle(traced, recordAllocation(companyId, plantingRef));
      capture.recording = false;
      const statements = capture.take(db).map((query) => query.sql);
      const stats = describe(samplesMs);
      return { allocations, samplesMs, stats, opsPerSecond: 1000 / stats.mean, statements };
    };

    const empty = await phase();
    const seedStarted = performance.now();
    const toSeed = largeAllocations - (await allocationsOf(db, planting.id));
    log(`${target.label}: seeding ${toSeed.toLocaleString('en')} allocations into the planting (SQL)`);
    if (toSeed > 0) {
      await insertAllocationRows(db, { companyId, projectId: planting.project_id, plantingIds: [planting.id], rows: toSeed, treesPerRow: 2, status: 'pledged' });
    }
    await setCountersFromAllocations(db, companyId);
    await sql`ANALYZE`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const large = await phase();
    return { label: target.label, empty, large, countersOk: await countersMatch(db, companyId, planting.id), seedSeconds };
  } finally {
    await target.close();
  }
}

async function allocationsOf(db: Kysely<DB>, plantingId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM allocations WHERE planting_id = ${plantingId}`.execute(db);
  return rows[0]!.n;
}

/** The company's totals, and the planting's allocated count where the tree keeps one, add up to its allocations. */
async function countersMatch(db: Kysely<DB>, companyId: string, plantingId: string): Promise<boolean> {
  const { rows } = await sql<{ counted: number; summed: number; unassigned: number; allocated: number | null; in_planting: number }>`
    SELECT (SELECT trees_pledged + trees_planted + trees_monitored FROM company_totals WHERE company_id = ${companyId} AND livemode) AS counted,
           (SELECT trees_unassigned FROM company_totals WHERE company_id = ${companyId} AND livemode) AS unassigned,
           (SELECT coalesce(sum(trees), 0)::bigint FROM allocations WHERE company_id = ${companyId} AND livemode) AS summed,
           (SELECT (to_jsonb(p) ->> 'trees_allocated')::bigint FROM plantings p WHERE p.id = ${plantingId}) AS allocated,
           (SELECT coalesce(sum(trees), 0)::bigint FROM allocations WHERE planting_id = ${plantingId}) AS in_planting`.execute(db);
  const r = rows[0]!;
  const ok = Number(r.counted) === Number(r.summed) && Number(r.unassigned) === Number(r.summed) && (r.allocated === null || Number(r.allocated) === Number(r.in_planting));
  if (!ok) log(`counters differ: ${JSON.stringify(r)}`);
  return ok;
}

// ---------------------------------------------------------------------------------------
// B and C. API reads while the foundation writes, on PGlite.

interface ReadStats {
  reads: number;
  failed: number;
  /** The statuses of the failed reads (0: no answer). */
  failedStatuses: number[];
  p50: number;
  p99: number;
  max: number;
}

interface ImportResult {
  label: string;
  operations: number;
  plantings: number;
  transactions: number;
  seconds: number;
  opsPerSecond: number;
  reads: ReadStats;
  /** The app thread's longest event-loop delay during the import. */
  stallMs: number;
}

interface BatchesResult {
  label: string;
  batchSize: number;
  batchMs: number[];
  reads: ReadStats;
  maxReadPerBatch: number[];
  stallMs: number[];
}

function readStats(samples: readonly ReadSample[]): ReadStats {
  const stats = describe(samples.map((s) => s.ms));
  const failed = samples.filter((s) => s.status !== 200).map((s) => s.status);
  return { reads: samples.length, failed: failed.length, failedStatuses: failed, p50: stats.p50, p99: stats.p99, max: stats.max };
}

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * The longest time the app's thread went without turning its event loop (reading no
 * request, firing no timer): the longest gap between ticks of a 10 ms timer, the last gap
 * included, so a loop blocked for the whole write counts the whole write.
 */
function watchEventLoop() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    async stop(): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, 0));
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

async function measureReadsDuringWrites(tree: Tree): Promise<{ importResult: ImportResult | null; batchesResult: BatchesResult | null }> {
  const target = await openTarget(tree, 'pglite');
  const { db } = target.database;
  let app: FastifyInstance | null = null;
  try {
    const { companyId, token } = await newCompany(tree, db, true);
    const catalog = catalogOperations(importPlantings);
    await tree.applyBatch(db, catalog.operations);
    const plantingRef = (i: number) => catalog.plantingRefs[i % catalog.plantingRefs.length]!;

    app = await tree.buildApp({ config: tree.config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app has no port');
    const meUrl = `http://127.0.0.1:${address.port}/v2/me`;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

    /** Runs `write` while the reader sends GET /v2/me; the reads under way during the write. */
    const whileReading = async <T>(write: () => Promise<T>) => {
      const reader = startReader(meUrl, headers, { intervalMs: readIntervalMs, maxMs: MAX_RUN_MS });
      await reader.ready;
      const stalls = watchEventLoop();
      const from = epochNow();
      const started = performance.now();
      const result = await write();
      const ms = performance.now() - started;
      const to = epochNow();
      const stallMs = await stalls.stop();
      return { result, ms, reads: readsDuring(await reader.stop(), from, to), stallMs };
    };

    let importResult: ImportResult | null = null;
    if (measures.includes('b')) {
      const operations = Array.from({ length: importOps }, (_, i) => recordAllocation(companyId, plantingRef(i)));
      log(`${target.label}: importing ${importOps.toLocaleString('en')} record_allocation over ${importPlantings} plantings with ${tree.calls.import}, reading GET /v2/me every ${readIntervalMs} ms`);
      const run = await whileReading(() => tree.importAll(db, operations));
      importResult = {
        label: target.label, operations: importOps, plantings: importPlantings, transactions: run.result,
        seconds: run.ms / 1000, opsPerSecond: importOps / (run.ms / 1000), reads: readStats(run.reads), stallMs: run.stallMs,
      };
      log(`  ${importResult.seconds.toFixed(1)} s, ${importResult.reads.reads} reads, longest ${importResult.reads.max.toFixed(0)} ms`);
    }

    let batchesResult: BatchesResult | null = null;
    if (measures.includes('c')) {
      const batchSize = batchSizeWanted ?? tree.maxBatch;
      log(`${target.label}: ${batches} batches of ${batchSize} record_allocation with ${tree.calls.batch}, reading GET /v2/me every ${readIntervalMs} ms`);
      const batchMs: number[] = [];
      const allReads: ReadSample[] = [];
      const maxReadPerBatch: number[] = [];
      const stallMs: number[] = [];
      for (let b = 0; b < batches; b++) {
        const operations = Array.from({ length: batchSize }, (_, i) => recordAllocation(companyId, plantingRef(i)));
        const run = await whileReading(() => tree.applyBatch(db, operations));
        batchMs.push(run.ms);
        allReads.push(...run.reads);
        maxReadPerBatch.push(Math.max(0, ...run.reads.map((r) => r.ms)));
        stallMs.push(run.stallMs);
        log(`  batch ${b + 1}: ${run.ms.toFixed(0)} ms, ${run.reads.length} reads, longest ${maxReadPerBatch.at(-1)!.toFixed(0)} ms`);
      }
      batchesResult = { label: target.label, batchSize, batchMs, reads: readStats(allReads), maxReadPerBatch, stallMs };
    }
    return { importResult, batchesResult };
  } finally {
    await app?.close();
    await target.close();
  }
}

// ---------------------------------------------------------------------------------------
// The run and its report.

const tree = await loadTree(treeDir);
log(`tree ${tree.dir} at ${tree.commit}: ${tree.calls.single}; import ${tree.calls.import}; largest batch ${tree.maxBatch}`);
const started = performance.now();
const singles: (SinglesResult | { label: string; error: string })[] = [];
let importResult: ImportResult | null = null;
let batchesResult: BatchesResult | null = null;
let failed = false;

if (measures.includes('a')) {
  for (const kind of targets as ('pglite' | 'postgres')[]) {
    try {
      singles.push(await measureSingles(tree, kind));
    } catch (error) {
      failed = true;
      log(`A on ${kind} failed: ${(error as Error).stack ?? error}`);
      singles.push({ label: kind, error: (error as Error).message });
    }
  }
}
if (measures.includes('b') || measures.includes('c')) {
  try {
    ({ importResult, batchesResult } = await measureReadsDuringWrites(tree));
  } catch (error) {
    failed = true;
    log(`B/C failed: ${(error as Error).stack ?? error}`);
  }
}

const f = (n: number, digits = 2) => n.toFixed(digits);
const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
const lines = [
  `# Foundation write path, tree ${tree.dir} at ${tree.commit} (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  '',
  `Load average at the end (1, 5, 15 min): ${load}. Wall time of the run: ${((performance.now() - started) / 1000).toFixed(0)} s.`,
];
if (singles.length > 0) {
  lines.push(
    '',
    `## A. record_allocation, one operation per transaction (${tree.calls.single})`,
    '',
    `${warmup} warm-up operations, then ${singleOps} timed, one after another, into one planting of 100,000,000 trees; milliseconds per operation, wall time of the call.`,
    '',
    '| database | allocations in the planting | p50 | p95 | mean | max | ops/s |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of singles) {
    if ('error' in r) {
      lines.push(`| ${r.label} | failed: ${r.error.replaceAll('|', '/').slice(0, 120)} | | | | | |`);
      continue;
    }
    for (const p of [r.empty, r.large]) {
      lines.push(`| ${r.label} | ${p.allocations.toLocaleString('en')} | ${f(p.stats.p50)} | ${f(p.stats.p95)} | ${f(p.stats.mean)} | ${f(p.stats.max)} | ${f(p.opsPerSecond, 0)} |`);
    }
  }
  lines.push('');
  for (const r of singles) {
    if ('error' in r) continue;
    lines.push(
      `${r.label}: large/empty ${f(r.large.stats.p50 / r.empty.stats.p50)}x at p50, ${f(r.large.stats.mean / r.empty.stats.mean)}x on the mean; ` +
        `seeding ${f(r.seedSeconds, 1)} s; counters after the run ${r.countersOk ? 'match the allocations' : 'DIFFER'}.`,
    );
  }
  const first = singles.find((r): r is SinglesResult => !('error' in r));
  if (first) {
    const same = first.empty.statements.length === first.large.statements.length;
    lines.push(
      '',
      `Statements one record_allocation sends (recorded by a Kysely plugin on the handle passed in; ${first.large.statements.length} on the full planting` +
        `${same ? ', the same on the empty one' : `, ${first.empty.statements.length} on the empty one`}). The transaction's BEGIN and COMMIT are sent by ` +
        "Kysely's driver, which plugins do not see: add 2.",
      '',
      '```sql',
      ...first.large.statements.map((s, i) => `${String(i + 1).padStart(2)}. ${oneLine(s)}`),
      '```',
    );
  }
}
if (importResult) {
  const r = importResult;
  lines.push(
    '',
    `## B. GET /v2/me during an import (${tree.calls.import})`,
    '',
    `${r.operations.toLocaleString('en')} record_allocation over ${r.plantings} plantings, on ${r.label}; a client in a worker thread sends GET /v2/me every ${readIntervalMs} ms (the next one at once when one takes longer) until the import ends. Reads in milliseconds, client-side; the event-loop stall is the longest gap between ticks of a 10 ms timer in the app's thread, a time in which it reads no request at all.`,
    '',
    '| database | operations | transactions | import | ops/s | reads | failed | read p50 | read p99 | read max | longest event-loop stall |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.label} | ${r.operations.toLocaleString('en')} | ${r.transactions} | ${f(r.seconds, 1)} s | ${f(r.opsPerSecond, 0)} | ${r.reads.reads} | ${failedReads(r.reads)} | ${f(r.reads.p50, 1)} | ${f(r.reads.p99, 1)} | ${f(r.reads.max, 1)} | ${f(r.stallMs, 0)} |`,
  );
}
if (batchesResult) {
  const r = batchesResult;
  const b = describe(r.batchMs);
  lines.push(
    '',
    `## C. GET /v2/me during one batch of the largest size (${tree.calls.batch}, ${r.batchSize} operations)`,
    '',
    `${r.batchMs.length} batches one after another, each read as in B. Milliseconds.`,
    '',
    '| database | batch size | batch time, each | reads | failed | read p50 | longest read wait, each batch | longest event-loop stall, each batch |',
    '|---|---:|---|---:|---:|---:|---|---|',
    `| ${r.label} | ${r.batchSize} | ${r.batchMs.map((n) => f(n, 0)).join(', ')} (mean ${f(b.mean, 0)}) | ${r.reads.reads} | ${failedReads(r.reads)} | ${f(r.reads.p50, 1)} | ${r.maxReadPerBatch.map((n) => f(n, 0)).join(', ')} | ${r.stallMs.map((n) => f(n, 0)).join(', ')} |`,
  );
}
console.log(lines.join('\n'));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString(), tree: tree.dir, commit: tree.commit, load, singles, importResult, batchesResult }, null, 2)}\n`);
process.exit(failed || singles.some((r) => 'error' in r || !r.countersOk) ? 1 : 0);

function failedReads(stats: ReadStats): string {
  if (stats.failed === 0) return '0';
  const counts = new Map<number, number>();
  for (const status of stats.failedStatuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return `${stats.failed} (${[...counts].map(([status, n]) => `${n}x ${status || 'no answer'}`).join(', ')})`;
}

function oneLine(statement: string): string {
  const flat = statement.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
