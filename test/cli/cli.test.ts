import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';

/**
 * The operator CLI as an operator runs it: `node bin/canopy.mjs ...` in child processes,
 * from a folder that is not the repository, against one data folder (or one fresh
 * PostgreSQL database when DATABASE_URL is set) shared by the whole file. A child process
 * costs a second or more to start, so where the process itself is not what is checked (its
 * exit code, its streams, a signal, a command that runs only in a process of its own) the
 * commands run through the CLI's runner in this process (`run`), against the same folder:
 * locked, or sent to the running serve over its control socket, as a child's would be.
 */
const embedded = !process.env.DATABASE_URL;
const { workDir, dataDir, canopy, canopyJson, inProcess: run, inProcessJson: runJson, startServe, useFreshPostgresDatabase } = cliWorkspace('canopy-cli');

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
    const company = await runJson(['companies', 'create', '--name', 'Bakkerij de Boom', '--country', 'nl']);
    companyId = company.id;
    assert.equal(company.plan, 'automate');
    await runJson(['users', 'create', '--company', companyId, '--email', 'ops@boom.nl', '--role', 'admin']);
    const created = await runJson(['tokens', 'create', '--company', companyId, '--owner', 'ops@boom.nl', '--scopes', 'company:read', '--mode', 'live']);
    assert.match(created.token, /^canopy_live_/);
    assert.deepEqual(created.scopes, ['company:read']);
    const response = await get(`${serve?.url}/v2/company`, created.token);
    assert.equal(response.status, 200);
    assert.equal(response.body.name, 'Bakkerij de Boom');
  });

  test("removing a user while serve runs makes that user's token answer 401", async () => {
    await runJson(['users', 'create', '--company', companyId, '--email', 'temp@boom.nl', '--role', 'admin']);
    const { token } = await runJson(['tokens', 'create', '--company', companyId, '--owner', 'temp@boom.nl', '--scopes', 'all', '--mode', 'test']);
    assert.equal((await get(`${serve?.url}/v2/me`, token)).status, 200);
    // A child process: on PostgreSQL serve forgets the token when the removal's NOTIFY arrives, a
    // moment after the commit (docs/decisions.md, "Tokens remembered between requests"), which
    // the CLI's exit has always come after; in this process the next request could come first.
    const removed = await canopy(['users', 'remove', '--company', companyId, '--email', 'temp@boom.nl']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /Removed temp@boom\.nl/);
    assert.equal((await get(`${serve?.url}/v2/me`, token)).status, 401);
  });

  test('demo --json while serve runs gives new tokens that work', async () => {
    const again = await runJson(['demo']);
    assert.equal(again.company_id, demo.company_id);
    assert.notEqual(again.tokens.test, demo.tokens.test);
    assert.equal((await get(`${serve?.url}/v2/company`, again.tokens.test)).status, 200);
  });

  test('operator mistakes exit 1 with the message and no stack trace', async () => {
    // A child process: the refusal serve sent back is the CLI process's exit code and stderr.
    const unknownToken = await canopy(['tokens', 'revoke', 'tok_doesnotexist']);
    assert.equal(unknownToken.code, 1);
    assert.match(unknownToken.stderr, /No active token tok_doesnotexist/);
    const badRole = await run(['users', 'create', '--company', companyId, '--email', 'x@boom.nl', '--role', 'owner', '--json']);
    assert.equal(badRole.code, 1);
    assert.match(JSON.parse(badRole.stderr).error.message, /Unknown role "owner"/);
    const missing = await run(['tokens', 'create', '--company', companyId]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /--owner is required[\s\S]*canopy tokens create --help/);
    for (const run of [unknownToken, badRole, missing]) assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  test('tokens create with --expires-at in the past exits 1 and creates nothing', async () => {
    const before = (await runJson(['tokens', 'list', '--company', companyId])).data.length;
    const past = await run(['tokens', 'create', '--company', companyId, '--owner', 'ops@boom.nl', '--scopes', 'all', '--mode', 'live', '--expires-at', '2020-01-01T00:00:00Z']);
    assert.equal(past.code, 1, past.stdout);
    assert.match(past.stderr, /expires_at 2020-01-01T00:00:00\.000Z is in the past; a token must expire later than now/);
    assert.doesNotMatch(past.stderr, /\n\s+at /);
    assert.equal((await runJson(['tokens', 'list', '--company', companyId])).data.length, before);
  });

  test('tokens create --v1 prints a v1 token once, which works on /v1 and is listed as v1', async () => {
    const created = await runJson(['tokens', 'create', '--v1', '--company', companyId, '--owner', 'ops@boom.nl']);
    assert.match(created.token, /^canopy_v1_[A-Za-z0-9]{32}$/);
    assert.equal(created.api_version, 'v1');
    assert.deepEqual(created.scopes, []);
    const listed = (await runJson(['tokens', 'list', '--company', companyId])).data.find((t: { id: string }) => t.id === created.id);
    assert.equal(listed.api_version, 'v1');
    assert.equal(listed.token, undefined, 'never shown again');
    const mixed = await run(['tokens', 'create', '--v1', '--company', companyId, '--owner', 'ops@boom.nl', '--scopes', 'all']);
    assert.equal(mixed.code, 1);
    assert.match(mixed.stderr, /A v1 token has no scopes and no test mode/);
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
    const { data } = await runJson(['tokens', 'list', '--company', companyId]);
    assert.equal(data.length, 3, 'the live and test tokens made above, and the v1 one');
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
