/**
 * `npm run bench:export`: the audit export (issue 26) for a company with `--allocations`
 * live allocations (1,000,000 by default): GET /v2/exports/plantings.geojson and .csv over
 * HTTP, and the dashboard's zip (modules/exports/zip.ts) written to a counting sink, on
 * PGlite and on PostgreSQL. For each: time to first byte, total time, bytes, and the peak
 * RSS and heap of this process above what it held before (PGlite lives in this process).
 *
 * The data are the impact bench's (bench/seed-impact.ts: 300 plantings with their proof,
 * the large company's allocations in the status of their planting), plus `--plantings`
 * more plantings of the large company, one allocation each, so that the export itself is
 * large and its memory can be seen not to grow with it. Each answer is checked: the
 * GeoJSON's digest recomputes, its features are the company's plantings and their trees add
 * up to the company's total. `--pglite-dir DIR` / `--pg-database NAME` keep the seeded data
 * for the next run. Markdown report on stdout, progress on stderr; exit code 1 when a check failed.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { newId } from '../src/core/ids.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { installFeatures } from '../src/features.ts';
import { geojsonDigestOf } from '../src/modules/exports/stream.ts';
import { TEXTS } from '../src/modules/exports/texts.ts';
import { exportZip } from '../src/modules/exports/zip.ts';
import { createToken } from '../src/operator/tokens.ts';
import { databaseTargets, wholeNumber } from './args.ts';
import { insertAllocationRows, setCountersFromAllocations } from './seed-allocations.ts';
import { findImpactSeed, seedImpact } from './seed-impact.ts';
import { log, openNamedPostgres, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    allocations: { type: 'string', default: '1000000' },
    plantings: { type: 'string', default: '20000' },
    repeat: { type: 'string', default: '3' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    'pg-database': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = wholeNumber('allocations', opts.allocations);
const extraPlantings = wholeNumber('plantings', opts.plantings, 0);
const repeat = wholeNumber('repeat', opts.repeat);
const { targets, postgresUrl } = databaseTargets(opts);
const BASE = 'http://127.0.0.1';

installFeatures();

interface Run {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** Peak heap after a full collection (with --expose-gc), else null. */
  peakLiveMb: number | null;
}

/** Peak RSS and heap above what the process held when it started watching, sampled every 10 ms. */
function memoryWatch() {
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  // With --expose-gc, what the heap still holds after a full collection every 100 ms: what the export keeps, not its garbage.
  let live = start.heapUsed;
  const collector = global.gc
    ? setInterval(() => {
        global.gc?.();
        live = Math.max(live, process.memoryUsage().heapUsed);
      }, 100)
    : null;
  return {
    stop() {
      clearInterval(timer);
      if (collector) clearInterval(collector);
      sample();
      return { rssMb: (rss - start.rss) / 2 ** 20, heapMb: (heap - start.heapUsed) / 2 ** 20, liveMb: global.gc ? (live - start.heapUsed) / 2 ** 20 : null };
    },
  };
}

/** One export over HTTP, read to its end without keeping it (only the GeoJSON is kept, to check it). */
function fetchExport(port: number, path: string, token: string, keep: boolean) {
  return new Promise<Run & { body: Buffer | null }>((resolve, reject) => {
    global.gc?.();
    const watch = memoryWatch();
    const started = performance.now();
    let first = 0;
    let bytes = 0;
    const chunks: Buffer[] = [];
    http.get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        if (first === 0) first = performance.now();
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () => {
        const totalMs = performance.now() - started;
        const memory = watch.stop();
        resolve({ ttfbMs: first - started, totalMs, bytes, peakRssMb: memory.rssMb, peakHeapMb: memory.heapMb, peakLiveMb: memory.liveMb, body: keep ? Buffer.concat(chunks) : null });
      });
    }).on('error', reject);
  });
}

