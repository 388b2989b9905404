/**
 * Load and faults on PostgreSQL (issue 12): two API processes and two workers on one
 * database, 2,000 concurrent writes spread over both APIs against companies with fewer
 * trees than asked, one API process and one worker SIGKILLed in the middle and restarted;
 * then, once the queue is drained, the invariants: no tree given twice, every counter equal
 * to its rows, every answered write present and every refused one without effect, every
 * event delivered, no job stuck, every asked email sent. Prints a report; exits 1 when an
 * invariant fails, 2 when the run itself could not be made.
 *
 *   source /tmp/pg-env.sh    # or: eval "$(scripts/start-postgres.sh start)"
 *   npm run test:faults
 *
 * Environment: DATABASE_URL (a server: the run makes its own database and drops it),
 * CANOPY_SECRET_KEY (a fresh one when unset), FAULTS_WRITES (2000), FAULTS_CONCURRENCY (64),
 * FAULTS_SEED (random; printed), FAULTS_DRAIN_SECONDS (150), FAULTS_TIMEOUT_SECONDS (270: the
 * whole run, below the CI stage's `timeout`, so that a stuck run still cleans up and says so),
 * FAULTS_SABOTAGE (1: break things before the checks, to see that they fail).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createScratchDatabase } from '../helpers/postgres.ts';
import { checkEmails, checkEvents, checkJobs, type DeliveryFigures, type Endpoint, type Killed, queueState, waitForDrain } from './check-delivery.ts';
import { checkLedger } from './check-ledger.ts';
import { checkAnswers, checkWrites } from './check-writes.ts';
import { type CanopyProcess, canopyProcess } from './cluster.ts';
import { runLoad } from './load.ts';
import { printReport, type RunFigures } from './report.ts';
import { sabotage } from './sabotage.ts';
import { seedWorld, type SeededWorld } from './seed.ts';
import { startSmtpSink, startWebhookReceiver } from './sinks.ts';
import { Verdicts } from './verdict.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
};

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  process.stderr.write('load-and-faults: DATABASE_URL must name a PostgreSQL server (the run makes its own database on it).\n');
  process.exit(2);
}
const WRITES = number('FAULTS_WRITES', 2000);
const CONCURRENCY = number('FAULTS_CONCURRENCY', 64);
const SEED = number('FAULTS_SEED', randomInt(1, 2 ** 31));
const DRAIN_MS = number('FAULTS_DRAIN_SECONDS', 150) * 1000;
const TIMEOUT_MS = number('FAULTS_TIMEOUT_SECONDS', 270) * 1000;
/** The shortest lease Canopy accepts, so that the killed worker's deliveries come back sooner. */
const WEBHOOK_LEASE_SECONDS = 15;

const processes: CanopyProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

let cleaning: Promise<void> | null = null;

/**
 * Stops everything this run started, whatever state it is in: processes (SIGTERM, SIGKILL
 * after `graceMs`), sinks, the scratch database. Once: every caller waits for the same.
 */
function cleanUp(graceMs = 10_000): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled(processes.map((child) => child.close(graceMs)));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => log(`cleanup: ${(error as Error).message}`));
  })();
  return cleaning;
}

/** Set when the run is stopped from outside (a signal) or by its own time limit: the exit code it ends with. */
let abortedWith: number | null = null;

function abort(code: number, message: string): void {
  if (abortedWith !== null) return;
  abortedWith = code;
  log(`load-and-faults: ${message}`);
  void cleanUp(0).finally(() => process.exit(code));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort(2, `${signal}: stopping`));
