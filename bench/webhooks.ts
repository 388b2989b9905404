/**
 * Benchmark: webhook delivery (issue 10), on PGlite and on PostgreSQL.
 *
 * A. Throughput: a backlog of pending deliveries (events written by SQL as recordEvent
 *    writes them, one delivery per event and endpoint) drained by one delivery worker in
 *    this process, to loopback receivers in a child process that answer 200 at once:
 *    deliveries per second, per endpoint, and where the time goes (the statements the
 *    worker sends per delivery, the CPU of this process, of the receivers, of the
 *    PostgreSQL backends and of the machine; on PostgreSQL what the worker's connections
 *    are doing).
 * B. Latency: events committed one at a time at a steady rate, each in its own transaction,
 *    and the time from the commit (the moment the transaction's promise resolved) to the
 *    moment the receiver had the whole request: woken on commit (inUnitOfWork, as the app
 *    writes), on PostgreSQL also by NOTIFY alone (as a commit in another process wakes this
 *    one), and by polling alone (a commit that wakes nobody).
 *
 * See bench/README.md for how to run it and bench/RESULTS.md for figures.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { newId } from '../src/core/ids.ts';
import { sealSecret } from '../src/core/secrets.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { databaseNotifications } from '../src/db/notifications.ts';
import type { DB } from '../src/db/schema.ts';
import { recordEvent } from '../src/platform/events/record.ts';
import { inUnitOfWork } from '../src/platform/events/unit-of-work.ts';
import { notifyOnCommit } from '../src/platform/events/wake.ts';
import { createCompany } from '../src/operator/companies.ts';
import { SIGNING_SECRET_PURPOSE } from '../src/platform/webhooks/deliveries.ts';
import { newSigningSecret, verifyWebhook } from '../src/platform/webhooks/signature.ts';
import { startDeliveryWorker } from '../src/platform/webhooks/worker.ts';
import { StatementTimer } from './query-capture.ts';
import { describe } from './report.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';
import type { Collected, ReceiverRequest } from './webhook-receivers.ts';
import { databaseTargets, fail, wholeNumber } from './args.ts';
import { DELIVERY_HOOKS, installFeatures } from '../src/features.ts';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-dir': { type: 'string' },
    measure: { type: 'string', default: 'a,b' },
    deliveries: { type: 'string', default: '20000' },
    'pglite-deliveries': { type: 'string' },
    endpoints: { type: 'string', default: '1,10' },
    concurrency: { type: 'string', default: '32,128' },
    'per-endpoint': { type: 'string', default: '4' },
    warmup: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    wake: { type: 'string', default: 'commit,notify,poll' },
    'pool-size': { type: 'string' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const { targets, postgresUrl } = databaseTargets(opts);
const measures = list('measure', opts.measure, ['a', 'b']);
const deliveries = wholeNumber('deliveries', opts.deliveries);
const pgliteDeliveries = opts['pglite-deliveries'] ? wholeNumber('pglite-deliveries', opts['pglite-deliveries']) : deliveries;
const endpointCounts = list('endpoints', opts.endpoints).map((n) => wholeNumber('endpoints', n));
const concurrencies = list('concurrency', opts.concurrency).map((n) => wholeNumber('concurrency', n));
const perEndpoints = list('per-endpoint', opts['per-endpoint']).map((n) => wholeNumber('per-endpoint', n));
const warmup = wholeNumber('warmup', opts.warmup, 0);
const rate = wholeNumber('rate', opts.rate);
const seconds = wholeNumber('seconds', opts.seconds);
const wakes = list('wake', opts.wake, ['commit', 'notify', 'poll']) as Wake[];
const poolSize = opts['pool-size'] ? wholeNumber('pool-size', opts['pool-size']) : undefined;

/** Targets of issue 10. */
const TARGET_PER_SECOND = 1000;
const TARGET_P50_MS = 50;
/** The worker's poll interval (its default), which the polling-only latency shows. */
const POLL_INTERVAL_MS = 1000;

type Wake = 'commit' | 'notify' | 'poll';