/** The dashboard's zip, written to a sink that counts its bytes. */
async function zipRun(db: Kysely<DB>, companyId: string, databaseUrl: string | null): Promise<Run> {
  global.gc?.();
  const watch = memoryWatch();
  const started = performance.now();
  let first = 0;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (first === 0) first = performance.now();
      bytes += chunk.length;
      done();
    },
  });
  const ctx = { db, companyId, livemode: true, language: 'en' as const, scopes: ['plantings:read' as const], publicBaseUrl: BASE, secretKey: null };
  const { archive, done } = exportZip(ctx, databaseUrl ? 'postgres' : 'pglite', TEXTS.en, 'Bench company', (error) => log(`zip failed: ${error}`));
  const finished = new Promise((resolve, reject) => sink.on('finish', resolve).on('error', reject));
  archive.pipe(sink);
  await Promise.all([done, finished]);
  const memory = watch.stop();
  return { ttfbMs: first - started, totalMs: performance.now() - started, bytes, peakRssMb: memory.rssMb, peakHeapMb: memory.heapMb, peakLiveMb: memory.liveMb };
}

/** `count` more plantings of the company in the world's first project, one allocation each, planted; then its counters from its rows. */
async function addPlantings(db: Kysely<DB>, companyId: string, count: number) {
  if (count === 0) return;
  const project = await db.selectFrom('projects').select(['id', 'partner_id']).where('foundation_ref', 'like', 'bench-impact-%').orderBy('id').executeTakeFirstOrThrow();
  const ids = Array.from({ length: count }, () => newId('planting'));
  for (let from = 0; from < count; from += 5000) {
    const slice = ids.slice(from, from + 5000);
    await sql`
      INSERT INTO plantings (id, foundation_ref, livemode, project_id, partner_id, planted_at, trees, species, latitude, longitude, geometry, photos, completed_at, created_at, updated_at)
      SELECT id, 'bench-export-' || id, true, ${project.id}, ${project.partner_id}, '2025-03-01', 100,
             '[{"name_latin": "Prunus africana", "name_common": {"en": "African cherry", "nl": "Afrikaanse kers"}, "trees": 100}]'::jsonb,
             -0.38, 37.04, '{"type": "Polygon", "coordinates": [[[37.04, -0.39], [37.05, -0.39], [37.05, -0.38], [37.04, -0.38], [37.04, -0.39]]]}'::jsonb,
             '[{"url": "https://media.bench.canopy.example/export/plot.jpg", "caption": null, "taken_at": "2025-03-01", "credit": null}]'::jsonb,
             now(), now() - interval '400 days', now()
      FROM unnest(${slice}::text[]) AS id`.execute(db);
  }
  await insertAllocationRows(db, { companyId, projectId: project.id, plantingIds: ids, rows: count, treesPerRow: 3, status: 'planted' });
  await setCountersFromAllocations(db, companyId);
  await sql`ANALYZE`.execute(db);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const failures: string[] = [];
const sections: string[] = [];

for (const kind of targets) {
  const opened = kind === 'pglite'
    ? await openPGlite(openDatabase, { dir: opts['pglite-dir'], keep: opts.keep, log })
    : opts['pg-database'] ? await openNamedPostgres(openDatabase, postgresUrl!, opts['pg-database']) : await openPostgres(openDatabase, postgresUrl!, { keep: opts.keep, log });
  const { database } = opened;
  let app: FastifyInstance | null = null;
  try {
    await migrate(database);
    const found = (opts['pglite-dir'] || opts['pg-database']) ? await findImpactSeed(database.db) : null;
    let seedSeconds: number | null = null;
    let companyId: string;
    if (found) {
      log(`${opened.label}: reusing the seeded data`);
      companyId = found.large.companyId;
    } else {
      const started = performance.now();
      log(`${opened.label}: seeding ${rows.toLocaleString('en')} allocations and ${extraPlantings.toLocaleString('en')} more plantings`);
      const seed = await seedImpact(database.db, { rows, publicBaseUrl: BASE, log: (line) => log(`  ${line}`) });
      companyId = seed.large.companyId;
      await addPlantings(database.db, companyId, extraPlantings);
      seedSeconds = (performance.now() - started) / 1000;
    }
    const { rows: facts } = await sql<{ allocations: number; plantings: number; trees: number }>`
      SELECT (SELECT count(*)::int FROM allocations WHERE company_id = ${companyId} AND livemode) AS allocations,
             (SELECT count(*)::int FROM company_plantings WHERE company_id = ${companyId} AND livemode AND trees > 0) AS plantings,
             (SELECT (trees_pledged + trees_planted + trees_monitored)::int FROM company_totals WHERE company_id = ${companyId} AND livemode) AS trees`.execute(database.db);
    const fact = facts[0]!;
    const user = await database.db.selectFrom('users').select('email').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const { token } = await createToken(database.db, { companyId, ownerEmail: user.email, scopes: ['plantings:read'], livemode: true, name: 'bench export' });

    const secretKey = randomBytes(32).toString('hex');
    const config = loadConfig({ PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'warn', CANOPY_SECRET_KEY: secretKey, RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000000', RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000000' });
    app = await buildApp({ config: { ...config, secretKey, databaseUrl: opened.url ?? null }, db: database.db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;

    const results: { what: string; runs: Run[] }[] = [];
    for (const [what, path] of [['GeoJSON', '/v2/exports/plantings.geojson'], ['CSV', '/v2/exports/plantings.csv']] as const) {
      const runs: Run[] = [];
      // The GeoJSON is read once more, kept and checked, outside the timed runs (keeping it would be counted as the export's memory).
      for (let i = what === 'GeoJSON' ? -1 : 0; i < repeat; i++) {
        const run = await fetchExport(port, path, token, i === -1);
        if (run.body) {
          const doc = JSON.parse(run.body.toString('utf8'));
          if (doc.sha256 !== geojsonDigestOf(run.body)) failures.push(`${opened.label}: the GeoJSON's digest does not recompute`);
          if (doc.features.length !== fact.plantings) failures.push(`${opened.label}: ${doc.features.length} features, ${fact.plantings} plantings`);
          const trees = doc.features.reduce((sum: number, f: { properties: { trees_for_company: number } }) => sum + f.properties.trees_for_company, 0);
          if (trees !== fact.trees) failures.push(`${opened.label}: features hold ${trees} trees, the company ${fact.trees}`);
          continue;
        }
        runs.push(run);
        log(`${opened.label} ${what}: ${run.totalMs.toFixed(0)} ms, ${(run.bytes / 2 ** 20).toFixed(1)} MB`);
      }
      results.push({ what, runs });
    }
    const zipRuns: Run[] = [];
    for (let i = 0; i < repeat; i++) zipRuns.push(await zipRun(database.db, companyId, opened.url ?? null));
    results.push({ what: 'zip (dashboard)', runs: zipRuns });

    const lines = [
      `### ${opened.label}`, '',
      `${fact.allocations.toLocaleString('en')} live allocations, ${fact.plantings.toLocaleString('en')} plantings holding the company's trees, ${fact.trees.toLocaleString('en')} trees. `
        + (seedSeconds === null ? 'Seeded by an earlier run.' : `Seeded in ${seedSeconds.toFixed(0)} s.`), '',
      '| export | time to first byte | total | bytes | peak RSS above start | peak heap above start | peak live heap above start |', '|---|---|---|---|---|---|---|',
      ...results.map(({ what, runs }) => `| ${what} | ${median(runs.map((r) => r.ttfbMs)).toFixed(0)} ms | ${median(runs.map((r) => r.totalMs)).toFixed(0)} ms `
        + `| ${(median(runs.map((r) => r.bytes)) / 2 ** 20).toFixed(1)} MB | ${Math.max(...runs.map((r) => r.peakRssMb)).toFixed(0)} MB | ${Math.max(...runs.map((r) => r.peakHeapMb)).toFixed(0)} MB `
        + `| ${runs[0]!.peakLiveMb === null ? 'n/a (no --expose-gc)' : `${Math.max(...runs.map((r) => r.peakLiveMb ?? 0)).toFixed(1)} MB`} |`),
      '', `Medians of ${repeat} runs (peaks: the largest); RSS of the process at the end: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB.`, '',
    ];
    sections.push(lines.join('\n'));
  } finally {
    await app?.close();
    await opened.close();
  }
}

console.log([
  '# The audit export (issue 26)', '',
  `Node ${process.version}; ${os.cpus().length} cores; load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}.`,
  `Command: \`npm run bench:export -- ${process.argv.slice(2).join(' ')}\``, '',
  ...sections,
  failures.length === 0 ? 'Checks: every GeoJSON digest recomputed, its features were the company\'s plantings and held its trees.' : `Checks FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`,
].join('\n'));
process.exitCode = failures.length === 0 ? 0 : 1;
