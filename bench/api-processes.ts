/**
 * Benchmark (issue 12): what a second API process gives. `POST /v2/recipients` with C
 * clients against one `canopy serve --role api` process, then against two on the same
 * PostgreSQL database (the clients take turns between them), as an operator would run
 * them behind a proxy. Each run seeds a fresh database: one company, N unassigned
 * allocations of 5 trees, a live token with every scope. No worker runs (certificate
 * jobs wait), as in bench/recipients.ts.
 *
 *   BENCH_DATABASE_URL="$DATABASE_URL" npm run bench:processes
 *   ... -- --rows 100000 --clients 16 --seconds 15 --processes 1,2
 *   ... -- --profile /tmp/profiles   (a .cpuprofile per API process, for Chrome's DevTools)
 *
 * Markdown on stdout, progress on stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { fail, wholeNumber } from './args.ts';
import { describe } from './report.ts';
import { seedCompanyWithAllocations } from './seed-allocations.ts';
import { freePort, log, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '15' },
    'warmup-seconds': { type: 'string', default: '3' },
    processes: { type: 'string', default: '1,2' },
    'database-url': { type: 'string' },
    /** A folder for a V8 CPU profile of each API process (node --cpu-prof), written when it exits. */
    profile: { type: 'string' },
  },
});
const rows = wholeNumber('rows', opts.rows);
const clients = wholeNumber('clients', opts.clients);
const seconds = wholeNumber('seconds', opts.seconds);
const warmupSeconds = wholeNumber('warmup-seconds', opts['warmup-seconds'], 0);
const processCounts = opts.processes.split(',').map((n) => wholeNumber('processes', n.trim()));
const serverUrl = opts['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
if (!serverUrl) fail('needs a PostgreSQL server: BENCH_DATABASE_URL, DATABASE_URL or --database-url');

/** The clients, in a worker thread; client n sends to port n mod the number of processes. */
const LOAD_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { ports, token, clients, warmupMs, measureMs, runId } = workerData;
const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: clients }));
function post(n, key) {
  const body = JSON.stringify({ trees: 1 + (n % 5) });
  const which = n % ports.length;
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port: ports[which], method: 'POST', path: '/v2/recipients', agent: agents[which],
      headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': key },
    }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode || 0)); });
    req.setTimeout(30000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(body);
  });
}
(async () => {
  const samples = [];
  const began = performance.now();
  const endAt = began + warmupMs + measureMs;
  let next = 0;
  const loop = async (client) => {
    while (performance.now() < endAt) {
      const i = next++;
      const started = performance.now();
      const status = await post(client, runId + '-' + i);
      samples.push({ startedAt: started - began, ms: performance.now() - started, status });
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  for (const agent of agents) agent.destroy();
  parentPort.postMessage({ samples });
})();
`;

/** Linux clock ticks per second (USER_HZ), as /proc/<pid>/stat counts CPU time. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process; with `children`, also of its reaped children. */
function cpuSeconds(pid: number, children = false): number {
  try {
    // The command name in parentheses may hold spaces: the fields start after its ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
    return (utime + stime + (children ? cutime + cstime : 0)) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone
  }
}

/**
 * CPU seconds used so far by the processes a create runs on: PostgreSQL (every `postgres`
 * process on this machine, and the backends its postmaster has reaped), the API servers,
 * and this process (the clients' thread).
 */
function cpuSnapshot(apiPids: number[]) {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm === 'postgres') postgres += cpuSeconds(Number(entry), true);
  }
  const usage = process.cpuUsage();
  return { postgres, api: apiPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0), clients: (usage.user + usage.system) / 1e6 };
}

async function startApi(url: string, secretKey: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const profiling = opts.profile ? ['--cpu-prof', '--cpu-prof-dir', opts.profile] : [];
  const child = spawn(process.execPath, [...profiling, 'bin/canopy.mjs', 'serve', '--role', 'api'], {
    env: {
      ...process.env, DATABASE_URL: url, CANOPY_SECRET_KEY: secretKey, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000', RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) throw new Error(`canopy serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return { port, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('canopy serve did not become ready in 60 s');
}

async function run(processes: number) {
  const opened = await openPostgres(openDatabase, serverUrl!, { log });
  const children: ChildProcess[] = [];
  try {
    await migrate(opened.database);
    log(`${processes} API process(es): seeding ${rows.toLocaleString('en')} allocations`);
    const seeded = await seedCompanyWithAllocations(opened.database.db, rows, { treesPerRow: 5, scopes: 'all' });
    const secretKey = randomBytes(32).toString('hex');
    const ports: number[] = [];
    for (let i = 0; i < processes; i++) {
      const api = await startApi(opened.url!, secretKey);
      children.push(api.child);
      ports.push(api.port);
    }
    log(`${processes} API process(es): ${clients} clients for ${warmupSeconds} s warm-up + ${seconds} s`);
    const worker = new Worker(LOAD_SOURCE, {
      eval: true,
      workerData: { ports, token: seeded.token, clients, warmupMs: warmupSeconds * 1000, measureMs: seconds * 1000, runId: randomBytes(6).toString('hex') },
    });
    // CPU per create: snapshots at the start and end of the measured window.
    const apiPids = children.map((child) => child.pid!);
    const snapshots: ReturnType<typeof cpuSnapshot>[] = [];
    const timers = [warmupSeconds, warmupSeconds + seconds].map((at) => setTimeout(() => snapshots.push(cpuSnapshot(apiPids)), at * 1000));
    const { samples } = await new Promise<{ samples: { startedAt: number; ms: number; status: number }[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    for (const timer of timers) clearTimeout(timer);
    const measured = samples.filter((s) => s.startedAt >= warmupSeconds * 1000);
    const ok = measured.filter((s) => s.status === 200);
    const failed = measured.length - ok.length;
    const inWindow = measured.filter((s) => s.startedAt < (warmupSeconds + seconds) * 1000).length;
    const [start, end] = snapshots as [ReturnType<typeof cpuSnapshot>, ReturnType<typeof cpuSnapshot>];
    const msPer = (key: keyof typeof start) => ((end[key] - start[key]) * 1000) / Math.max(1, inWindow);
    const cpu = { postgres: msPer('postgres'), api: msPer('api'), clients: msPer('clients') };
    return { processes, perSecond: ok.length / seconds, latency: describe(ok.map((s) => s.ms)), failed, cpu };
  } finally {
    for (const child of children) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await opened.close();
  }
}

const loadBefore = os.loadavg();
const results = [];
for (const processes of processCounts) results.push(await run(processes));

console.log(`# POST /v2/recipients against 1 and 2 API processes (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version})\n`);
console.log(`PostgreSQL; ${rows.toLocaleString('en')} allocations of 5 trees; ${clients} clients; ${warmupSeconds} s warm-up, ${seconds} s measured.`);
console.log(`Load average (1, 5, 15 min) before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}; after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}.\n`);
console.log('CPU per create: CPU time used in the measured window over the requests started in it (/proc, 10 ms ticks).\n');
console.log('| API processes | creates/s | p50 ms | p95 ms | p99 ms | failed | CPU ms per create: PostgreSQL | API | clients |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const { cpu } = r;
  console.log(
    `| ${r.processes} | ${r.perSecond.toFixed(0)} | ${r.latency.p50.toFixed(1)} | ${r.latency.p95.toFixed(1)} | ${r.latency.p99.toFixed(1)} | ${r.failed} | ${cpu.postgres.toFixed(2)} | ${cpu.api.toFixed(2)} | ${cpu.clients.toFixed(2)} |`,
  );
}
if (results.some((r) => r.failed > 0)) process.exitCode = 1;
