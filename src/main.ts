import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { controlSocketPath, startControlServer } from './control/socket.ts';
import { type Database, openDatabase } from './db/database.ts';
import { acquireFolderLock } from './db/folder-lock.ts';
import { folderSecret } from './db/folder-secret.ts';
import { type MigrationFile, migrate } from './db/migrate.ts';
import { type DemoAccess, seedDemoWithTokens } from './demo/access.ts';
import { startDeliveryWorker } from './webhooks/worker.ts';
import { startWorker } from './jobs/worker.ts';
import { createMailer } from './mail/mailer.ts';

export interface StartOptions {
  /** Seed the demo data and print tokens when the database has no company yet. */
  seedDemo: boolean;
  /** How the process was started, recorded in the folder lock for whoever finds it taken. */
  command: string;
}

export interface RunningCanopy {
  /** Where the API listens, with the port actually bound (PORT=0 picks a free one). */
  url: string;
  database: Database;
  migrations: MigrationFile[];
  demo: DemoAccess | null;
  /** Stops taking requests and commands, lets the worker finish its job, closes the database, frees the folder. */
  stop(): Promise<void>;
}

/**
 * Boots Canopy: lock the embedded folder -> open the database -> migrate -> seed the demo
 * when asked -> serve HTTP, run the worker and, on the embedded database, accept
 * operator commands on the control socket. All in one process.
 */
export async function startCanopy(config: Config, options: StartOptions): Promise<RunningCanopy> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const socketPath = config.databaseUrl ? null : controlSocketPath(config.dataDir);
    if (!config.databaseUrl) {
      const lock = acquireFolderLock(config.dataDir, { command: options.command, controlSocket: socketPath });
      cleanups.push(() => lock.release());
    }

    const database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    );
    cleanups.push(() => database.close());
    const migrations = await migrate(database);
    const demo = options.seedDemo && (await hasNoCompany(database)) ? await seedDemoWithTokens(database.db, config.publicBaseUrl) : null;

    const secretKey = config.secretKey ?? folderSecret(config.dataDir);
    const app = await buildApp({ config: { ...config, secretKey }, db: database.db });
    await app.listen({ host: config.host, port: config.port });
    cleanups.push(() => app.close());
    const url = listeningUrl(config.host, app.server.address());

    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
    if (!config.smtpUrl) app.log.info({ outbox: path.join(config.dataDir, 'outbox') }, 'no SMTP_URL: email is written as .eml files into the outbox');
    const worker = startWorker(database.db, { services: { publicBaseUrl: config.publicBaseUrl, secretKey, mailer }, log: app.log });
    cleanups.push(() => worker.stop());
    if (config.webhookAllowPrivateUrls) {
      app.log.warn('WEBHOOK_ALLOW_PRIVATE_URLS is on: webhook endpoints may use http and private or loopback addresses. For local development only.');
    }
    const deliveries = startDeliveryWorker(database.db, {
      secretKey, publicBaseUrl: config.publicBaseUrl, allowPrivateUrls: config.webhookAllowPrivateUrls,
      leaseSeconds: config.webhookLeaseSeconds, listenUrl: config.databaseUrl, log: app.log,
    });
    cleanups.push(() => deliveries.stop());

    if (socketPath) {
      // Links in what forwarded commands write (events) must use the public address, not the listening one.
      const control = await startControlServer(socketPath, { db: database.db, baseUrl: config.publicBaseUrl }, app.log);
      cleanups.push(() => control.close());
    }
    return { url, database, migrations, demo, stop };
  } catch (error) {
    await stop();
    throw error;
  }
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