function list(name: string, value: string, allowed?: string[]): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) fail(`--${name} needs at least one value`);
  for (const item of items) if (allowed && !allowed.includes(item)) fail(`--${name} takes ${allowed.join(', ')}, not "${item}"`);
  return items;
}



/** Epoch milliseconds with sub-millisecond precision; the receivers' process uses the same clock. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// --- The receivers' process ------------------------------------------------------------

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

class Receivers {
  private readonly child: ChildProcess;
  private next = 1;
  private readonly replies = new Map<number, (reply: Record<string, unknown>) => void>();
  private onReached: ((at: number) => void) | null = null;
  /** Their clock minus ours, estimated from the quickest of several pings. */
  offsetMs = 0;
  pingMs = 0;

  constructor() {
    this.child = fork(fileURLToPath(new URL('./webhook-receivers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: { id?: number; type?: string; at?: number }) => {
      if (message.type === 'reached') this.onReached?.(message.at!);
      else if (message.id !== undefined) {
        this.replies.get(message.id)?.(message as Record<string, unknown>);
        this.replies.delete(message.id);
      }
    });
  }

  private ask<T>(request: WithoutId<ReceiverRequest>): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.replies.set(id, (reply) => resolve(reply as T));
      this.child.send({ ...request, id }, (error) => error && reject(error));
    });
  }

  /** Starts `count` more servers; returns their ports. */
  async listen(count: number): Promise<number[]> {
    return (await this.ask<{ ports: number[] }>({ type: 'listen', count })).ports;
  }

  async calibrate(): Promise<void> {
    let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
    for (let i = 0; i < 30; i++) {
      const sent = now();
      const { at } = await this.ask<{ at: number }>({ type: 'ping' });
      const back = now();
      if (back - sent < best.rtt) best = { rtt: back - sent, offset: at - (sent + back) / 2 };
    }
    this.offsetMs = best.offset;
    this.pingMs = best.rtt;
  }

  /** Forgets what arrived; `reached` resolves when `expect` requests have arrived, at the last one's time (our clock). */
  async reset(expect: number): Promise<{ reached: Promise<number> }> {
    const reached = new Promise<number>((resolve) => {
      this.onReached = (at) => resolve(at - this.offsetMs);
    });
    await this.ask({ type: 'reset', expect });
    return { reached };
  }

  /** What arrived since the reset, times on our clock. */
  async collect(): Promise<Collected> {
    const collected = await this.ask<Collected>({ type: 'collect' });
    return { ...collected, at: collected.at.map((at) => at - this.offsetMs) };
  }

  async close(): Promise<void> {
    await Promise.race([this.ask({ type: 'close' }), sleep(2000)]);
    this.child.kill();
  }
}

// --- CPU of the machine and of the PostgreSQL backends -----------------------------------

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Busy and total jiffies of all cores, from /proc/stat; null where there is none. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** CPU milliseconds each process has used (utime + stime), from /proc; missing when unreadable (a remote server). */
function processCpuMs(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000);
    } catch {
      // another host's process, or gone
    }
  }
  return used;
}

interface Activity {
  samples: number;
  /** Sum over samples of the worker's connections in each state: divide by samples. */
  byState: Record<string, number>;
}

/**
 * Watches the bench database's backends on PostgreSQL from a connection of its own: their
 * CPU (from /proc, when the server runs on this machine) from `start` to `stop`, and what
 * the worker's connections are doing, sampled every 50 ms.
 */
class PostgresWatch {
  private readonly client: pg.Client;
  private cpuAtStart = new Map<number, number>();
  private sampling = false;
  private loop: Promise<void> | null = null;
  private activity: Activity = { samples: 0, byState: {} };

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  async open(): Promise<void> {
    await this.client.connect();
  }

  private async backends(): Promise<number[]> {
    const { rows } = await this.client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    return rows.map((row) => row.pid);
  }

