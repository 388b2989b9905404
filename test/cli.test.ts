import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { scheduleHousekeeping } from '../src/jobs/housekeeping.ts';
import { claimNextJob, enqueueJob, type Job } from '../src/jobs/queue.ts';
import { runDueJobs, startWorker } from '../src/jobs/worker.ts';
import { createCompany } from '../src/operator/companies.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { cliWorkspace, type Serve } from './helpers/cli.ts';

/**
 * The operator CLI as an operator runs it: `node bin/canopy.mjs ...` in child processes,
 * from a folder that is not the repository, against one data folder (or one fresh
 * PostgreSQL database when DATABASE_URL is set) shared by the whole file.
 */
const embedded = !process.env.DATABASE_URL;
const { workDir, dataDir, canopy, canopyJson, startServe, useFreshPostgresDatabase } = cliWorkspace('canopy-cli');

async function get(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

describe('canopy CLI', () => {
  let dropDatabase = async () => {};
  let serve: Serve | null = null;
  let demo: { company_id: string; tokens: { live: string; test: string } };
  let companyId: string;

  before(async () => {
    if (!embedded) dropDatabase = await useFreshPostgresDatabase();
  });
  after(async () => {
    serve?.child.kill('SIGKILL');
    await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('bad configuration is one clear message and exit 1, without a stack trace', async () => {
    const run = await canopy(['companies', 'list'], { env: { PORT: 'eighty' } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /PORT must be a whole number/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  test('demo --json seeds the database and prints the company and fresh tokens', async () => {
    demo = await canopyJson(['demo']);
    assert.match(demo.company_id, /^cmp_[A-Za-z0-9]{24}$/);
    assert.match(demo.tokens.live, /^canopy_live_[A-Za-z0-9]{32}$/);
    assert.match(demo.tokens.test, /^canopy_test_[A-Za-z0-9]{32}$/);
  });

  test('serve answers the demo tokens over HTTP', async () => {
    serve = await startServe();
    const live = await get(`${serve.url}/v2/company`, demo.tokens.live);
    assert.equal(live.status, 200);
    assert.equal(live.body.id, demo.company_id);
    assert.equal(live.body.livemode, true);
    const test = await get(`${serve.url}/v2/company`, demo.tokens.test);
    assert.equal(test.status, 200);
    assert.equal(test.body.livemode, false);
  });

  test('a second serve on the same folder fails and names the holder', { skip: !embedded && 'PostgreSQL takes many processes' }, async () => {
    const run = await canopy(['serve']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`in use by another Canopy process:\\n  pid ${serve?.child.pid}, running "canopy serve --json", since \\d{4}-`));
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  test('a token created while serve runs works at once', async () => {
    const company = await canopyJson(['companies', 'create', '--name', 'Bakkerij de Boom', '--country', 'nl']);
    companyId = company.id;
    assert.equal(company.plan, 'automate');
    await canopyJson(['users', 'create', '--company', companyId, '--email', 'ops@boom.nl', '--role', 'admin']);
    const created = await canopyJson(['tokens', 'create', '--company', companyId, '--owner', 'ops@boom.nl', '--scopes', 'company:read', '--mode', 'live']);
    assert.match(created.token, /^canopy_live_/);
    assert.deepEqual(created.scopes, ['company:read']);
    const response = await get(`${serve?.url}/v2/company`, created.token);
    assert.equal(response.status, 200);
    assert.equal(response.body.name, 'Bakkerij de Boom');
  });

  test("removing a user while serve runs makes that user's token answer 401", async () => {
    await canopyJson(['users', 'create', '--company', companyId, '--email', 'temp@boom.nl', '--role', 'admin']);
    const { token } = await canopyJson(['tokens', 'create', '--company', companyId, '--owner', 'temp@boom.nl', '--scopes', 'all', '--mode', 'test']);
    assert.equal((await get(`${serve?.url}/v2/me`, token)).status, 200);
    const removed = await canopy(['users', 'remove', '--company', companyId, '--email', 'temp@boom.nl']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /Removed temp@boom\.nl/);
    assert.equal((await get(`${serve?.url}/v2/me`, token)).status, 401);
  });

  test('demo --json while serve runs gives new tokens that work', async () => {
    const again = await canopyJson(['demo']);
    assert.equal(again.company_id, demo.company_id);
    assert.notEqual(again.tokens.test, demo.tokens.test);
    assert.equal((await get(`${serve?.url}/v2/company`, again.tokens.test)).status, 200);
  });

  test('operator mistakes exit 1 with the message and no stack trace', async () => {
    const unknownToken = await canopy(['tokens', 'revoke', 'tok_doesnotexist']);
    assert.equal(unknownToken.code, 1);
    assert.match(unknownToken.stderr, /No active token tok_doesnotexist/);
    const badRole = await canopy(['users', 'create', '--company', companyId, '--email', 'x@boom.nl', '--role', 'owner', '--json']);
    assert.equal(badRole.code, 1);
    assert.match(JSON.parse(badRole.stderr).error.message, /Unknown role "owner"/);
    const missing = await canopy(['tokens', 'create', '--company', companyId]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /--owner is required[\s\S]*canopy tokens create --help/);
    for (const run of [unknownToken, badRole, missing]) assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  test('migrate while serve runs reports that serve migrated', { skip: !embedded && 'PostgreSQL takes many processes' }, async () => {
    const result = await canopyJson(['migrate']);
    assert.deepEqual(result.applied, []);
    assert.match(result.note, /holds the database/);
  });

  test('serve stops on SIGTERM and frees the folder', async () => {
    serve?.child.kill('SIGTERM');
    assert.equal(await serve?.exited, 0);
    serve = null;
    assert.equal(existsSync(path.join(dataDir, 'canopy.lock')), false);
    assert.equal(existsSync(path.join(dataDir, 'canopy.sock')), false);
  });

  test('without serve, commands open the database themselves', async () => {
    const { data } = await canopyJson(['tokens', 'list', '--company', companyId]);
    assert.equal(data.length, 2);
    assert.ok(data.every((token: Record<string, unknown>) => !('token' in token) && !('token_hash' in token)));
    const migrated = await canopyJson(['migrate']);
    assert.deepEqual(migrated.applied, []);
  });

  test('openapi prints the API description', async () => {
    const document = await canopyJson(['openapi']);
    assert.equal(document.openapi, '3.1.0');
    assert.ok(document.paths['/v2/company']);
  });
});

describe('background worker (the one serve runs)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });

  test('a due job is claimed and run once, then leaves the table; a future one waits', async () => {
    const seen: unknown[] = [];
    const handlers = {
      remember: async (_db: unknown, job: Job) => {
        seen.push(job.payload);
        return undefined;
      },
    };
    await enqueueJob(app.db, 'remember', { n: 1 });
    const later = await enqueueJob(app.db, 'remember', { n: 2 }, new Date(Date.now() + 3_600_000));
    assert.equal(await runDueJobs(app.db, { handlers }), 1);
    assert.deepEqual(seen, [{ n: 1 }]);
    const left = await app.db.selectFrom('jobs').select('id').execute();
    assert.deepEqual(left.map((row) => Number(row.id)), [later]);
    await app.db.deleteFrom('jobs').execute();
  });

  test('two workers claiming at once get different jobs', async () => {
    await enqueueJob(app.db, 'a');
    await enqueueJob(app.db, 'b');
    const [first, second] = await Promise.all([claimNextJob(app.db), claimNextJob(app.db)]);
    assert.notEqual(first?.id, second?.id);
    assert.equal(await claimNextJob(app.db), null);
    await app.db.deleteFrom('jobs').execute();
  });

  test('a failing job is retried later with its error kept', async () => {
    const id = await enqueueJob(app.db, 'explode');
    const handlers = { explode: async () => { throw new Error('boom'); } };
    await runDueJobs(app.db, { handlers });
    const job = await app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(job.attempts, 1);
    assert.equal(job.last_error, 'boom');
    assert.equal(job.locked_until, null);
    assert.ok(job.run_at.getTime() > Date.now() + 5_000, 'next attempt is backed off');
    await app.db.deleteFrom('jobs').execute();
  });

  test('housekeeping deletes idempotency keys older than 24 h and events older than 30 days, nothing newer', async () => {
    const company = await createCompany(app.db, { name: 'Housekeeping BV' });
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const key = (name: string, createdAt: Date) => ({
      company_id: company.id, livemode: false, key: name, request_method: 'POST', request_path: '/v2/recipients', request_hash: 'h', created_at: createdAt,
    });
    await app.db.insertInto('idempotency_keys').values([key('old', ago(25)), key('fresh', ago(23))]).execute();
    const event = (id: string, createdAt: Date) => ({
      id, company_id: company.id, livemode: false, type: 'test.event', data: JSON.stringify({ object: {} }), created_at: createdAt,
    });
    await app.db.insertInto('events').values([event('evt_old', ago(31 * 24)), event('evt_recent', ago(29 * 24))]).execute();

    assert.deepEqual((await scheduleHousekeeping(app.db)).sort(), ['purge_idempotency_keys', 'purge_old_events']);
    assert.deepEqual(await scheduleHousekeeping(app.db), [], 'no second copy while one waits');
    assert.equal(await runDueJobs(app.db), 2);

    const keys = await app.db.selectFrom('idempotency_keys').select('key').where('company_id', '=', company.id).execute();
    assert.deepEqual(keys.map((row) => row.key), ['fresh']);
    const events = await app.db.selectFrom('events').select('id').where('company_id', '=', company.id).execute();
    assert.deepEqual(events.map((row) => row.id), ['evt_recent']);
    assert.equal((await app.db.selectFrom('jobs').select('id').execute()).length, 0);
  });

  test('the worker loop runs jobs as they come due and stops cleanly', async () => {
    let ran = 0;
    const tick = async () => {
      ran++;
      return undefined;
    };
    const worker = startWorker(app.db, { pollIntervalMs: 20, handlers: { tick } });
    await enqueueJob(app.db, 'tick');
    for (let i = 0; i < 100 && ran === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    assert.equal(ran, 1);
    await app.db.deleteFrom('jobs').execute();
  });
});
