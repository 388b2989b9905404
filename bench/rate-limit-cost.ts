/**
 * Benchmark: what the API's rate limits (issue 12) cost per request, on PGlite (counters
 * in memory) and on PostgreSQL (counters in the rate_limits table, shared by every
 * process). See bench/README.md for what it measures and bench/RESULTS.md for figures.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { createLimiter, createRequestCounters, type Quota } from '../src/platform/http/rate-limit.ts';
import { createCompany } from '../src/operator/companies.ts';
import { createToken } from '../src/operator/tokens.ts';
import { createUser } from '../src/operator/users.ts';
import { databaseTargets, wholeNumber } from './args.ts';
import { describe } from './report.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string' },
    'database-url': { type: 'string' },
    checks: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '1,16' },
    seconds: { type: 'string', default: '5' },
    'warmup-seconds': { type: 'string', default: '1' },
    rounds: { type: 'string', default: '2' },
  },
});

const checks = wholeNumber('checks', opts.checks);
const clientCounts = (opts.clients ?? '').split(',').map((n) => wholeNumber('clients', n));
const measureMs = wholeNumber('seconds', opts.seconds) * 1000;
const warmupMs = wholeNumber('warmup-seconds', opts['warmup-seconds'], 0) * 1000;
const rounds = wholeNumber('rounds', opts.rounds);
const { targets, postgresUrl } = databaseTargets(opts);

/** Far above what the bench sends: every request is counted, none refused. */
const NEVER_REFUSED = 1_000_000_000;

/** The requests timed over HTTP: a read counts against two limits, a write against three. */
const SCENARIOS = [
  { name: 'GET /v2/me (read: 2 counters)', method: 'GET', path: '/v2/me', status: 200 },
  { name: 'DELETE /v2/recipients/{unknown} (write: 3 counters)', method: 'DELETE', path: `/v2/recipients/rcp_${'0'.repeat(24)}`, status: 404 },
] as const;

const SPREADS = ['one company', 'a company each'] as const;
type Spread = (typeof SPREADS)[number];

interface CheckTiming {
  store: string;
  calls: string;
  p50: number;
  p95: number;
  mean: number;
}

interface LoadRun {
  scenario: string;
  limits: 'off' | 'on';
  clients: number;
  /** 'one company': every client sends with the same token; 'a company each': no two clients share a counter. */
  spread: Spread;
  round: number;
  perSecond: number;
  p50: number;
  p99: number;
  mean: number;
  /** CPU of this process (app, PGlite when embedded, and the client thread) per request, microseconds. */
  cpuUs: number;
  unexpected: number;
}

interface TargetResult {
  label: string;
  checkTimings: CheckTiming[];
  runs: LoadRun[];
}

/**
 * A. The check alone, no HTTP: `checks` calls one after another, each with fresh keys'
 * worth of quotas (the same keys every call, as one token's requests), timed one by one.
 */
async function timeChecks(db: Kysely<DB>, shared: boolean): Promise<CheckTiming[]> {
  const results: CheckTiming[] = [];
  const id = randomBytes(6).toString('hex');
  const quotas = (n: number): Quota[] =>
    [`bench_token:${id}`, `bench_company:${id}`, `bench_writes:${id}`].slice(0, n).map((key) => ({ key, limit: NEVER_REFUSED }));
  const time = async (store: string, calls: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < Math.min(200, checks); i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < checks; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    const d = describe(samples);
    results.push({ store, calls, p50: d.p50, p95: d.p95, mean: d.mean });
  };
  const stores = shared ? [{ label: 'rate_limits table, leased in blocks', shared: true }, { label: 'memory', shared: false }] : [{ label: 'memory', shared: false }, { label: 'rate_limits table, leased in blocks', shared: true }];
  for (const store of stores) {
    const counters = createRequestCounters(db, { windowSeconds: 60, shared: store.shared });
    await time(store.label, 'read: 2 counters', () => counters.countIfAllowed(quotas(2)));
    await time(store.label, 'write: 3 counters', () => counters.countIfAllowed(quotas(3)));
  }
  // What rate-limiter-flexible's own PostgreSQL store would cost: one call (a round trip) per counter.
  const library = createLimiter(db, { name: `bench_rlf_${id}`, points: NEVER_REFUSED, windowSeconds: 60, shared: true });
  await time('rate-limiter-flexible RateLimiterPostgres', 'read: 2 calls', async () => {
    await library.take('token');
    await library.take('company');
  });
  return results;
}

