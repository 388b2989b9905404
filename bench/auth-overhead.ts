/**
 * Benchmark (issue 12): what everything around the query costs on the hottest read.
 * `GET /v2/allocations?limit=100` through the whole app (authentication, rate limits,
 * validation, presenting, the request log, metrics) against a bare Fastify route that
 * runs only the same keyset query (listAllocations) on the same database and returns its
 * rows as JSON. The same clients walk both lists page by page (starting_after), in
 * alternating rounds; the ratio of the two throughputs is the figure (target: at least 0.8).
 *
 *   npm run bench:auth                                        # PGlite
 *   BENCH_DATABASE_URL="$DATABASE_URL" npm run bench:auth     # PGlite, then PostgreSQL
 *
 * Options: --rows N (100000), --clients N (8), --seconds N per round (8), --rounds N (3),
 * --db pglite,postgres. Markdown on stdout, progress on stderr.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ReadContext } from '../src/core/context.ts';
import { SCOPES } from '../src/core/scopes.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { listAllocations } from '../src/modules/allocations/queries.ts';
import { databaseTargets, wholeNumber } from './args.ts';
import { describe } from './report.ts';
import { seedCompanyWithAllocations } from './seed-allocations.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const rows = wholeNumber('rows', opts.rows);
const clients = wholeNumber('clients', opts.clients);
const seconds = wholeNumber('seconds', opts.seconds);
const rounds = wholeNumber('rounds', opts.rounds);
const { targets, postgresUrl } = databaseTargets(opts);

const TARGET_RATIO = 0.8;

/** The clients, in a worker thread so that their clock runs while the app's thread is busy. */
const LOAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, path, token, clients, ms } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function get(url) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: token ? { authorization: 'Bearer ' + token } : {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', () => resolve({ status: 0, body: '' }));
  });
}
(async () => {
  const latencies = [];
  const failures = {};
  let rowsRead = 0;
  const began = performance.now();
  const loop = async (n) => {
    let after = null;
    while (performance.now() - began < ms) {
      const started = performance.now();
      const { status, body } = await get(path + '?limit=100' + (after ? '&starting_after=' + after : ''));
      latencies.push(performance.now() - started);
      if (status !== 200) { failures[status] = (failures[status] || 0) + 1; after = null; continue; }
      const page = JSON.parse(body);
      rowsRead += page.data.length;
      after = page.has_more ? page.data[page.data.length - 1].id : null;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => loop(n)));
  agent.destroy();
  parentPort.postMessage({ latencies, failures, rowsRead, seconds: (performance.now() - began) / 1000 });
})();
`;

interface Round {
  route: 'app' | 'bare';
  perSecond: number;
  rowsPerSecond: number;
  latency: ReturnType<typeof describe>;
  failures: Record<string, number>;
}

async function load(port: number, path: string, token: string | null): Promise<Omit<Round, 'route'>> {
  const worker = new Worker(LOAD_SOURCE, { eval: true, workerData: { port, path, token, clients, ms: seconds * 1000 } });
  try {
    const result = await new Promise<{ latencies: number[]; failures: Record<string, number>; rowsRead: number; seconds: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return {
      perSecond: result.latencies.length / result.seconds,
      rowsPerSecond: result.rowsRead / result.seconds,
      latency: describe(result.latencies),
      failures: result.failures,
    };
  } finally {
    await worker.terminate();
  }
}

async function benchTarget(kind: 'pglite' | 'postgres') {
  const opened: BenchDatabase = kind === 'pglite' ? await openPGlite(openDatabase, { log }) : await openPostgres(openDatabase, postgresUrl!, { log });
  const { database } = opened;
  try {
    await migrate(database);
    log(`${opened.label}: seeding ${rows.toLocaleString('en')} allocations`);
    const seeded = await seedCompanyWithAllocations(database.db, rows, { scopes: 'all' });

    // The whole app, its rate limits on (high enough that no request is refused: this
    // measures what checking costs, not refusals).
    const config = loadConfig({
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_COMPANY_PER_MINUTE: '100000000',
      RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '100000000',
    });
    // databaseUrl tells the app to count in PostgreSQL, shared by every process, as production does.
    const app = await buildApp({ config: { ...config, databaseUrl: opened.url ?? null, secretKey: randomBytes(32).toString('hex') }, db: database.db });
    await app.listen({ host: '127.0.0.1', port: 0 });

    // The same keyset query, nothing else: no token, no limits, no presenting.
    const ctx: ReadContext = {
      db: database.db, companyId: seeded.companyId, livemode: true, language: 'en', scopes: SCOPES, publicBaseUrl: 'http://127.0.0.1', secretKey: null,
    };
    const bare = Fastify({ logger: false });
    bare.get<{ Querystring: { limit?: string; starting_after?: string } }>('/allocations', async (request) => {
      const page = await listAllocations(ctx, { limit: Number(request.query.limit ?? 100), starting_after: request.query.starting_after });
      return { data: page.rows, has_more: page.hasMore };
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const portOf = (server: typeof bare.server) => (server.address() as { port: number }).port;

    const results: Round[] = [];
    try {
      // Untimed warm-up of both, then rounds that alternate, so that a busy moment of the
      // machine falls on both alike.
      await load(portOf(app.server), '/v2/allocations', seeded.token);
      await load(portOf(bare.server), '/allocations', null);
      for (let round = 1; round <= rounds; round++) {
        for (const route of round % 2 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
          const measured = route === 'app' ? await load(portOf(app.server), '/v2/allocations', seeded.token) : await load(portOf(bare.server), '/allocations', null);
          log(`${opened.label}: round ${round}, ${route}: ${measured.perSecond.toFixed(0)} requests/s, p50 ${measured.latency.p50.toFixed(1)} ms`);
          results.push({ route, ...measured });
        }
      }
    } finally {
      await app.close();
      await bare.close();
    }
    return { label: opened.label, results };
  } finally {
    await opened.close();
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const loadBefore = os.loadavg();
const reports = [];
for (const target of targets) reports.push(await benchTarget(target as 'pglite' | 'postgres'));

console.log(`# GET /v2/allocations?limit=100: the app against the bare query (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})\n`);
console.log(`${rows.toLocaleString('en')} allocations; ${clients} clients walking the list page by page; ${rounds} rounds of ${seconds} s per route, alternating.`);
console.log(`Load average (1, 5, 15 min) before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}; after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}.\n`);
console.log('| database | route | requests/s (median of rounds) | each round | p50 ms | p99 ms | failures |');
console.log('|---|---|---:|---|---:|---:|---|');
let failed = false;
for (const { label, results } of reports) {
  for (const route of ['app', 'bare'] as const) {
    const of = results.filter((r) => r.route === route);
    const failures = of.flatMap((r) => Object.entries(r.failures)).map(([status, n]) => `${n}× ${status}`);
    if (failures.length > 0) failed = true;
    console.log(
      `| ${label} | ${route === 'app' ? 'the app (auth, rate limits, presenting)' : 'bare keyset query'} | ${median(of.map((r) => r.perSecond)).toFixed(0)} | ${of.map((r) => r.perSecond.toFixed(0)).join(', ')} | ${median(of.map((r) => r.latency.p50)).toFixed(2)} | ${median(of.map((r) => r.latency.p99)).toFixed(2)} | ${failures.join(', ') || 'none'} |`,
    );
  }
}
console.log('');
for (const { label, results } of reports) {
  const app = median(results.filter((r) => r.route === 'app').map((r) => r.perSecond));
  const bare = median(results.filter((r) => r.route === 'bare').map((r) => r.perSecond));
  const ratio = app / bare;
  console.log(`- ${label}: ratio **${ratio.toFixed(2)}** (target at least ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'missed'})`);
}
if (failed) process.exitCode = 1;