  async start(): Promise<void> {
    this.cpuAtStart = processCpuMs(await this.backends());
    this.activity = { samples: 0, byState: {} };
    this.sampling = true;
    this.loop = (async () => {
      while (this.sampling) {
        const { rows } = await this.client.query<{ state: string | null; wait: string | null }>(
          `SELECT state, wait_event_type || ':' || wait_event AS wait FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND query NOT LIKE 'LISTEN %'`,
        );
        this.activity.samples++;
        for (const row of rows) {
          const key = row.state === 'active' ? `active${row.wait ? `, waiting ${row.wait}` : ''}` : (row.state ?? 'unknown');
          this.activity.byState[key] = (this.activity.byState[key] ?? 0) + 1;
        }
        await sleep(50);
      }
    })().catch((error: unknown) => log(`pg_stat_activity sampling stopped: ${(error as Error).message}`));
  }

  /** The backends' CPU milliseconds since start (null when /proc has none of them), and the activity. */
  async stop(): Promise<{ cpuMs: number | null; activity: Activity }> {
    this.sampling = false;
    await this.loop;
    const end = processCpuMs(await this.backends());
    let cpuMs: number | null = end.size > 0 ? 0 : null;
    for (const [pid, ms] of end) cpuMs! += ms - (this.cpuAtStart.get(pid) ?? 0);
    return { cpuMs, activity: this.activity };
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => {});
  }
}

// --- The data --------------------------------------------------------------------------

interface Endpoint {
  id: string;
  secret: string;
  /** Index of its receiver in the receivers' process. */
  server: number;
}

/** An allocation as its allocation.created event carries it (about 560 bytes of JSON). */
function allocationObject(i: number, at: Date, ids: { planting: string; project: string }) {
  const when = at.toISOString();
  return {
    id: newId('allocation'), object: 'allocation', livemode: true, trees: 1 + (i % 25), status: 'pledged', source: 'api',
    planting: ids.planting, project: ids.project, recipient: null, certificate: null, allocated_at: when, planted_at: null,
    legacy_tree_ids: [], legacy_order_id: null, created_at: when, updated_at: when,
  };
}

/** Empties the event log and the endpoints, so that each run starts from the same state. */
async function clearDeliveries(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM event_deliveries`.execute(db);
  await sql`DELETE FROM events`.execute(db);
  await sql`DELETE FROM webhook_endpoints`.execute(db);
  await sql`VACUUM ANALYZE event_deliveries, events, webhook_endpoints`.execute(db);
}

/** `count` enabled endpoints of the company (every event type), each to a receiver of its own. */
async function addEndpoints(db: Kysely<DB>, receivers: Receivers, companyId: string, secretKey: string, count: number): Promise<Endpoint[]> {
  const ports = await receivers.listen(count);
  const base = receiverCount;
  receiverCount += count;
  const endpoints: Endpoint[] = [];
  for (const [i, port] of ports.entries()) {
    const secret = newSigningSecret();
    const id = newId('webhook_endpoint');
    await db
      .insertInto('webhook_endpoints')
      .values({
        id, company_id: companyId, livemode: true, url: `http://127.0.0.1:${port}/hooks/${i + 1}`, description: `bench receiver ${i + 1}`,
        secret_encrypted: sealSecret(secretKey, SIGNING_SECRET_PURPOSE, secret), enabled_events: ['*'], include_personal_data: false,
      })
      .execute();
    endpoints.push({ id, secret, server: base + i });
  }
  return endpoints;
}
let receiverCount = 0;

/**
 * `events` allocation.created events, one millisecond apart and all in the past, and a
 * pending delivery of each to every endpoint, due at the event's time: what recordEvent
 * leaves behind when events are committed while no worker runs, written by SQL.
 */
async function writeBacklog(db: Kysely<DB>, companyId: string, events: number): Promise<void> {
  const ids = { planting: newId('planting'), project: newId('project') };
  const start = Date.now() - events - 60_000;
  for (let from = 0; from < events; from += 1000) {
    const rows = [];
    for (let i = from; i < Math.min(events, from + 1000); i++) {
      const at = new Date(start + i);
      rows.push({ id: newId('event'), company_id: companyId, livemode: true, type: 'allocation.created', data: JSON.stringify({ object: allocationObject(i, at, ids) }), created_at: at });
    }
    await db.insertInto('events').values(rows).execute();
  }
  await sql`
    INSERT INTO event_deliveries (event_id, endpoint_id, next_attempt_at)
    SELECT e.id, w.id, e.created_at FROM events e
    JOIN webhook_endpoints w ON w.company_id = e.company_id AND w.livemode = e.livemode AND w.status = 'enabled'
    WHERE e.company_id = ${companyId}
    ORDER BY e.created_at, w.id`.execute(db);
  await sql`ANALYZE event_deliveries, events`.execute(db);
}

