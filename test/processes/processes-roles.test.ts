import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { JOBS } from '../../src/features.ts';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';
import * as make from '../helpers/factories.ts';
import { type Received, startReceiver } from '../helpers/receiver.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { until } from '../helpers/wait.ts';

/**
 * `canopy serve --role api` and two `--role worker` processes on one PostgreSQL, as
 * production runs them: recipients created through the API process become certificate
 * jobs, certificate emails (to a real SMTP server on loopback) and webhook deliveries (to
 * a real receiver on loopback). The API process runs none of it; the workers run every job
 * exactly once, send every email once and deliver every event once; a worker stopped with
 * SIGTERM in the middle finishes what it holds and the other does the rest.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
type Name = 'api' | 'w1' | 'w2';

const receiver = await startReceiver();
const sink = await startSmtpSink();
/** Which process sent a delivery: each runs with its own PUBLIC_BASE_URL, which the User-Agent names. */
const senderOf = (entry: Received) => /\(\+http:\/\/(\w+)\.canopy\.test\//.exec(String(entry.headers['user-agent']))?.[1] ?? '?';

/**
 * The jobs a process's log says it finished, and the ones it says failed. Copies of the
 * factory's photo are not this test's work: its host (images.example.org) does not exist, so
 * they fail and are retried, as a broken source should be.
 */
function jobsIn(serve: Serve) {
  const lines = serve.stdout().split('\n').filter((line) => line.startsWith('{"level"')).map((line) => JSON.parse(line) as { msg: string; job_id?: number; kind?: string });
  return { done: lines.filter((line) => line.msg === 'job done'), failed: lines.filter((line) => line.msg === 'job failed' && line.kind !== 'copy_photo') };
}


describe('an API process and two workers on one PostgreSQL', { skip: !onPostgres && 'needs DATABASE_URL: the embedded database belongs to one process' }, () => {
  const ws = cliWorkspace('canopy-roles');
  const servers = {} as Record<Name, Serve>;
  let database: Database;
  let db: Kysely<DB>;
  let dropDatabase = async () => {};
  let company: make.TestCompany;
  let endpointId = '';
  const emails: string[] = [];

  before(async () => {
    dropDatabase = await ws.useFreshPostgresDatabase();
    Object.assign(ws.env, {
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      CANOPY_SECRET_KEY: ws.env.CANOPY_SECRET_KEY ?? randomBytes(32).toString('hex'),
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
    });
    const migrated = await ws.canopy(['migrate']);
    assert.equal(migrated.code, 0, migrated.stderr);
    database = await openDatabase({ kind: 'postgres', url: ws.env.DATABASE_URL as string, poolSize: 4 });
    db = database.db;
    company = await make.companyWithTokens(db);
    const project = await make.project(db);
    await make.allocation(db, company, await make.planting(db, project, { trees: 10_000 }), { trees: 1000 });
    servers.api = await ws.startServe({ args: ['--role', 'api'], env: { PUBLIC_BASE_URL: 'http://api.canopy.test' } });
    const endpoint = await api('POST', '/v2/webhook-endpoints', { url: `${receiver.base}/roles` });
    endpointId = endpoint.id;
  });

  after(async () => {
    for (const server of Object.values(servers)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await Promise.all(Object.values(servers).map((server) => server.exited));
    await database?.close();
    await dropDatabase();
  });

  async function api(method: string, path: string, body: unknown) {
    const response = await fetch(`${servers.api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${company.live}`, 'content-type': 'application/json', 'idempotency-key': randomAlphanumeric(16) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    return JSON.parse(text);
  }

  /** `count` recipients who asked for their certificate by email, 6 requests at a time. */
  async function createRecipients(batch: string, count: number) {
    let next = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      while (next < count) {
        const email = `${batch}-${next++}@example.com`;
        emails.push(email);
        await api('POST', '/v2/recipients', { trees: 1, first_name: 'Robin', last_name: batch, email, send_email: true });
      }
    }));
  }

  const workLeft = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE kind <> ALL(${sql.val([...JOBS.housekeeping, 'copy_photo'])}::text[])`.execute(db)).rows[0]?.n);

  /** Every recipient has a certificate and was emailed, no job but housekeeping is left, every delivery is delivered. */
  async function allDone(ms: number) {
    return until('every job, email and delivery done', ms, async () => {
      const recipients = await db.selectFrom('recipients').select(['certificate_id', 'email_sent_at']).where('company_id', '=', company.id).execute();
      const deliveries = await db.selectFrom('event_deliveries').select(['event_id', 'status', 'attempts']).where('endpoint_id', '=', endpointId).execute();
      // A worker logs `job done` just after the job's commit: wait for the lines too, or the
      // last one may still be on its way when the counts are compared (seen once in CI).
      const logged = [servers.w1, servers.w2].flatMap((serve) => (serve ? jobsIn(serve).done : []));
      const loggedAll = ['issue_certificate', 'send_certificate_email'].every((kind) => logged.filter((line) => line.kind === kind).length >= emails.length);
      const done = recipients.length === emails.length && recipients.every((row) => row.certificate_id && row.email_sent_at)
        && (await workLeft()) === 0 && deliveries.every((row) => row.status === 'delivered') && loggedAll;
      return done ? deliveries : undefined;
    }, 100);
  }

  /** Exactly once, over everything so far: one email per address, one arrival per event, one `job done` per job, none by the API process. */
  function assertExactlyOnce(deliveries: readonly { event_id: string; attempts: number }[]) {
    const sent = sink.messages.flatMap((message) => message.to).sort();
    assert.deepEqual(sent, [...emails].sort(), 'each recipient got one email');
    const arrived = receiver.at('/roles');
    assert.deepEqual(arrived.map((entry) => String(entry.headers['webhook-id'])).sort(), deliveries.map((row) => row.event_id).sort(), 'each event arrived once');
    assert.ok(deliveries.every((row) => row.attempts === 1));
    assert.deepEqual(arrived.filter((entry) => !['w1', 'w2'].includes(senderOf(entry))), [], 'only the workers deliver');
    const done = [servers.w1, servers.w2].flatMap((serve) => jobsIn(serve).done);
    const ids = done.map((line) => line.job_id);
    assert.equal(new Set(ids).size, ids.length, 'no job ran twice');
    const byKind = (kind: string) => done.filter((line) => line.kind === kind).length;
    assert.equal(byKind('issue_certificate'), emails.length);
    assert.equal(byKind('send_certificate_email'), emails.length);
    for (const serve of [servers.w1, servers.w2]) assert.deepEqual(jobsIn(serve).failed, []);
    assert.deepEqual(jobsIn(servers.api).done, [], 'the API process ran no job');
  }

  test('the API process alone runs no job, sends no email and delivers nothing: the work waits', async () => {
    await createRecipients('first', 24);
    // Deliveries wake at commit; jobs are polled every second: three seconds is plenty.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const jobs = await db.selectFrom('jobs').select(['kind', 'attempts', 'locked_until']).execute();
    assert.equal(jobs.filter((job) => job.kind === 'issue_certificate').length, 24);
    assert.ok(jobs.every((job) => job.attempts === 0 && job.locked_until === null), 'no job was claimed');
    const deliveries = await db.selectFrom('event_deliveries').select(['status', 'attempts']).where('endpoint_id', '=', endpointId).execute();
    assert.ok(deliveries.length >= 24);
    assert.ok(deliveries.every((row) => row.status === 'pending' && row.attempts === 0), 'no delivery was attempted');
    assert.equal(sink.messages.length, 0);
    assert.equal(receiver.at('/roles').length, 0);
    const ready = await fetch(`${servers.api.url}/readyz`);
    assert.deepEqual(await ready.json(), { status: 'ready', checks: { database: 'ok', migrations: 'ok', shutdown: 'ok' } });
  });

  test('two workers run every job once, send every email once and deliver every event once', async (t) => {
    const startedAt = Date.now();
    const worker = (name: 'w1' | 'w2') => ws.startServe({ args: ['--role', 'worker'], env: { PUBLIC_BASE_URL: `http://${name}.canopy.test` } });
    [servers.w1, servers.w2] = await Promise.all([worker('w1'), worker('w2')]);
    const ready = await fetch(`${servers.w1.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal((await fetch(`${servers.w1.url}/v2/me`, { headers: { authorization: `Bearer ${company.live}` } })).status, 404, 'a worker serves no API');
    const deliveries = await allDone(60_000);
    assertExactlyOnce(deliveries);
    const share = (name: 'w1' | 'w2') => `${jobsIn(servers[name]).done.length} jobs, ${receiver.at('/roles').filter((entry) => senderOf(entry) === name).length} deliveries`;
    t.diagnostic(`24 recipients: 48 jobs, 24 emails, ${deliveries.length} deliveries done in ${Date.now() - startedAt} ms from worker start; w1 ${share('w1')}; w2 ${share('w2')}`);
  });

  test('a worker stopped with SIGTERM mid-run finishes what it holds; the other does the rest; nothing lost or done twice', async (t) => {
    // A slow mail server and a slow receiver: a job or an attempt is in hand most of the time.
    sink.slowDown(300);
    receiver.behave('/roles', () => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), 200)));
    const before = jobsIn(servers.w1).done.length;
    await createRecipients('second', 30);
    await until('w1 at work on the second batch', 20_000, () => (jobsIn(servers.w1).done.length >= before + 2 ? true : undefined), 100);
    const left = await workLeft();
    assert.ok(left > 0, 'work is left when the worker is stopped');

    const signalledAt = Date.now();
    servers.w1.child.kill('SIGTERM');
    assert.equal(await servers.w1.exited, 0, servers.w1.stderr());
    const stopMs = Date.now() - signalledAt;
    assert.ok(stopMs < 10_000, `stopped in ${stopMs} ms`);
    const deliveries = await allDone(90_000);
    assertExactlyOnce(deliveries);
    t.diagnostic(`SIGTERM with ${left} jobs left: w1 exited 0 in ${stopMs} ms; w2 finished the rest; w1 ran ${jobsIn(servers.w1).done.length} jobs, w2 ${jobsIn(servers.w2).done.length}`);
  });
});