const watchdog = setTimeout(() => abort(1, `FAILED: the run took longer than ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS);
watchdog.unref();

async function createEndpoints(api: string, world: SeededWorld, receiverBase: string): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const [company, seeded] of world.companies.entries()) {
    for (const livemode of [true, false]) {
      const endpointPath = `/hooks/${company + 1}/${livemode ? 'live' : 'test'}`;
      const response = await fetch(`${api}/v2/webhook-endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${livemode ? seeded.live : seeded.test}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiverBase}${endpointPath}` }),
      });
      const body = (await response.json()) as { id: string; secret: string };
      if (response.status !== 200) throw new Error(`creating a webhook endpoint: ${response.status} ${JSON.stringify(body)}`);
      endpoints.push({ id: body.id, company, livemode, path: endpointPath, secret: body.secret });
    }
  }
  return endpoints;
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const scratch = await createScratchDatabase(serverUrl as string, 'canopy_faults');
  cleanups.push(scratch.drop);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  cleanups.push(() => database.close());
  const { db } = database;
  await migrate(database);
  const world = await seedWorld(db);
  const receiver = await startWebhookReceiver();
  cleanups.push(receiver.close);
  const smtp = await startSmtpSink();
  cleanups.push(smtp.close);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'canopy-faults-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: scratch.url,
    CANOPY_SECRET_KEY: process.env.CANOPY_SECRET_KEY ?? randomBytes(32).toString('hex'),
    CANOPY_DATA_DIR: dataDir,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_LEASE_SECONDS: String(WEBHOOK_LEASE_SECONDS),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Canopy <certificates@canopy.test>',
    LOG_LEVEL: 'warn',
    // The limits of the rate-limit work (issue 12) are lifted: this run is about faults, not limits.
    RATE_LIMIT_PER_TOKEN_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_COMPANY_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '1000000',
    GIFT_LOOKUPS_PER_MINUTE: '1000000',
    // Every claim on the page comes from 127.0.0.1: one address, far past a visitor's limit.
    PUBLIC_PAGE_REQUESTS_PER_MINUTE: '1000000',
  };
  const apis = [await canopyProcess('api-1', 'api', env), await canopyProcess('api-2', 'api', env)];
  const workers = [await canopyProcess('worker-1', 'worker', env), await canopyProcess('worker-2', 'worker', env)];
  processes.push(...apis, ...workers);
  await Promise.all(apis.map((api) => api.start()));
  // Endpoints before the workers start: the housekeeping they run at once may already record events.
  const endpoints = await createEndpoints(apis[0]!.url, world, receiver.base);
  await Promise.all(workers.map((worker) => worker.start()));
  const setupMs = Date.now() - startedAt;
  log(`setup: ${world.companies.length} companies, 2 API processes and 2 workers on ${scratch.url.replace(/\/\/[^@]*@/, '//')} in ${(setupMs / 1000).toFixed(1)} s`);

  const loadStarted = Date.now();
  const killed: Killed[] = [];
  let restartMs: number | null = null;
  const { records, midwayDone } = await runLoad({
    world,
    seed: SEED,
    writes: WRITES,
    concurrency: CONCURRENCY,
    client: { apis: apis.map((api) => api.url), attemptTimeoutMs: 30_000, deadlineMs: 120_000 },
    midway: {
      after: Math.floor(WRITES * 0.4),
      run: async () => {
        killed.push({ incarnation: workers[1]!.incarnation, at: Date.now() });
        log(`faults: SIGKILL api-2 and worker-2 after ${Math.floor(WRITES * 0.4)} writes`);
        await Promise.all([apis[1]!.kill(), workers[1]!.kill()]);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await Promise.all([apis[1]!.start(), workers[1]!.start()]);
        restartMs = Date.now() - killed[0]!.at;
        log(`faults: api-2 and worker-2 restarted, ${(restartMs / 1000).toFixed(1)} s after the kill`);
      },
    },
  });
  const loadMs = Date.now() - loadStarted;
  await midwayDone;
  log(`load: ${records.length} writes in ${(loadMs / 1000).toFixed(1)} s; waiting for the queue to drain`);

  let lastTick = 0;
  const drainMs = await waitForDrain(db, DRAIN_MS, (state) => {
    if (Date.now() - lastTick < 5000) return;
    lastTick = Date.now();
    log(`drain: ${state.due} jobs due, ${state.running} running, ${state.pendingDeliveries} deliveries pending`);
  });

  const emails = smtp.emails();
  if (process.env.FAULTS_SABOTAGE === '1') await sabotage(db, world, { records, received: receiver.received, messages: emails });
  const verdicts = new Verdicts();
  if (drainMs === null) verdicts.add(`the queue drained within ${DRAIN_MS / 1000} s`, 'jobs and deliveries', [JSON.stringify(await queueState(db))]);
  checkAnswers(records, verdicts);
  await checkWrites(db, world, records, verdicts);
  await checkLedger(db, world, verdicts);
  const delivery: Partial<DeliveryFigures> = await checkEvents(db, world, { endpoints, received: receiver.received, killed }, verdicts);
  delivery.retriedJobs = await checkJobs(db, verdicts);
  const testModeAddresses = new Set(records.filter((record) => !record.livemode && record.email).map((record) => record.email!));
  Object.assign(delivery, await checkEmails(db, world, { messages: emails, testModeAddresses, killed }, verdicts));
  const serverErrors = processes.flatMap((child) => child.errorLines.map((line) => `${child.name}: ${line.slice(0, 300)}`));
  verdicts.add('no process logged an error', `${processes.length} processes, ${processes.reduce((sum, child) => sum + child.starts, 0)} starts`, serverErrors);

  const figures: RunFigures = {
    seed: SEED,
    writes: WRITES,
    concurrency: CONCURRENCY,
    setupMs,
    loadMs,
    killAtMs: killed[0] === undefined ? null : killed[0].at - loadStarted,
    restartMs,
    drainMs,
    totalMs: Date.now() - startedAt,
    stock: world.companies.reduce((sum, company) => sum + company.trees * 2, 0),
    delivery,
  };
  log('');
  printReport(records, figures, log);
  log('invariants:');
  verdicts.print(log);
  const failed = verdicts.failed.length;
  log(failed === 0 ? `load-and-faults: passed (${verdicts.all.length} invariants)` : `load-and-faults: FAILED (${failed} of ${verdicts.all.length} invariants)`);
  return failed === 0 ? 0 : 1;
}

let code = 2;
try {
  code = await main();
} catch (error) {
  // After an abort, what fails is what the abort closed under the run's feet.
  if (abortedWith === null) log(`load-and-faults: the run could not be made: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(abortedWith ?? code);