// --- A. Throughput ---------------------------------------------------------------------

interface ThroughputRun {
  endpoints: number;
  concurrency: number;
  perEndpoint: number;
  deliveries: number;
  /** Seconds from starting the worker to the last receipt, and to every attempt recorded. */
  toLastReceipt: number;
  toRecorded: number;
  perSecond: number;
  /** Between the 10th and the 90th percentile of receipts. */
  steadyPerSecond: number;
  /** Receipts in each second after starting the worker. */
  perSecondSlices: number[];
  firstReceiptMs: number;
  perEndpointSplit: { count: number; lastSeconds: number; perSecond: number; connections: number }[];
  duplicates: number;
  missing: number;
  delivered: number;
  retried: number;
  signaturesOk: boolean;
  statements: { statement: string; perDelivery: number; meanMs: number; msPerDelivery: number }[];
  cpu: { bench: number; receivers: number; postgres: number | null; machine: number | null };
  activity: Activity | null;
}

async function throughputRun(
  target: BenchDatabase, receivers: Receivers, companyId: string, secretKey: string, watch: PostgresWatch | null,
  run: { endpoints: number; concurrency: number; perEndpoint: number; deliveries: number },
): Promise<ThroughputRun> {
  const { db } = target.database;
  await clearDeliveries(db);
  const endpoints = await addEndpoints(db, receivers, companyId, secretKey, run.endpoints);
  const events = Math.ceil(run.deliveries / run.endpoints);
  const total = events * run.endpoints;
  await writeBacklog(db, companyId, events);
  const byServer = new Map(endpoints.map((endpoint, i) => [endpoint.server, i]));
  log(`${target.label}: draining ${total.toLocaleString('en')} deliveries to ${run.endpoints} endpoint(s), concurrency ${run.concurrency}, ${run.perEndpoint} per endpoint`);

  const timer = new StatementTimer();
  const { reached } = await receivers.reset(total);
  await watch?.start();
  const machine0 = machineTicks();
  const cpu0 = process.cpuUsage();
  timer.recording = true;
  const started = now();
  const worker = startDeliveryWorker(db.withPlugin(timer), { ...DELIVERY_HOOKS,
    secretKey, publicBaseUrl: 'http://127.0.0.1', allowPrivateUrls: true, concurrency: run.concurrency, perEndpoint: run.perEndpoint,
    notifications: databaseNotifications(db),
  });
  const limitMs = Math.max(120_000, total * 20);
  const lastReceipt = await Promise.race([reached, sleep(limitMs).then(() => null)]);
  if (lastReceipt === null) {
    await worker.stop();
    throw new Error(`not every delivery arrived within ${limitMs / 1000} s`);
  }
  // Every attempt recorded: the worker writes the outcome after the receiver answered.
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_deliveries WHERE status = 'pending'`.execute(db);
    if (rows[0]!.n === 0) break;
    if (now() - started > limitMs) throw new Error('attempts still unrecorded');
    await sleep(10);
  }
  const recorded = now();
  timer.recording = false;
  const cpu = process.cpuUsage(cpu0);
  const machine1 = machineTicks();
  const pgCpu = await watch?.stop();
  await worker.stop();
  const got = await receivers.collect();
  const wallMs = recorded - started;

  const seen = new Set<string>();
  let duplicates = 0;
  const split = endpoints.map(() => ({ count: 0, last: 0 }));
  for (let i = 0; i < got.at.length; i++) {
    const key = `${got.server[i]}:${got.event[i]}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
    const entry = split[byServer.get(got.server[i]!)!]!;
    entry.count++;
    entry.last = Math.max(entry.last, got.at[i]!);
  }
  const sortedAt = [...got.at].sort((a, b) => a - b);
  const p10 = sortedAt[Math.floor(sortedAt.length * 0.1)]!;
  const p90 = sortedAt[Math.floor(sortedAt.length * 0.9)]!;
  const { rows: state } = await sql<{ delivered: number; retried: number }>`
    SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE attempts > 1)::int AS retried FROM event_deliveries`.execute(db);
  const signaturesOk = endpoints.every((endpoint) => {
    const first = got.first[endpoint.server];
    if (!first) return false;
    try {
      // Checked as the receiver would have checked it on arrival (the tolerance is 300 s; a run can be longer).
      const checked = verifyWebhook(first.body, String(first.headers['canopy-signature']), endpoint.secret, 300, new Date(first.at));
      return (checked as { id: string }).id === first.headers['webhook-id'];
    } catch {
      return false;
    }
  });
  const statements = timer.summary(db).map((s) => ({ statement: s.statement, perDelivery: s.count / total, meanMs: s.meanMs, msPerDelivery: s.totalMs / total }));

  return {
    ...run, deliveries: total,
    toLastReceipt: (lastReceipt - started) / 1000, toRecorded: wallMs / 1000, perSecond: total / (wallMs / 1000),
    steadyPerSecond: (sortedAt.length * 0.8) / ((p90 - p10) / 1000), firstReceiptMs: sortedAt[0]! - started,
    perSecondSlices: slices(sortedAt, started),
    perEndpointSplit: split.map((entry, i) => ({
      count: entry.count, lastSeconds: (entry.last - started) / 1000, perSecond: entry.count / ((entry.last - started) / 1000),
      connections: got.connections[endpoints[i]!.server] ?? 0,
    })),
    duplicates, missing: total - seen.size, delivered: state[0]!.delivered, retried: state[0]!.retried, signaturesOk, statements,
    cpu: {
      bench: (cpu.user + cpu.system) / 1000 / wallMs,
      receivers: got.cpuMs / got.wallMs,
      postgres: pgCpu?.cpuMs != null ? pgCpu.cpuMs / wallMs : null,
      machine: machine0 && machine1 ? ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * os.cpus().length : null,
    },
    activity: pgCpu?.activity ?? null,
  };
}

