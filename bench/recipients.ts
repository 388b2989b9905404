/**
 * Benchmark: POST /v2/recipients (issue 7) for a company with 1,000,000 unassigned
 * allocations, C concurrent clients over kept-alive connections for a fixed time, on
 * PGlite and on PostgreSQL; then the invariants (no tree given twice, counters right) and
 * the plan of the query that picks the oldest unassigned allocations.
 * See bench/README.md for how to run it and bench/RESULTS.md for figures.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { explain, QueryCapture, StatementTimer } from './query-capture.ts';
import { describe } from './report.ts';
import { seedCompanyWithAllocations } from './seed-allocations.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';
import { databaseTargets, wholeNumber } from './args.ts';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'pglite-rows': { type: 'string' },
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '3' },
    'pool-size': { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const rows = wholeNumber('rows', opts.rows);
const pgliteRows = opts['pglite-rows'] ? wholeNumber('pglite-rows', opts['pglite-rows']) : rows;
const clients = wholeNumber('clients', opts.clients);
const seconds = wholeNumber('seconds', opts.seconds);
const warmupSeconds = wholeNumber('warmup-seconds', opts['warmup-seconds'], 0);
const poolSize = opts['pool-size'] ? wholeNumber('pool-size', opts['pool-size']) : undefined;
const { targets, postgresUrl } = databaseTargets(opts);

/** Each allocation of the seed holds this many trees. */
const TREES_PER_ALLOCATION = 5;
/** A request that has not answered after this long counts as failed (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Targets of issue 7, on PostgreSQL with 16 clients. */
const TARGET_PER_SECOND = 500;
const TARGET_P99_MS = 100;



interface Sample {
  /** Milliseconds since the load started. */
  startedAt: number;
  ms: number;
  status: number;
  trees: number;
}

interface Invariants {
  total: number;
  given: number;
  unassigned: number;
  /** given + unassigned = total, from GET /v2/company. */
  adds: boolean;
  recipients: number;
  successes: number;
  /** Allocations with both a recipient and a gift code. */
  twoOwners: number;
  /** Recipients whose allocations do not add up to their trees. */
  recipientsOff: number;
  allocationTrees: number;
  countersRecipients: number;
  ok: boolean;
}

interface WaitSample {
  samples: number;
  /** Sum over samples of the backends in each state: divide by samples for the average. */
  byState: Record<string, number>;
  /** What the backends waiting on a lock were running. */
  lockedStatements: Record<string, number>;
}

type Result =
  | {
      label: string;
      rows: number;
      seedSeconds: number;
      measuredSeconds: number;
      creates: number;
      perSecond: number;
      perSlice: number[];
      latency: ReturnType<typeof describe>;
      byStatus: Record<string, number>;
      invariants: Invariants;
      statements: string[];
      plan: { sql: string; plan: string } | null;
      waits: WaitSample | null;
      statementTimes: ReturnType<StatementTimer['summary']>;
      /** CPU time of this process (app, clients, PGlite) over wall time while measuring: 1 = one core. */
      cpuShare: number;
    }
  | { label: string; rows: number; error: string };

