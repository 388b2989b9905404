/**
 * `npm run bench:certificate-pages`: what a recipient's surfaces cost (issue 23): the
 * certificate page (personal and company), the share image (drawn, from memory, and 304),
 * and the PDF, so that a change to any of them is measured before and after.
 *
 * 1. Seeds the demo company into PGlite in a temporary folder (removed afterwards) and
 *    issues its certificates (the job queue, run to the end, with the company certificate's
 *    refresh asked for at once).
 * 2. Share image drawn, in this process (no HTTP): the certificate read (lookUpCertificate),
 *    its card, the SVG and the PNG, `--draws` times for a personal and the company
 *    certificate: what a request costs when the PNG is not in memory.
 * 3. Over HTTP, the app on 127.0.0.1 (its per-address page limit lifted), each request
 *    sent by `--concurrency` clients back to back for `--seconds`, after `--warmup`
 *    requests, from a worker thread (on PGlite the database runs in the app's thread; a
 *    client there would be held up with it): the personal and the company page, the share
 *    image of each (from memory after the first), the share image with its ETag in
 *    If-None-Match (304), and the PDF behind the signed link (PDFs per second).
 *
 * `--tree DIR` measures another checkout (its modules, imported by absolute path: a
 * `node_modules` symlink to this one's will do), e.g. the commit before a change; what the
 * tree does not have (the share image before it existed) is reported as absent.
 * Prints a markdown report on stdout, progress on stderr; exits non-zero when a request
 * failed or answered something else than expected.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { fail, wholeNumber } from './args.ts';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '20' },
    draws: { type: 'string', default: '40' },
    tree: { type: 'string' },
  },
});
const seconds = Number(opts.seconds);
if (!(seconds > 0)) fail('--seconds must be a positive number');
const concurrency = wholeNumber('concurrency', opts.concurrency);
const warmup = wholeNumber('warmup', opts.warmup, 0);
const draws = wholeNumber('draws', opts.draws);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const treeDir = path.resolve(opts.tree ?? here);
const log = (line: string) => process.stderr.write(`${line}\n`);
const BASE = 'http://127.0.0.1';

/** A module of the tree under test; its types are this repository's, asserted. */
async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(treeDir, file)).href)) as T;
}
const { buildApp } = await load<typeof import('../src/app.ts')>('src/app.ts');
const { loadConfig } = await load<typeof import('../src/config.ts')>('src/config.ts');
const { openDatabase } = await load<typeof import('../src/db/database.ts')>('src/db/database.ts');
const { migrate } = await load<typeof import('../src/db/migrate.ts')>('src/db/migrate.ts');
const { seedDemo } = await load<typeof import('../src/demo/seed.ts')>('src/demo/seed.ts');
const { runDueJobs } = await load<typeof import('../src/platform/jobs/worker.ts')>('src/platform/jobs/worker.ts');
const { createMailer } = await load<typeof import('../src/platform/mail/mailer.ts')>('src/platform/mail/mailer.ts');
const { installFeatures, JOBS } = await load<typeof import('../src/features.ts')>('src/features.ts');
const { enqueueJob } = await load<typeof import('../src/platform/jobs/queue.ts')>('src/platform/jobs/queue.ts');
const { refreshCompanyCertificates } = await load<typeof import('../src/modules/certificates/jobs.ts')>('src/modules/certificates/jobs.ts');
const { lookUpCertificate } = await load<typeof import('../src/modules/certificates/view.ts')>('src/modules/certificates/view.ts');
const shareImage = existsSync(path.join(treeDir, 'src/modules/certificates/share-image.ts'))
  ? await load<typeof import('../src/modules/certificates/share-image.ts')>('src/modules/certificates/share-image.ts')
  : null;