/** How many of the (sorted) times fall in each second from `from`. */
function slices(sorted: readonly number[], from: number): number[] {
  const counts: number[] = [];
  for (const at of sorted) {
    const second = Math.max(0, Math.floor((at - from) / 1000));
    while (counts.length <= second) counts.push(0);
    counts[second]!++;
  }
  return counts;
}

// --- B. Latency ------------------------------------------------------------------------

interface LatencyRun {
  wake: Wake;
  events: number;
  achievedRate: number;
  latency: ReturnType<typeof describe>;
  commitMs: ReturnType<typeof describe>;
  missing: number;
}

/** Commits one allocation.created event, woken as `wake` says; resolves at the commit with the event's id. */
async function commitEvent(db: Kysely<DB>, companyId: string, wake: Wake, i: number, ids: { planting: string; project: string }): Promise<string> {
  const event = (at: Date) => ({ companyId, livemode: true, type: 'allocation.created' as const, object: allocationObject(i, at, ids), createdAt: at });
  if (wake === 'commit') {
    // The app's write path: NOTIFY in the transaction (PostgreSQL), this process's worker woken after commit.
    return inUnitOfWork(db, { publicBaseUrl: 'http://127.0.0.1' }, (uow) => recordEvent(uow.db, event(uow.now)));
  }
  return db.transaction().execute(async (trx) => {
    const id = await recordEvent(trx, event(new Date()));
    // As a commit in another process: only the NOTIFY it sends reaches this process's worker.
    if (wake === 'notify') await notifyOnCommit(trx);
    return id;
  });
}