async function benchTarget(kind: 'pglite' | 'postgres', targetRows: number): Promise<Result> {
  const open = (target: Parameters<typeof openDatabase>[0]) => openDatabase(target.kind === 'postgres' ? { ...target, poolSize } : target);
  const opened: BenchDatabase =
    kind === 'pglite' ? await openPGlite(open, { dir: opts['pglite-dir'], keep: opts.keep, log }) : await openPostgres(open, postgresUrl!, { keep: opts.keep, log });
  const { database } = opened;
  const capture = new QueryCapture();
  const timer = new StatementTimer();
  try {
    await migrate(database);
    log(`${opened.label}: seeding ${targetRows.toLocaleString('en')} allocations of ${TREES_PER_ALLOCATION} trees`);
    let lastReport = 0;
    const seeded = await seedCompanyWithAllocations(database.db, targetRows, {
      treesPerRow: TREES_PER_ALLOCATION,
      scopes: 'all',
      onProgress: (done) => {
        if (done - lastReport >= 200_000 || done === targetRows) {
          lastReport = done;
          log(`  ${done.toLocaleString('en')} rows`);
        }
      },
    });
    log(`${opened.label}: seeded in ${seeded.seedSeconds.toFixed(1)} s`);

    const config = loadConfig({
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '1000000',
    });
    // Rate limit counters where production keeps them: in PostgreSQL on PostgreSQL.
    const app = await buildApp({ config: { ...config, databaseUrl: opened.url ?? null, secretKey: randomBytes(32).toString('hex') }, db: database.db.withPlugin(capture).withPlugin(timer), logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app has no port');
    const agent = new http.Agent({ keepAlive: true });
    const client = { port: address.port, agent, token: seeded.token };

    try {
      const total = targetRows * TREES_PER_ALLOCATION;
      const before = await getCompany(client);
      if (before.trees.total !== total || before.trees_unassigned !== total) {
        throw new Error(`GET /v2/company says ${before.trees.total} trees, ${before.trees_unassigned} unassigned; the seed holds ${total}`);
      }

      log(`${opened.label}: ${clients} clients POST /v2/recipients for ${warmupSeconds} s warm-up + ${seconds} s`);
      const cpu = { at: performance.now(), usage: process.cpuUsage() };
      const sampler = kind === 'postgres' && opened.url ? startWaitSampler(opened.url) : null;
      const samples = await runLoad(client, {
        clients, warmupMs: warmupSeconds * 1000, measureMs: seconds * 1000,
        onMeasureStart: () => {
          sampler?.start();
          timer.recording = true;
          cpu.at = performance.now();
          cpu.usage = process.cpuUsage();
        },
      });
      timer.recording = false;
      const used = process.cpuUsage(cpu.usage);
      const cpuShare = (used.user + used.system) / 1000 / (performance.now() - cpu.at);
      const waits = (await sampler?.stop()) ?? null;
      const statementTimes = timer.summary(database.db);

      const measured = samples.filter((s) => s.startedAt >= warmupSeconds * 1000);
      const ok = measured.filter((s) => s.status === 200);
      const byStatus: Record<string, number> = {};
      for (const s of samples) if (s.status !== 200) byStatus[String(s.status)] = (byStatus[String(s.status)] ?? 0) + 1;
      const sliceMs = 5000;
      const perSlice = Array.from({ length: Math.ceil((seconds * 1000) / sliceMs) }, (_, i) => {
        const from = warmupSeconds * 1000 + i * sliceMs;
        const inSlice = ok.filter((s) => s.startedAt >= from && s.startedAt < from + sliceMs).length;
        return inSlice / (Math.min(sliceMs, warmupSeconds * 1000 + seconds * 1000 - from) / 1000);
      });

      // One more create, recorded: its statements, and the plan of the allocations query.
      capture.recording = true;
      const recorded = await createRecipient(client, 1, `bench-recorded-${randomBytes(6).toString('hex')}`);
      capture.recording = false;
      const queries = capture.take(database.db);
      const given = samples.filter((s) => s.status === 200).reduce((sum, s) => sum + s.trees, 0) + (recorded.status === 200 ? recorded.trees : 0);
      const successes = samples.filter((s) => s.status === 200).length + (recorded.status === 200 ? 1 : 0);
      const pick = queries.find((q) => /from "allocations"/i.test(q.sql) && /for update/i.test(q.sql));
      const plan = pick ? { sql: pick.sql, plan: await explain(database.db, pick) } : null;

      const invariants = await checkInvariants(database.db, client, seeded.companyId, total, given, successes);
      return {
        label: opened.label, rows: targetRows, seedSeconds: seeded.seedSeconds, measuredSeconds: seconds,
        creates: ok.length, perSecond: ok.length / seconds, perSlice, latency: describe(measured.map((s) => s.ms)), byStatus,
        invariants, statements: queries.map((q) => q.sql), plan, waits, statementTimes, cpuShare,
      };
    } finally {
      agent.destroy();
      await app.close();
    }
  } finally {
    await opened.close();
  }
}

interface Client {
  port: number;
  agent: http.Agent;
  token: string;
}

/** One request over the kept-alive agent; status 0 when it failed or timed out. */
function request(client: Client, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1', port: client.port, method, path, agent: client.agent,
        headers: { authorization: `Bearer ${client.token}`, accept: 'application/json', ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

async function createRecipient(client: Client, trees: number, key: string): Promise<{ status: number; trees: number }> {
  const response = await request(client, 'POST', '/v2/recipients', { 'idempotency-key': key }, JSON.stringify({ trees }));
  if (response.status !== 200) return { status: response.status, trees: 0 };
  const body = JSON.parse(response.body) as { trees: number };
  return { status: 200, trees: body.trees };
}

async function getCompany(client: Client): Promise<{ trees: { total: number }; trees_unassigned: number }> {
  const response = await request(client, 'GET', '/v2/company', {});
  if (response.status !== 200) throw new Error(`GET /v2/company answered ${response.status}: ${response.body.slice(0, 200)}`);
  return JSON.parse(response.body);
}

/**
 * The load: `clients` loops in a worker thread (its own event loop, so the app's thread
 * only serves), each sending its next POST as soon as the previous one answered, over a
 * kept-alive agent, until warm-up + measurement time is over; requests under way then
 * finish. Request i asks for 1 + (i % 5) trees with its own Idempotency-Key. Plain
 * JavaScript, so the worker needs no loader.
 */
const LOAD_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, token, clients, warmupMs, measureMs, runId, timeoutMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function post(trees, key) {
  const body = JSON.stringify({ trees });
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/v2/recipients', agent,
      headers: { authorization: 'Bearer ' + token, accept: 'application/json', 'content-type': 'application/json',
                 'content-length': Buffer.byteLength(body), 'idempotency-key': key },
    }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let given = 0;
        if (res.statusCode === 200) { try { given = JSON.parse(Buffer.concat(chunks).toString('utf8')).trees; } catch {} }
        resolve({ status: res.statusCode ?? 0, trees: given });
      });
      res.on('error', () => resolve({ status: 0, trees: 0 }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, trees: 0 }));
    req.end(body);
  });
}
(async () => {
  const samples = [];
  const began = performance.now();
  const endAt = began + warmupMs + measureMs;
  setTimeout(() => parentPort.postMessage({ measuring: true }), warmupMs);
  let next = 0;
  const loop = async () => {
    while (performance.now() < endAt) {
      const i = next++;
      const started = performance.now();
      const result = await post(1 + (i % 5), 'bench-' + runId + '-' + i);
      samples.push({ startedAt: started - began, ms: performance.now() - started, status: result.status, trees: result.trees });
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  agent.destroy();
  parentPort.postMessage({ samples });
})();
`;

async function runLoad(client: Client, options: { clients: number; warmupMs: number; measureMs: number; onMeasureStart: () => void }): Promise<Sample[]> {
  const worker = new Worker(LOAD_SOURCE, {
    eval: true,
    workerData: {
      port: client.port, token: client.token, clients: options.clients, warmupMs: options.warmupMs, measureMs: options.measureMs,
      runId: randomBytes(6).toString('hex'), timeoutMs: REQUEST_TIMEOUT_MS,
    },
  });
  try {
    return await new Promise<Sample[]>((resolve, reject) => {
      worker.on('message', (message: { measuring?: boolean; samples?: Sample[] }) => {
        if (message.measuring) options.onMeasureStart();
        if (message.samples) resolve(message.samples);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the load worker stopped (exit ${code}) before reporting`)));
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * Samples pg_stat_activity of the bench database every 100 ms while the load is measured:
 * what the app's connections are doing (running, waiting on a lock, idle in a
 * transaction while Node works), and which statements wait on locks.
 */