/**
 * B. Over HTTP: `clients` loops in a worker thread (its own event loop; the app's thread
 * only serves, PGlite included), each sending its next request as soon as the previous
 * one answered, over a kept-alive agent. Plain JavaScript, so the worker needs no loader.
 */
const LOAD_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, tokens, method, path, clients, warmupMs, measureMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function send(token) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { authorization: 'Bearer ' + token, accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}
(async () => {
  const samples = [];
  const began = performance.now();
  const measureFrom = began + warmupMs;
  const endAt = measureFrom + measureMs;
  setTimeout(() => parentPort.postMessage({ measuring: true }), warmupMs);
  const loop = async (_, client) => {
    while (performance.now() < endAt) {
      const started = performance.now();
      const status = await send(tokens[client % tokens.length]);
      if (started >= measureFrom) samples.push([performance.now() - started, status]);
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  agent.destroy();
  parentPort.postMessage({ samples });
})();
`;

async function runLoad(port: number, tokens: string[], scenario: (typeof SCENARIOS)[number], clients: number) {
  const worker = new Worker(LOAD_SOURCE, { eval: true, workerData: { port, tokens, method: scenario.method, path: scenario.path, clients, warmupMs, measureMs } });
  let cpuAtStart = process.cpuUsage();
  try {
    const samples = await new Promise<[number, number][]>((resolve, reject) => {
      worker.on('message', (message: { measuring?: boolean; samples?: [number, number][] }) => {
        if (message.measuring) cpuAtStart = process.cpuUsage();
        if (message.samples) resolve(message.samples);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the load worker stopped (exit ${code}) before reporting`)));
    });
    const cpu = process.cpuUsage(cpuAtStart);
    const d = describe(samples.map(([ms]) => ms));
    return {
      perSecond: samples.length / (measureMs / 1000),
      p50: d.p50,
      p99: d.p99,
      mean: d.mean,
      cpuUs: (cpu.user + cpu.system) / Math.max(1, samples.length),
      unexpected: samples.filter(([, status]) => status !== scenario.status).length,
    };
  } finally {
    await worker.terminate();
  }
}