async function latencyRun(target: BenchDatabase, receivers: Receivers, companyId: string, secretKey: string, wake: Wake): Promise<LatencyRun> {
  const { db } = target.database;
  await clearDeliveries(db);
  const [endpoint] = await addEndpoints(db, receivers, companyId, secretKey, 1);
  const ids = { planting: newId('planting'), project: newId('project') };
  const worker = startDeliveryWorker(db, { ...DELIVERY_HOOKS, secretKey, publicBaseUrl: 'http://127.0.0.1', allowPrivateUrls: true, pollIntervalMs: POLL_INTERVAL_MS, notifications: databaseNotifications(db) });
  try {
    await sleep(500); // the LISTEN connection
    const warmup = 10;
    const warm = await receivers.reset(warmup);
    for (let i = 0; i < warmup; i++) {
      await commitEvent(db, companyId, wake, i, ids);
      await sleep(1000 / rate);
    }
    await Promise.race([warm.reached, sleep(POLL_INTERVAL_MS * 3 + 5000)]);

    const count = rate * seconds;
    log(`${target.label}: ${count} events at ${rate}/s, woken by ${wake}`);
    const { reached } = await receivers.reset(count);
    const committed = new Map<string, number>();
    const commitTimes: number[] = [];
    const began = now();
    for (let i = 0; i < count; i++) {
      await sleep(began + (i * 1000) / rate - now());
      const before = now();
      const id = await commitEvent(db, companyId, wake, warmup + i, ids);
      const at = now();
      committed.set(id, at);
      commitTimes.push(at - before);
    }
    const sentFor = (now() - began) / 1000;
    await Promise.race([reached, sleep(POLL_INTERVAL_MS * 3 + 10_000)]);
    const got = await receivers.collect();
    const latencies: number[] = [];
    for (let i = 0; i < got.at.length; i++) {
      const at = committed.get(got.event[i]!);
      if (at !== undefined && got.server[i] === endpoint!.server) latencies.push(got.at[i]! - at);
    }
    return { wake, events: count, achievedRate: count / sentFor, latency: describe(latencies), commitMs: describe(commitTimes), missing: count - latencies.length };
  } finally {
    await worker.stop();
  }
}

// --- One database ----------------------------------------------------------------------

type Result =
  | { kind: 'pglite' | 'postgres'; label: string; throughput: ThroughputRun[]; latency: LatencyRun[]; cpus: number }
  | { kind: 'pglite' | 'postgres'; label: string; error: string };

async function benchTarget(kind: 'pglite' | 'postgres', receivers: Receivers): Promise<Result> {
  const open = (target: Parameters<typeof openDatabase>[0]) => openDatabase(target.kind === 'postgres' ? { ...target, poolSize } : target);
  const target = kind === 'pglite' ? await openPGlite(open, { dir: opts['pglite-dir'], keep: opts.keep, log }) : await openPostgres(open, postgresUrl!, { keep: opts.keep, log });
  const watch = target.url ? new PostgresWatch(target.url) : null;
  try {
    await migrate(target.database);
    await watch?.open();
    const company = await createCompany(target.database.db, { name: `Bench Webhooks ${randomBytes(3).toString('hex')}`, plan: 'automate', country: 'NL' });
    const secretKey = randomBytes(32).toString('hex');
    const throughput: ThroughputRun[] = [];
    const latency: LatencyRun[] = [];
    if (measures.includes('a')) {
      const count = kind === 'pglite' ? pgliteDeliveries : deliveries;
      if (warmup > 0) {
        // A running service is warm: the first seconds of a cold process (JIT, connections) drain at a third of the rate.
        log(`${target.label}: warm-up`);
        await throughputRun(target, receivers, company.id, secretKey, null, { endpoints: Math.max(...endpointCounts), concurrency: concurrencies[0]!, perEndpoint: perEndpoints[0]!, deliveries: warmup });
      }
      for (const endpoints of endpointCounts) {
        for (const perEndpoint of perEndpoints) {
          for (const concurrency of concurrencies) {
            const run = await throughputRun(target, receivers, company.id, secretKey, watch, { endpoints, concurrency, perEndpoint, deliveries: count });
            log(`  ${run.perSecond.toFixed(0)} deliveries/s (${run.toRecorded.toFixed(1)} s)`);
            throughput.push(run);
          }
        }
      }
    }
    if (measures.includes('b')) {
      for (const wake of wakes) {
        if (wake === 'notify' && kind !== 'postgres') continue;
        const run = await latencyRun(target, receivers, company.id, secretKey, wake);
        log(`  p50 ${run.latency.p50.toFixed(1)} ms, p99 ${run.latency.p99.toFixed(1)} ms`);
        latency.push(run);
      }
    }
    return { kind, label: target.label, throughput, latency, cpus: os.cpus().length };
  } finally {
    await watch?.close();
    await target.close();
  }
}

