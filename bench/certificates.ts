/**
 * `npm run bench:certificates`: how fast a certificate becomes something a person holds.
 *
 * 1. PDFs rendered per second: certificatePdf() of one demo certificate, in a loop (no HTTP).
 * 2. The public page over HTTP: GET /certificates/{id} with C concurrent clients for a
 *    fixed time, over kept-alive loopback connections; requests per second, p50 and p99.
 * 3. The signed download over HTTP, the same way.
 *
 * On the embedded database (PGlite in a temporary folder) seeded with the demo company.
 * Options: --seconds N (default 10), --concurrency C (default 8), --pdfs N (default 100).
 * Prints a markdown report on stdout, progress on stderr.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { runDueJobs } from '../src/platform/jobs/worker.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { certificatePdf } from '../src/modules/certificates/pdf.ts';
import { lookUpCertificate } from '../src/modules/certificates/view.ts';
import { installFeatures, JOBS } from '../src/features.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, concurrency: { type: 'string' }, pdfs: { type: 'string' } } });
const seconds = Number(values.seconds ?? 10);
const concurrency = Number(values.concurrency ?? 8);
const pdfCount = Number(values.pdfs ?? 100);
const log = (line: string) => process.stderr.write(`${line}\n`);

// An entry point: seedDemo writes events before the app (which would install them) is built.
installFeatures();
const dir = mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-certificates-'));
const database = await openDatabase({ kind: 'pglite', dataDir: dir });
try {
  await migrate(database);
  const secretKey = randomBytes(32).toString('hex');
  log('seeding the demo company...');
  await seedDemo(database.db, 'http://127.0.0.1');
  const mailer = createMailer({ smtpUrl: null, from: 'bench <b@example.com>', outboxDir: path.join(dir, 'outbox') });
  await runDueJobs(database.db, { jobs: JOBS, services: { publicBaseUrl: 'http://127.0.0.1', secretKey, mailer } });
  const certificate = await database.db.selectFrom('certificates').select('id').where('type', '=', 'personal').where('livemode', '=', true)
    .orderBy('trees', 'desc').executeTakeFirstOrThrow();

  log(`rendering ${pdfCount} PDFs...`);
  const found = await lookUpCertificate(database.db, { publicBaseUrl: 'http://127.0.0.1', secretKey }, certificate.id, 'en');
  if (found.found !== 'certificate') throw new Error('the demo certificate is not there');
  await certificatePdf(found.view);
  const pdfTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < pdfCount; i++) {
    const started = performance.now();
    bytes = (await certificatePdf(found.view)).length;
    pdfTimes.push(performance.now() - started);
  }

  // The pages' per-address limit (300 a minute) would refuse the load: it is measured by bench:rate-limits.
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn', CANOPY_SECRET_KEY: secretKey, PUBLIC_PAGE_REQUESTS_PER_MINUTE: '1000000000' });
  const app = await buildApp({ config: { ...config, secretKey }, db: database.db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const downloadPath = new URL(found.view.downloadUrl).pathname + new URL(found.view.downloadUrl).search;

  const page = await load(port, `/certificates/${certificate.id}?lang=en`, 'text/html');
  const download = await load(port, downloadPath, 'application/pdf');
  await app.close();

  const load1 = uptimeLoad();
  process.stdout.write(`# Certificates: PDF and public page

Node ${process.version}, ${os.cpus().length} cores, PGlite in a folder, the demo company. Load average ${load1}.

| what | figure |
|---|---|
| PDF rendered (one A4 page, embedded Noto Sans, QR code), ${pdfCount} in a row | ${(1000 / mean(pdfTimes)).toFixed(1)} per second; p50 ${pct(pdfTimes, 50)} ms, p99 ${pct(pdfTimes, 99)} ms; ${Math.round(bytes / 1024)} KB each |
| GET /certificates/{id}, ${concurrency} clients, ${seconds} s | ${page.perSecond} requests per second; p50 ${page.p50} ms, p99 ${page.p99} ms; ${page.errors} errors |
| GET /certificates/{id}/download (signed), ${concurrency} clients, ${seconds} s | ${download.perSecond} PDFs per second; p50 ${download.p50} ms, p99 ${download.p99} ms; ${download.errors} errors |
`);
  // A request that failed (or a load that sent none) fails the run: its figures would not be the pages'.
  if (page.errors > 0 || download.errors > 0 || page.requests === 0 || download.requests === 0) process.exitCode = 1;
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

/** C clients sending the request back to back for `seconds`, over kept-alive connections. */
async function load(port: number, requestPath: string, expectedType: string) {
  log(`GET ${requestPath.slice(0, 60)}... for ${seconds} s with ${concurrency} clients`);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: requestPath, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode === 200 && String(response.headers['content-type']).startsWith(expectedType)));
        });
        req.on('error', () => resolve(false));
        req.end();
      });
      times.push(performance.now() - started);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return { requests: times.length, perSecond: (times.length / seconds).toFixed(1), p50: pct(times, 50), p99: pct(times, 99), errors };
}

function pct(samples: number[], p: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
}

function mean(samples: number[]): number {
  return samples.reduce((sum, x) => sum + x, 0) / samples.length;
}

function uptimeLoad(): string {
  return os.loadavg().map((x) => x.toFixed(2)).join(', ');
}
