import type { Server } from 'node:http';
import { after } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { DB } from '../../src/db/schema.ts';
import type { WorkerServices } from '../../src/platform/jobs/job.ts';
import { runDueJobs } from '../../src/platform/jobs/worker.ts';
import type { LogStream } from '../../src/observability/logger.ts';
import { createMailer, type Mailer } from '../../src/platform/mail/mailer.ts';
import { GENEROUS_RATE_LIMITS } from './limits.ts';
import { createScratchDatabase } from './postgres.ts';
import { tempDir } from './temp.ts';
import { JOBS } from '../../src/features.ts';

export interface TestApp {
  baseUrl: string;
  db: Kysely<DB>;
  database: Database;
  /** The listening Node server, for tests that act on connections themselves. */
  server: Server;
  /** The app's logger, for workers a test runs beside it. */
  log: FastifyBaseLogger;
  /** A real HTTP request to the running app; the body is parsed when it is JSON. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<TestResponse>;
  /** Runs the due jobs (certificates, emails, expiries) as a worker beside the app would, until none is left; returns how many ran. */
  runJobs(services?: WorkerServices): Promise<number>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  body: any;
  text: string;
}

/** The server secret of a test app started without CANOPY_SECRET_KEY. */
export const TEST_SECRET_KEY = 'test-secret-key-of-at-least-32-characters';

/** What the worker of a test app hands its jobs: the test app's links, and email written into a temporary outbox. */
export function testWorkerServices(mailer?: Mailer): WorkerServices {
  return {
    publicBaseUrl: 'http://canopy.test',
    secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY,
    mailer: mailer ?? createMailer({ smtpUrl: null, from: 'Canopy <test@canopy.test>', outboxDir: tempDir('canopy-outbox') }),
  };
}

// Registered when a test file imports this helper, i.e. on the file's root: an after()
// registered inside a before() hook would run as soon as that hook ends.
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Starts Canopy on a fresh database for one test file and stops it when the file ends:
 * an in-memory PGlite, or, when DATABASE_URL is set, a new database on that server
 * (dropped afterwards). The app listens on a loopback port and tests speak real HTTP.
 * Logs are off unless TEST_LOG=1, or written to `logStream` for a test that reads them.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { logStream?: LogStream } = {}): Promise<TestApp> {
  const { database, dropDatabase } = await openFreshDatabase();
  await migrate(database);
  const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: 'http://canopy.test', ...GENEROUS_RATE_LIMITS, ...env });
  const secretKey = config.secretKey ?? TEST_SECRET_KEY;
  const app = await buildApp({ config: { ...config, secretKey }, db: database.db, logger: process.env.TEST_LOG === "1" || options.logStream !== undefined, logStream: options.logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  cleanups.push(async () => {
    await app.close();
    await database.close();
    await dropDatabase();
  });

  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  return {
    baseUrl,
    db: database.db,
    database,
    server: app.server,
    log: app.log,
    request,
    get: (path, token, headers) => request('GET', path, { token, headers }),
    runJobs: (services = testWorkerServices()) => runDueJobs(database.db, { jobs: JOBS, services }),
  };
}

async function openFreshDatabase(): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ kind: 'pglite', dataDir: null }), dropDatabase: async () => {} };
  const scratch = await createScratchDatabase(url, 'canopy_test');
  return { database: await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 }), dropDatabase: scratch.drop };
}