async function measure(kind: 'pglite' | 'postgres'): Promise<TargetResult> {
  const target: BenchDatabase = kind === 'pglite' ? await openPGlite(openDatabase, { log }) : await openPostgres(openDatabase, postgresUrl!, { log });
  const apps: { close: () => Promise<void> }[] = [];
  try {
    const { db } = target.database;
    await migrate(target.database);
    // A company (admin, live token) per client: the first is every client's in the 'one company' runs.
    const tokens: string[] = [];
    for (let i = 0; i < Math.max(...clientCounts); i++) {
      const company = await createCompany(db, { name: `Rate limit bench ${i}`, plan: 'automate', country: 'NL' });
      await createUser(db, { companyId: company.id, email: 'bench@example.com', name: 'Bench', role: 'admin' });
      tokens.push((await createToken(db, { companyId: company.id, ownerEmail: 'bench@example.com', scopes: 'all', livemode: true })).token);
    }

    log(`${target.label}: the check alone, ${checks} calls each`);
    const checkTimings = await timeChecks(db, kind === 'postgres');

    // Two apps on the one database, alike but for the API's rate limits.
    const secretKey = randomBytes(32).toString('hex');
    const ports: Record<'off' | 'on', number> = { off: 0, on: 0 };
    for (const limits of ['off', 'on'] as const) {
      const config = loadConfig({
        PUBLIC_BASE_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(target.url ? { DATABASE_URL: target.url, CANOPY_SECRET_KEY: secretKey } : {}),
        RATE_LIMIT_PER_TOKEN_PER_MINUTE: String(NEVER_REFUSED),
        RATE_LIMIT_PER_COMPANY_PER_MINUTE: String(NEVER_REFUSED),
        RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: String(NEVER_REFUSED),
      });
      const app = await buildApp({ config: { ...config, secretKey, withoutApiRateLimits: limits === 'off' }, db, logger: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the app has no port');
      ports[limits] = address.port;
    }

    const runs: LoadRun[] = [];
    for (const scenario of SCENARIOS) {
      for (const clients of clientCounts) {
        for (const spread of clients > 1 ? SPREADS : SPREADS.slice(0, 1)) {
          const using = spread === 'one company' ? tokens.slice(0, 1) : tokens.slice(0, clients);
          // Rounds alternate off and on, so a busy moment of the machine hits both alike.
          for (let round = 1; round <= rounds; round++) {
            for (const limits of ['off', 'on'] as const) {
              const run = await runLoad(ports[limits], using, scenario, clients);
              runs.push({ scenario: scenario.name, limits, clients, spread, round, ...run });
              log(`${target.label}: ${scenario.name}, ${clients} client(s), ${spread}, limits ${limits}, round ${round}: ${run.perSecond.toFixed(0)}/s, mean ${run.mean.toFixed(2)} ms`);
            }
          }
        }
      }
    }
    return { label: target.label, checkTimings, runs };
  } finally {
    for (const app of apps) await app.close();
    await target.close();
  }
}

const loadBefore = os.loadavg();
const results: TargetResult[] = [];
for (const kind of targets) results.push(await measure(kind as 'pglite' | 'postgres'));
const loadAfter = os.loadavg();

const f = (n: number, digits = 2) => n.toFixed(digits);
const loadText = (load: number[]) => load.map((n) => n.toFixed(2)).join(' ');
const lines = [
  `# Rate limit cost (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  '',
  `Load average (1, 5, 15 min) before: ${loadText(loadBefore)}; after: ${loadText(loadAfter)}.`,
  '',
  `## A. The check alone (${checks} calls one after another, milliseconds per call)`,
  '',
  '| database | store | call | p50 | p95 | mean |',
  '|---|---|---|---:|---:|---:|',
];
for (const result of results) {
  for (const t of result.checkTimings) lines.push(`| ${result.label} | ${t.store} | ${t.calls} | ${f(t.p50, 3)} | ${f(t.p95, 3)} | ${f(t.mean, 3)} |`);
}
lines.push(
  '',
  `## B. Over HTTP, limits off and on (two apps on one database; ${rounds} alternating rounds of ${measureMs / 1000} s each, after ${warmupMs / 1000} s warm-up)`,
  '',
  '| database | request | clients | tokens | limits | requests/s | p50 ms | p99 ms | mean ms | CPU µs/request |',
  '|---|---|---:|---|---|---:|---:|---:|---:|---:|',
);
let unexpected = 0;
for (const result of results) {
  for (const run of result.runs) {
    unexpected += run.unexpected;
    lines.push(`| ${result.label} | ${run.scenario} | ${run.clients} | ${run.spread} | ${run.limits} | ${f(run.perSecond, 0)} | ${f(run.p50)} | ${f(run.p99)} | ${f(run.mean)} | ${f(run.cpuUs, 0)} |`);
  }
}
lines.push('', '### What the limits cost, averaged over the rounds', '', '| database | request | clients | tokens | mean ms added | requests/s on ÷ off | CPU µs added per request |', '|---|---|---:|---|---:|---:|---:|');
for (const result of results) {
  for (const scenario of SCENARIOS) {
    for (const [clients, spread] of [...new Set(result.runs.map((r) => `${r.clients}|${r.spread}`))].map((k) => k.split('|') as [string, Spread])) {
      const of = (limits: 'off' | 'on') => result.runs.filter((r) => r.scenario === scenario.name && r.clients === Number(clients) && r.spread === spread && r.limits === limits);
      const avg = (runs: LoadRun[], pick: (r: LoadRun) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
      const [off, on] = [of('off'), of('on')];
      lines.push(
        `| ${result.label} | ${scenario.name} | ${clients} | ${spread} | ${f(avg(on, (r) => r.mean) - avg(off, (r) => r.mean))} | ${f(avg(on, (r) => r.perSecond) / avg(off, (r) => r.perSecond))} | ${f(avg(on, (r) => r.cpuUs) - avg(off, (r) => r.cpuUs), 0)} |`,
      );
    }
  }
}
if (unexpected > 0) lines.push('', `**${unexpected} requests answered an unexpected status.**`);
console.log(lines.join('\n'));
if (unexpected > 0) process.exitCode = 1;
