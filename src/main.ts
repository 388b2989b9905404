import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, buildHealthApp } from './app.ts';
import type { Config } from './config.ts';
import { controlSocketPlace, startControlServer } from './cli/control-socket.ts';
import { type Database, openDatabase } from './db/database.ts';
import { DELIVERY_HOOKS, installFeatures, JOBS } from './features.ts';
import { acquireFolderLock, type FolderLock } from './db/folder-lock.ts';
import { folderSecret } from './db/folder-secret.ts';
import { listMigrations, type MigrationFile, migrate } from './db/migrate.ts';
import { databaseNotifications } from './db/notifications.ts';
import { type DemoAccess, seedDemoWithTokens } from './demo/access.ts';
import { createReadiness } from './health/readiness.ts';
import { startDeliveryWorker } from './platform/webhooks/worker.ts';
import { startWorker } from './platform/jobs/worker.ts';
import { createMailer } from './platform/mail/mailer.ts';

/**
 * What a process runs: `api` serves HTTP only, `worker` runs the job worker and the webhook
 * delivery worker (and answers /healthz and /readyz on PORT, nothing else), `all` both.
 */
export type Role = 'all' | 'api' | 'worker';

export interface StartOptions {
  /** Seed the demo data and print tokens when the database has no company yet. */
  seedDemo: boolean;
  /** How the process was started, recorded in the folder lock for whoever finds it taken. */
  command: string;
  /** `all` unless said otherwise; `api` and `worker` need PostgreSQL. */
  role?: Role;
}

export interface StopResult {
  /** Whether everything finished within the grace period. */
  finished: boolean;
  ms: number;
  /** What was still under way when the grace period ended. */
  unfinished: string[];
  /** Jobs and webhook deliveries of that unfinished work given back (their leases released) for other workers to take at once. */
  leasesReleased: number;
}

interface DrainingPart {
  name: string;
  /** Finishes what is under way, taking nothing new. */
  stop: () => Promise<void>;
  /** When stop() does not end within the grace period: gives back the leases of what it holds; returns how many. */
  releaseLeases?: () => Promise<number>;
}

/** How long giving leases back may take before the process exits anyway (then they run out instead). */
const RELEASE_LEASES_MS = 2000;

export interface RunningCanopy {
  /** Where the API (or, for a worker, the health probes) listens, with the port actually bound (PORT=0 picks a free one). */
  url: string;
  role: Role;
  database: Database;
  migrations: MigrationFile[];
  demo: DemoAccess | null;
  /**
   * The graceful stop: readyz answers 503 at once; the HTTP server accepts no new
   * connection and lets requests in flight finish; the job worker finishes the job in hand
   * and the delivery worker its attempts in flight, claiming nothing new; the control
   * socket finishes its commands. Then the database closes and the folder is freed. When
   * that takes longer than `graceMs`, the jobs and webhook deliveries still under way are
   * given back (their leases released, so another worker takes them at once) and it
   * resolves with `finished: false`, everything else left open: the caller exits.
   */
  stop(graceMs?: number): Promise<StopResult>;
}

/** A refusal at start that is the operator's to fix: printed as its message alone. */
export class StartError extends Error {
  readonly code = 'CANOPY_START';
}

/**
 * Boots Canopy: lock the embedded folder -> open the database -> migrate -> seed the demo
 * when asked -> serve HTTP (the API, or only the health probes for a worker), run the
 * workers and, on the embedded database, accept operator commands on the control socket.
 */