// ---------------------------------------------------------------------------------------

// An entry point: the worker presents each event as its endpoint's reader sees it, and the
// latency runs write through inUnitOfWork; both need the features' event renderers.
installFeatures();
const loadBefore = os.loadavg().map((n) => n.toFixed(2)).join(' ');
const runStarted = performance.now();
const receivers = new Receivers();
await receivers.calibrate();
log(`receivers' clock offset ${receivers.offsetMs.toFixed(3)} ms (ping ${receivers.pingMs.toFixed(2)} ms)`);
const results: Result[] = [];
for (const kind of targets) {
  try {
    results.push(await benchTarget(kind, receivers));
  } catch (error) {
    log(`${kind} failed: ${(error as Error).stack ?? error}`);
    results.push({ kind, label: kind, error: (error as Error).message });
  }
}
await receivers.close();
const loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(' ');

const f = (n: number, digits = 1) => n.toFixed(digits);
const lines = [
  `# Webhook delivery (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})`,
  '',
  `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}. Wall time ${f((performance.now() - runStarted) / 1000, 0)} s. ` +
    `Receivers in a child process on loopback, answering 200 at once; their clock differs from this process's by ${f(receivers.offsetMs, 3)} ms (corrected). ` +
    `Targets: ${TARGET_PER_SECOND.toLocaleString('en')} deliveries/s on PostgreSQL; p50 under ${TARGET_P50_MS} ms from commit to receipt.`,
];
if (measures.includes('a')) {
  lines.push(
    '',
    '## A. Throughput: a backlog drained by one worker',
    '',
    `Each database first drains ${warmup.toLocaleString('en')} deliveries untimed (warm-up). Rate = deliveries / time from starting the worker to every attempt recorded; steady = the middle 80% of receipts. ` +
      'CPU in cores (1 = one core busy): the bench process (worker, and PGlite on PGlite), the receivers\' process, the PostgreSQL backends of the bench database, the whole machine.',
    '',
    '| database | endpoints | concurrency | per endpoint | deliveries | seconds | deliveries/s | steady/s | first after | CPU bench | receivers | PostgreSQL | machine | checks |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const r of results) {
    if ('error' in r) {
      lines.push(`| ${r.label} | failed: ${r.error.replaceAll('|', '/').slice(0, 160)} | | | | | | | | | | | | |`);
      continue;
    }
    for (const t of r.throughput) {
      const ok = t.duplicates === 0 && t.missing === 0 && t.delivered === t.deliveries && t.signaturesOk;
      const checks = ok ? `each once, signed${t.retried ? `, ${t.retried} retried` : ''}` : `duplicates ${t.duplicates}, missing ${t.missing}, delivered ${t.delivered}, signatures ${t.signaturesOk ? 'ok' : 'BAD'}`;
      lines.push(
        `| ${r.label} | ${t.endpoints} | ${t.concurrency} | ${t.perEndpoint} | ${t.deliveries.toLocaleString('en')} | ${f(t.toRecorded)} | **${f(t.perSecond, 0)}** | ${f(t.steadyPerSecond, 0)} | ${f(t.firstReceiptMs, 0)} ms | ` +
          `${f(t.cpu.bench, 2)} | ${f(t.cpu.receivers, 2)} | ${t.cpu.postgres === null ? 'n/a' : f(t.cpu.postgres, 2)} | ${t.cpu.machine === null ? 'n/a' : f(t.cpu.machine, 2)} | ${checks} |`,
      );
    }
  }
  for (const r of results) {
    if ('error' in r) continue;
    const multi = r.throughput.filter((t) => t.endpoints > 1);
    if (multi.length > 0) {
      lines.push('', `Per endpoint on ${r.label} (deliveries; seconds to its last; its rate; connections the worker opened to it):`, '');
      for (const t of multi) {
        const parts = t.perEndpointSplit.map((e) => `${e.count} / ${f(e.lastSeconds)} s / ${f(e.perSecond, 0)}/s / ${e.connections}`);
        lines.push(`- concurrency ${t.concurrency}, ${t.perEndpoint} per endpoint: ${parts.join('; ')}`);
      }
    }
    lines.push('', `Receipts in each second from the start of the worker on ${r.label}:`, '');
    for (const t of r.throughput) lines.push(`- ${t.endpoints} endpoint(s), concurrency ${t.concurrency}, ${t.perEndpoint} per endpoint: ${t.perSecondSlices.join(', ')}`);
    const single = r.throughput.filter((t) => t.endpoints === 1);
    if (single.length > 0) lines.push('', `One endpoint on ${r.label}: connections the worker opened to it: ${single.map((t) => `${t.perEndpointSplit[0]?.connections} (concurrency ${t.concurrency})`).join(', ')}.`);
    for (const t of r.throughput) {
      const perDelivery = t.statements.reduce((sum, s) => sum + s.perDelivery, 0);
      const msPer = t.statements.reduce((sum, s) => sum + s.msPerDelivery, 0);
      lines.push(
        '',
        `Statements the worker sent on ${r.label}, ${t.endpoints} endpoint(s), concurrency ${t.concurrency}: ${f(perDelivery, 2)} per delivery (BEGIN and COMMIT not seen by the plugin), ` +
          `${f(msPer, 2)} ms per delivery from handing each over to its result (includes waits for a pooled connection or PGlite's lock).`,
        '',
        '| statement (start) | per delivery | mean ms | ms per delivery |',
        '|---|---:|---:|---:|',
      );
      for (const s of t.statements.slice(0, 10)) lines.push(`| \`${s.statement.replaceAll('|', '/')}\` | ${f(s.perDelivery, 3)} | ${f(s.meanMs, 2)} | ${f(s.msPerDelivery, 2)} |`);
      if (t.activity && t.activity.samples > 0) {
        const a = t.activity;
        const states = Object.entries(a.byState).sort((x, y) => y[1] - x[1]).map(([state, n]) => `${state} ${f(n / a.samples, 2)}`);
        lines.push('', `The worker's connections (pg_stat_activity every 50 ms, ${a.samples} samples), average number: ${states.join(', ')}.`);
      }
    }
  }
}
if (measures.includes('b')) {
  lines.push(
    '',
    `## B. Latency: ${rate} events/s for ${seconds} s, one transaction each, one endpoint`,
    '',
    'From the commit (the transaction\'s promise resolved) to the receiver having the whole request, milliseconds. ' +
      `Woken by: commit = inUnitOfWork (NOTIFY on PostgreSQL, and this process's worker directly); notify = NOTIFY alone, as a commit in another process; poll = nothing, found by the ${POLL_INTERVAL_MS} ms poll.`,
    '',
    '| database | woken by | events | rate | p50 | p95 | p99 | max | missing | commit took (p50 / p99) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const r of results) {
    if ('error' in r) continue;
    for (const l of r.latency) {
      lines.push(
        `| ${r.label} | ${l.wake} | ${l.events} | ${f(l.achievedRate)}/s | **${f(l.latency.p50)}** | ${f(l.latency.p95)} | ${f(l.latency.p99)} | ${f(l.latency.max)} | ${l.missing} | ${f(l.commitMs.p50)} / ${f(l.commitMs.p99)} ms |`,
      );
    }
  }
}
console.log(lines.join('\n'));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ date: new Date().toISOString(), loadBefore, loadAfter, results }, null, 2)}\n`);
const bad = results.some((r) => 'error' in r || r.throughput.some((t) => t.duplicates > 0 || t.missing > 0 || !t.signaturesOk) || r.latency.some((l) => l.missing > 0));
process.exit(bad ? 1 : 0);