function startWaitSampler(url: string) {
  const result: WaitSample = { samples: 0, byState: {}, lockedStatements: {} };
  const db = new pg.Client({ connectionString: url });
  let running = false;
  let loop: Promise<void> | null = null;
  return {
    start() {
      running = true;
      loop = (async () => {
        await db.connect();
        const stopAt = performance.now() + (seconds + 60) * 1000;
        while (running && performance.now() < stopAt) {
          const { rows: activity } = await db.query<{ state: string | null; wait: string | null; query: string }>(
            `SELECT state, wait_event_type || ':' || wait_event AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
             FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          );
          result.samples++;
          for (const row of activity) {
            const key = row.state === 'active' ? `active${row.wait ? `, waiting ${row.wait}` : ''}` : (row.state ?? 'unknown');
            result.byState[key] = (result.byState[key] ?? 0) + 1;
            if (row.state === 'active' && row.wait?.startsWith('Lock:')) result.lockedStatements[row.query] = (result.lockedStatements[row.query] ?? 0) + 1;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })().catch((error: unknown) => log(`pg_stat_activity sampling stopped: ${(error as Error).message}`));
    },
    async stop(): Promise<WaitSample> {
      running = false;
      await loop;
      await db.end().catch(() => {});
      return result;
    },
  };
}

/**
 * After the load: what was given plus what GET /v2/company says is unassigned is the
 * seed's total; no allocation has two owners; every recipient's allocations add up to its
 * trees; the allocations still hold the seed's total; the recipients counter is right.
 */
async function checkInvariants(db: Kysely<DB>, client: Client, companyId: string, total: number, given: number, successes: number): Promise<Invariants> {
  const company = await getCompany(client);
  const { rows: found } = await sql<{ two_owners: number; recipients_off: number; allocation_trees: number; recipients: number; counter: number }>`
    SELECT
      (SELECT count(*) FROM allocations WHERE company_id = ${companyId} AND recipient_id IS NOT NULL AND gift_code_id IS NOT NULL)::int AS two_owners,
      (SELECT count(*) FROM recipients r
         LEFT JOIN (SELECT recipient_id, sum(trees) AS trees FROM allocations WHERE company_id = ${companyId} AND recipient_id IS NOT NULL GROUP BY recipient_id) a
           ON a.recipient_id = r.id
         WHERE r.company_id = ${companyId} AND coalesce(a.trees, 0) <> r.trees)::int AS recipients_off,
      (SELECT coalesce(sum(trees), 0) FROM allocations WHERE company_id = ${companyId})::bigint AS allocation_trees,
      (SELECT count(*) FROM recipients WHERE company_id = ${companyId} AND deleted_at IS NULL)::int AS recipients,
      (SELECT recipients FROM company_totals WHERE company_id = ${companyId} AND livemode)::int AS counter`.execute(db);
  const r = found[0]!;
  const invariants = {
    total, given, unassigned: company.trees_unassigned, adds: given + company.trees_unassigned === total,
    recipients: r.recipients, successes, twoOwners: r.two_owners, recipientsOff: r.recipients_off,
    allocationTrees: Number(r.allocation_trees), countersRecipients: r.counter, ok: false,
  };
  invariants.ok = invariants.adds && company.trees.total === total && r.two_owners === 0 && r.recipients_off === 0
    && invariants.allocationTrees === total && r.recipients === successes && r.counter === successes;
  if (!invariants.ok) log(`invariants broken: ${JSON.stringify(invariants)}`);
  return invariants;
}

// ---------------------------------------------------------------------------------------

const runStarted = performance.now();
const results: Result[] = [];
for (const kind of targets as ('pglite' | 'postgres')[]) {
  const targetRows = kind === 'pglite' ? pgliteRows : rows;
  try {
    results.push(await benchTarget(kind, targetRows));
  } catch (error) {
    log(`${kind} failed at ${targetRows.toLocaleString('en')} rows: ${(error as Error).stack ?? error}`);
    results.push({ label: kind, rows: targetRows, error: (error as Error).message });
  }
}

const f = (n: number, digits = 2) => n.toFixed(digits);
const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
const lines = [
  `# POST /v2/recipients under load (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  '',
  `${clients} clients, each sending its next request when the previous one answered, over kept-alive loopback connections; ${warmupSeconds} s warm-up, then ${seconds} s measured. ` +
    `Body {"trees": 1 + (i % 5)}, a new Idempotency-Key each. Latency client-side, milliseconds. Target (PostgreSQL, 16 clients): at least ${TARGET_PER_SECOND} creates/s, p99 under ${TARGET_P99_MS} ms.`,
  `Load average at the end (1, 5, 15 min): ${load}. Wall time of the run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s.`,
  '',
  '| database | allocations | creates/s | by 5 s slice | p50 | p95 | p99 | max | errors by status | invariants |',
  '|---|---:|---:|---|---:|---:|---:|---:|---|---|',
];
for (const r of results) {
  if ('error' in r) {
    lines.push(`| ${r.label} | ${r.rows.toLocaleString('en')} | failed: ${r.error.replaceAll('|', '/').slice(0, 120)} | | | | | | | |`);
    continue;
  }
  const errors = Object.entries(r.byStatus).map(([status, n]) => `${status}: ${n}`).join(', ') || 'none';
  lines.push(
    `| ${r.label} | ${r.rows.toLocaleString('en')} | ${f(r.perSecond, 0)} | ${r.perSlice.map((n) => f(n, 0)).join(', ')} | ${f(r.latency.p50)} | ${f(r.latency.p95)} | ${f(r.latency.p99)} | ${f(r.latency.max)} | ${errors} | ${r.invariants.ok ? 'hold' : 'BROKEN'} |`,
  );
}
for (const r of results) {
  if ('error' in r) continue;
  const i = r.invariants;
  lines.push(
    '',
    `## ${r.label}`,
    '',
    `Seeding ${r.rows.toLocaleString('en')} allocations: ${f(r.seedSeconds, 1)} s. ${r.creates.toLocaleString('en')} creates in the ${r.measuredSeconds} s measured. ` +
      `The bench process (app${r.label.startsWith('PGlite') ? ', PGlite' : ''} and clients) used ${f(r.cpuShare * 100, 0)}% of one core meanwhile.`,
    '',
    `Invariants: trees given ${i.given.toLocaleString('en')} + unassigned ${i.unassigned.toLocaleString('en')} (GET /v2/company) = ${(i.given + i.unassigned).toLocaleString('en')}, ` +
      `total ${i.total.toLocaleString('en')}: ${i.adds ? 'yes' : 'NO'}; allocations with two owners: ${i.twoOwners}; recipients whose allocations do not add up to their trees: ${i.recipientsOff}; ` +
      `trees in allocations ${i.allocationTrees.toLocaleString('en')}; recipients ${i.recipients.toLocaleString('en')} for ${i.successes.toLocaleString('en')} successful creates, counter ${i.countersRecipients.toLocaleString('en')}.`,
    '',
    `Statements of one create, recorded on the app's database handle (${r.statements.length}; BEGIN and COMMIT of its transactions not seen by the plugin):`,
    '',
    '```sql',
    ...r.statements.map((s, n) => `${String(n + 1).padStart(2)}. ${oneLine(s)}`),
    '```',
  );
  if (r.plan) {
    const indexUsed = /Index (Only )?Scan/.test(r.plan.plan) && !/Seq Scan on allocations/.test(r.plan.plan) && !/Bitmap Heap Scan on allocations/.test(r.plan.plan);
    lines.push('', `The query that picks the oldest unassigned allocations: ${indexUsed ? 'served from an index' : 'NOT served from an index'}.`, '', '```sql', r.plan.sql, '```', '', '```', r.plan.plan, '```');
  }
  if (r.statementTimes.length > 0 && r.creates > 0) {
    const perCreate = r.statementTimes.reduce((sum, s) => sum + s.totalMs, 0) / r.creates;
    lines.push(
      '',
      `Where a create's time goes, while measuring: each statement timed from Kysely's plugins to its result (so with waits for a pooled connection ` +
        `outside a transaction, and for locks), divided by the ${r.creates.toLocaleString('en')} creates. Statements sum to ${f(perCreate, 1)} ms per create; ` +
        `a create took ${f(r.latency.mean, 1)} ms on average at the client: the rest is the app (HTTP, validation, JSON, the event loop), BEGIN/COMMIT and waits for a connection at BEGIN.`,
      '',
      '| statement (start) | per create | mean ms | ms per create |',
      '|---|---:|---:|---:|',
    );
    for (const s of r.statementTimes.slice(0, 25)) {
      lines.push(`| \`${s.statement.replaceAll('|', '/')}\` | ${f(s.count / r.creates, 2)} | ${f(s.meanMs)} | ${f(s.totalMs / r.creates)} |`);
    }
  }
  if (r.waits && r.waits.samples > 0) {
    const w = r.waits;
    lines.push('', `The app's connections, sampled from pg_stat_activity every 100 ms while measuring (${w.samples} samples): average number in each state.`, '', '| state | average connections |', '|---|---:|');
    for (const [state, n] of Object.entries(w.byState).sort((a, b) => b[1] - a[1])) lines.push(`| ${state} | ${f(n / w.samples)} |`);
    const locked = Object.entries(w.lockedStatements).sort((a, b) => b[1] - a[1]).slice(0, 8);
    if (locked.length > 0) {
      lines.push('', 'Statements seen waiting on a lock (samples):', '', '| statement | samples |', '|---|---:|');
      for (const [query, n] of locked) lines.push(`| \`${query.replaceAll('|', '/')}\` | ${n} |`);
    }
  }
}
console.log(lines.join('\n'));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString(), load, results }, null, 2)}\n`);
// A failed request (an error status, or no answer) fails the run too: a run in which the
// creates fail measures nothing, though the invariants hold.
process.exit(results.some((r) => 'error' in r || !r.invariants.ok || Object.keys(r.byStatus).length > 0) ? 1 : 0);

function oneLine(statement: string): string {
  const flat = statement.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}