export async function startCanopy(config: Config, options: StartOptions): Promise<RunningCanopy> {
  const role = options.role ?? 'all';
  if (!config.databaseUrl && role !== 'all') {
    throw new StartError(
      `--role ${role} needs DATABASE_URL (PostgreSQL). The embedded database in ${config.dataDir} can be opened by one process only, ` +
        'so that process serves the API and runs the workers (--role all, the default); an API alone would never send an email or a webhook.',
    );
  }
  installFeatures();
  const cleanups: Array<() => Promise<void> | void> = [];
  const unwind = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const socket = config.databaseUrl ? null : controlSocketPlace(config.dataDir);
    let lock: FolderLock | null = null;
    if (socket) {
      cleanups.push(() => socket.dispose());
      const held = acquireFolderLock(config.dataDir, { command: options.command, controlSocket: socket.path });
      lock = held;
      cleanups.push(() => held.release());
    }

    const database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    cleanups.push(() => database.close());
    // Every role migrates at start: on PostgreSQL an advisory lock lets one process apply them while the others wait.
    const migrations = await migrate(database);
    const demo = options.seedDemo && role !== 'worker' && (await hasNoCompany(database)) ? await seedDemoWithTokens(database.db, config.publicBaseUrl) : null;

    const secretKey = config.secretKey ?? folderSecret(config.dataDir);
    const readiness = createReadiness(database.db, { migrations: listMigrations() });
    const app = role === 'worker'
      ? await buildHealthApp({ config, db: database.db, readiness })
      : await buildApp({ config: { ...config, secretKey }, db: database.db, readiness });
    await app.listen({ host: config.host, port: config.port });
    cleanups.push(() => app.close());
    const url = listeningUrl(config.host, app.server.address());
    const log = app.log;

    /** What must finish before the database may close, by name for the log; what holds leases gives them back when it cannot finish. */
    const draining: DrainingPart[] = [];
    if (role !== 'worker') draining.push({ name: 'HTTP requests', stop: () => app.close() });

    if (role !== 'api') {
      const outboxDir = path.join(config.dataDir, 'outbox');
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir });
      if (!config.smtpUrl) log.info({ outbox: outboxDir }, 'no SMTP_URL: email is written as .eml files into the outbox');
      const worker = startWorker(database.db, { jobs: JOBS, services: { publicBaseUrl: config.publicBaseUrl, secretKey, mailer, allowPrivateFetches: config.photoAllowPrivateUrls }, log });
      cleanups.push(() => worker.stop());
      draining.push({ name: 'the job in hand', stop: () => worker.stop(), releaseLeases: () => worker.releaseLeases() });
      if (config.webhookAllowPrivateUrls) {
        log.warn('WEBHOOK_ALLOW_PRIVATE_URLS is on: webhook endpoints may use http and private or loopback addresses. For local development only.');
      }
      if (config.photoAllowPrivateUrls) {
        log.warn('PHOTO_ALLOW_PRIVATE_URLS is on: photos may be fetched over http and from private or loopback addresses. For local development only.');
      }
      // On the embedded database this process is the only writer: its commits wake the worker directly.
      const deliveries = startDeliveryWorker(database.db, {
        ...DELIVERY_HOOKS, secretKey, publicBaseUrl: config.publicBaseUrl, allowPrivateUrls: config.webhookAllowPrivateUrls,
        leaseSeconds: config.webhookLeaseSeconds, notifications: config.databaseUrl ? databaseNotifications(database.db) : null, log,
      });
      cleanups.push(() => deliveries.stop());
      draining.push({ name: 'webhook attempts in flight', stop: () => deliveries.stop(), releaseLeases: () => deliveries.releaseLeases() });
    }

    if (socket) {
      // Links in what forwarded commands write (events) must use the public address, not the listening one.
      const control = await startControlServer(socket.path, { db: database.db, baseUrl: config.publicBaseUrl }, log);
      cleanups.push(() => control.close());
      draining.push({ name: 'operator commands', stop: () => control.close() });
    }

    let stopping: Promise<StopResult> | null = null;
    const stop = (graceMs = config.shutdownGraceSeconds * 1000) => {
      stopping ??= (async () => {
        const startedAt = Date.now();
        readiness.beginShutdown();
        log.info({ role, grace_ms: graceMs }, 'shutting down: finishing what is in flight');
        const unfinished = await drain(draining, graceMs);
        if (unfinished.length > 0) {
          const released = await releaseLeases(draining.filter((part) => unfinished.includes(part.name)));
          log.error({ unfinished, grace_ms: graceMs, leases_released: released }, 'shutdown grace period over: exiting with work unfinished, given back to the other workers');
          return { finished: false, ms: Date.now() - startedAt, unfinished, leasesReleased: released };
        }
        // A worker's health probes answered (readyz 503) until its work was done.
        if (role === 'worker') await app.close();
        await database.close();
        lock?.release();
        socket?.dispose();
        const ms = Date.now() - startedAt;
        log.info({ ms }, 'stopped');
        return { finished: true, ms, unfinished, leasesReleased: 0 };
      })();
      return stopping;
    };
    return { url, role, database, migrations, demo, stop };
  } catch (error) {
    await unwind();
    throw error;
  }
}

/**
 * Stops every part at once and waits for all of them, or for the grace period, whichever
 * ends first; returns the names of the parts still under way (none when all finished).
 */
async function drain(parts: readonly DrainingPart[], graceMs: number): Promise<string[]> {
  const unfinished = new Set(parts.map((part) => part.name));
  const all = Promise.allSettled(parts.map((part) => part.stop().finally(() => unfinished.delete(part.name))));
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    timer = setTimeout(() => resolve('grace over'), graceMs);
  });
  await Promise.race([all, graceOver]);
  clearTimeout(timer);
  return [...unfinished];
}

/** Gives back the leases the unfinished parts hold, within RELEASE_LEASES_MS (a database that does not answer leaves them to run out). */
async function releaseLeases(parts: readonly DrainingPart[]): Promise<number> {
  let released = 0;
  const all = Promise.allSettled(parts.map(async (part) => {
    released += (await part.releaseLeases?.()) ?? 0;
  }));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise((resolve) => {
    timer = setTimeout(resolve, RELEASE_LEASES_MS);
  })]);
  clearTimeout(timer);
  return released;
}

async function hasNoCompany(database: Database): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM companies) AS found`.execute(database.db);
  return rows[0]?.found !== true;
}

function listeningUrl(host: string, address: ReturnType<import('node:net').Server['address']>): string {
  const port = address && typeof address === 'object' ? address.port : 0;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
}