/** The clients, in a worker thread so that their clock runs while the app's thread is busy. */
const LOAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, path, headers, clients, warmup, ms, status, type } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function get() {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => {
        const ok = response.statusCode === status && (!type || String(response.headers['content-type']).startsWith(type));
        resolve({ ok, status: response.statusCode, bytes });
      });
    });
    request.on('error', () => resolve({ ok: false, status: 0, bytes: 0 }));
  });
}
(async () => {
  for (let i = 0; i < warmup; i++) await get();
  const latencies = [];
  const failures = {};
  let bytes = 0;
  const began = performance.now();
  const loop = async () => {
    while (performance.now() - began < ms) {
      const started = performance.now();
      const answer = await get();
      latencies.push(performance.now() - started);
      bytes = answer.bytes;
      if (!answer.ok) failures[answer.status] = (failures[answer.status] || 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  agent.destroy();
  parentPort.postMessage({ latencies, failures, bytes, seconds: (performance.now() - began) / 1000 });
})();
`;

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  status: number;
  type: string | null;
}

interface Measured {
  scenario: Scenario;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  bytes: number;
  failures: Record<string, number>;
}

async function measure(port: number, scenario: Scenario): Promise<Measured> {
  log(`${scenario.name}: ${warmup} warm-up requests, then ${concurrency} client(s) for ${seconds} s`);
  const workerData = { port, path: scenario.path, headers: scenario.headers ?? {}, clients: concurrency, warmup, ms: seconds * 1000, status: scenario.status, type: scenario.type };
  const worker = new Worker(LOAD_SOURCE, { eval: true, workerData });
  try {
    const result = await new Promise<{ latencies: number[]; failures: Record<string, number>; bytes: number; seconds: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const sorted = [...result.latencies].sort((a, b) => a - b);
    return {
      scenario,
      perSecond: result.latencies.length / result.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
      requests: result.latencies.length,
      bytes: result.bytes,
      failures: result.failures,
    };
  } finally {
    await worker.terminate();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Share images drawn in this process: reading the certificate, the card and SVG, the PNG; milliseconds per draw. */
async function drawShareImages(db: Kysely<DB>, links: { publicBaseUrl: string; secretKey: string }, id: string) {
  if (!shareImage) return null;
  const { slug } = await db.selectFrom('certificates').innerJoin('companies', 'companies.id', 'certificates.company_id').select('companies.slug').where('certificates.id', '=', id).executeTakeFirstOrThrow();
  const parts = { read: [] as number[], svg: [] as number[], png: [] as number[], total: [] as number[] };
  let bytes = 0;
  for (let i = 0; i < draws + 1; i++) {
    const started = performance.now();
    const found = await lookUpCertificate(db, links, id, 'en');
    if (found.found !== 'certificate') throw new Error(`certificate ${id} is not there`);
    const read = performance.now();
    const svg = shareImage.shareCardSvg(shareImage.shareCardOf(found.view, { slug }, null));
    const drawn = performance.now();
    bytes = (await shareImage.shareCardPng(svg)).length;
    const ended = performance.now();
    if (i === 0) continue; // the first opens the fonts and the map data
    parts.read.push(read - started);
    parts.svg.push(drawn - read);
    parts.png.push(ended - drawn);
    parts.total.push(ended - started);
  }
  const figure = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  return { read: figure(parts.read), svg: figure(parts.svg), png: figure(parts.png), total: figure(parts.total), bytes };
}

function commitOf(dir: string): string {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'not a git checkout';
  }
}

// An entry point: seedDemo writes events before the app (which would install them) is built.
installFeatures();
const dir = mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-certificate-pages-'));
const database = await openDatabase({ kind: 'pglite', dataDir: dir });
let app: FastifyInstance | null = null;
try {
  await migrate(database);
  const secretKey = randomBytes(32).toString('hex');
  const links = { publicBaseUrl: BASE, secretKey };
  log('seeding the demo company and issuing its certificates...');
  await seedDemo(database.db, BASE);
  const mailer = createMailer({ smtpUrl: null, from: 'bench <b@example.com>', outboxDir: path.join(dir, 'outbox') });
  // The company certificate comes with the hourly housekeeping: asked for here at once.
  await enqueueJob(database.db, refreshCompanyCertificates, {});
  await runDueJobs(database.db, { jobs: JOBS, services: { ...links, mailer } });
  const pick = (type: 'personal' | 'company') =>
    database.db.selectFrom('certificates').select('id').where('type', '=', type).where('livemode', '=', true).where('withdrawn_at', 'is', null)
      .orderBy('trees', 'desc').executeTakeFirstOrThrow();
  const personal = (await pick('personal')).id;
  const company = (await pick('company')).id;

  log(`drawing ${draws} share images of each certificate in this process...`);
  const drawnPersonal = await drawShareImages(database.db, links, personal);
  const drawnCompany = await drawShareImages(database.db, links, company);

  // The pages' per-address limit (300 a minute) would refuse the load: it is measured by bench:rate-limits.
  const config = loadConfig({ PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'warn', CANOPY_SECRET_KEY: secretKey, PUBLIC_PAGE_REQUESTS_PER_MINUTE: '1000000000' });
  app = await buildApp({ config: { ...config, secretKey }, db: database.db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const found = await lookUpCertificate(database.db, links, personal, 'en');
  if (found.found !== 'certificate') throw new Error('the demo certificate is not there');
  const download = new URL(found.view.downloadUrl);

  const probe = await fetch(`http://127.0.0.1:${port}/certificates/${personal}/share.png`);
  await probe.arrayBuffer();
  const hasShareImage = probe.status === 200;
  const scenarios: Scenario[] = [
    { name: 'page, personal', path: `/certificates/${personal}?lang=en`, status: 200, type: 'text/html' },
    { name: 'page, company', path: `/certificates/${company}?lang=en`, status: 200, type: 'text/html' },
  ];
  if (hasShareImage) {
    const tag = probe.headers.get('etag') ?? '';
    scenarios.push(
      { name: 'share image, personal (from memory)', path: `/certificates/${personal}/share.png`, status: 200, type: 'image/png' },
      { name: 'share image, company (from memory)', path: `/certificates/${company}/share.png`, status: 200, type: 'image/png' },
      { name: 'share image, personal, If-None-Match (304)', path: `/certificates/${personal}/share.png`, headers: { 'if-none-match': tag }, status: 304, type: null },
    );
  }
  scenarios.push({ name: 'PDF, personal (signed link)', path: `${download.pathname}${download.search}`, status: 200, type: 'application/pdf' });
  const results: Measured[] = [];
  for (const scenario of scenarios) results.push(await measure(port, scenario));
  await app.close();
  app = null;

  const ms = (value: number) => value.toFixed(1);
  const drawnRow = (label: string, drawn: Awaited<ReturnType<typeof drawShareImages>>) =>
    drawn
      ? `| ${label} | ${ms(drawn.total.p50)} | ${ms(drawn.total.p99)} | ${ms(drawn.read.p50)} | ${ms(drawn.svg.p50)} | ${ms(drawn.png.p50)} | ${Math.round(drawn.bytes / 1024)} KB |`
      : `| ${label} | absent in this tree | | | | | |`;
  process.stdout.write(`# Certificate pages, share image and PDF

Tree ${treeDir === here ? 'this checkout' : treeDir} (${commitOf(treeDir)}). Node ${process.version}, ${os.cpus().length} cores, PGlite in a folder, the demo company; load average ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} at the end.

## Share image drawn (no HTTP, ${draws} in a row; milliseconds)

| certificate | p50 | p99 | of which: read (p50) | card and SVG (p50) | PNG (p50) | PNG size |
|---|---:|---:|---:|---:|---:|---:|
${drawnRow('personal', drawnPersonal)}
${drawnRow('company', drawnCompany)}

## Over HTTP (${concurrency} client(s), ${seconds} s each, after ${warmup} warm-up requests; milliseconds)

| request | per second | p50 | p99 | max | body | failed |
|---|---:|---:|---:|---:|---:|---:|
${results.map((r) => `| ${r.scenario.name} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${Math.round(r.bytes / 1024)} KB | ${Object.values(r.failures).reduce((a, b) => a + b, 0)} |`).join('\n')}
${hasShareImage ? '' : `| share image | absent in this tree (GET /certificates/{id}/share.png answered ${probe.status}) | | | | | |\n`}`);
  const failed = results.filter((r) => r.requests === 0 || Object.keys(r.failures).length > 0);
  for (const r of failed) log(`${r.scenario.name}: ${r.requests} requests, failures by status ${JSON.stringify(r.failures)}`);
  if (failed.length > 0) process.exitCode = 1;
} finally {
  await app?.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
