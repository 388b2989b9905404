import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { recordEvent } from '../src/events/record.ts';
import { newId } from '../src/core/ids.ts';
import { SCOPES } from '../src/core/scopes.ts';
import { sealSecret } from '../src/core/secrets.ts';
import { SIGNING_SECRET_PURPOSE } from '../src/webhooks/deliveries.ts';
import { newSigningSecret } from '../src/webhooks/signature.ts';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/app.ts';

const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
import * as make from './helpers/factories.ts';

/**
 * One check for every v2 route, read from the OpenAPI document so that a new route is
 * covered the day it is added: 401 without a token, 403 without its scope, and 404 for
 * an id that belongs to another company or to the other mode; each answer's code is one
 * the document names for that operation and status.
 */

interface Operation {
  method: string;
  path: string;
  scope: string | null;
  /** The codes the document names for each error status (the descriptions the API reference shows). */
  documented: Record<string, string[]>;
}

let app: TestApp;
let operations: Operation[];
let owner: make.TestCompany;
let stranger: make.TestCompany;
/** Ids owned by `owner`, by id prefix, in live mode and in test mode. */
const liveIds: Record<string, string> = {};
const testIds: Record<string, string> = {};

before(async () => {
  app = await startTestApp();
  const doc = (await app.get('/v2/openapi.json')).body;
  type DocumentedOperation = { security?: { bearer: string[] }[]; responses: Record<string, { description: string }> };
  operations = Object.entries(doc.paths as Record<string, Record<string, DocumentedOperation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      scope: op.security?.[0]?.bearer[0] ?? null,
      documented: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, [...r.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string)])),
    })),
  );

  owner = await make.companyWithTokens(app.db);
  stranger = await make.companyWithTokens(app.db);
  // Live objects in one project, test objects in another, so each mode's ids are its own.
  const liveProject = await make.project(app.db);
  const livePlanting = await make.planting(app.db, liveProject);
  const liveAllocation = await make.allocation(app.db, owner, livePlanting, { livemode: true });
  const testProject = await make.project(app.db);
  const testPlanting = await make.planting(app.db, testProject, { livemode: false });
  const testAllocation = await make.allocation(app.db, owner, testPlanting, { livemode: false });
  const liveEvent = await recordEvent(app.db, { companyId: owner.id, livemode: true, type: 'allocation.created', object: { id: liveAllocation.id } });
  const testEvent = await recordEvent(app.db, { companyId: owner.id, livemode: false, type: 'allocation.created', object: { id: testAllocation.id } });
  Object.assign(liveIds, { alloc: liveAllocation.id, plt: livePlanting.id, prj: liveProject.id, evt: liveEvent, ...(await recipientAndCertificate(true)) });
  Object.assign(testIds, { alloc: testAllocation.id, plt: testPlanting.id, prj: testProject.id, evt: testEvent, ...(await recipientAndCertificate(false)) });
});

/**
 * A recipient of the owner, a company certificate (not the recipient's, so deleting the
 * recipient leaves it), an open gift code (reserving nothing, so revoking it frees nothing) and
 * a webhook endpoint.
 */
async function recipientAndCertificate(livemode: boolean) {
  const rcp = newId('recipient');
  const cert = newId('certificate');
  const gift = newId('gift_code');
  const whe = newId('webhook_endpoint');
  await app.db.insertInto('recipients').values({ id: rcp, company_id: owner.id, livemode, trees: 1, source: 'api' }).execute();
  await app.db.insertInto('certificates').values({ id: cert, company_id: owner.id, livemode, type: 'company', number: `CNP-TEST-${cert}`, trees: 10 }).execute();
  await app.db
    .insertInto('webhook_endpoints')
    .values({ id: whe, company_id: owner.id, livemode, url: 'https://hooks.example.com/canopy', secret_encrypted: sealSecret(secretKey, SIGNING_SECRET_PURPOSE, newSigningSecret()) })
    .execute();
  await app.db
    .insertInto('gift_codes')
    .values({ id: gift, company_id: owner.id, livemode, code: `TEST-${gift.slice(-9)}`, status: 'open', trees: 1, valid_until: new Date(Date.now() + 86_400_000) })
    .execute();
  return { rcp, cert, gift, whe };
}

/** The answer's status and code are among those the OpenAPI document names for the operation. */
function assertDocumented(op: Operation, response: { status: number; body: { error: { code: string } } }) {
  const named = op.documented[String(response.status)] ?? [];
  assert.ok(named.includes(response.body.error.code), `${op.method} ${op.path} documents ${response.status} ${response.body.error.code} (it names ${named.join(', ') || 'nothing'})`);
}

function withId(path: string, ids: Record<string, string>): string {
  const prefix = /^\/v2\/([a-z-]+)\//.exec(path)?.[1];
  const resource = path.startsWith('/v2/test_helpers/') ? /^\/v2\/test_helpers\/([a-z_-]+)\//.exec(path)?.[1] : prefix;
  const kind = { allocations: 'alloc', plantings: 'plt', projects: 'prj', events: 'evt', recipients: 'rcp', certificates: 'cert', 'gift-codes': 'gift', gift_codes: 'gift', 'webhook-endpoints': 'whe' }[resource ?? ''];
  if (!kind) throw new Error(`No fixture id for ${path}: add one to route-guards.test.ts`);
  return path.replace('{id}', ids[kind] as string);
}

describe('every v2 route', () => {
  test('the document lists the routes of the read API', () => {
    const paths = operations.map((op) => `${op.method} ${op.path}`);
    for (const expected of ['GET /v2/me', 'GET /v2/company', 'GET /v2/allocations', 'GET /v2/allocations/{id}', 'GET /v2/plantings/{id}', 'GET /v2/projects/{id}/monitoring']) {
      assert.ok(paths.includes(expected), `${expected} missing from ${paths.join(', ')}`);
    }
  });

  test('answers 401 token_missing without a token, and 401 token_invalid with an unknown one', async () => {
    for (const op of operations) {
      const path = op.path.includes('{id}') ? withId(op.path, liveIds) : op.path;
      const missing = await app.request(op.method, path);
      assert.equal(missing.status, 401, `${op.method} ${op.path}`);
      assert.equal(missing.body.error.code, 'token_missing', `${op.method} ${op.path}`);
      assertDocumented(op, missing);
      const unknown = await app.request(op.method, path, { token: `canopy_live_${'x'.repeat(32)}` });
      assert.equal(unknown.status, 401, `${op.method} ${op.path}`);
      assert.equal(unknown.body.error.code, 'token_invalid');
      assertDocumented(op, unknown);
    }
  });

  test('answers 403 scope_missing naming the scope when the token lacks it', async () => {
    for (const op of operations.filter((o) => o.scope)) {
      const token = await make.tokenFor(app.db, owner, { scopes: SCOPES.filter((s) => s !== op.scope) });
      const path = op.path.includes('{id}') ? withId(op.path, liveIds) : op.path;
      const response = await app.request(op.method, path, { token: token.token });
      assert.equal(response.status, 403, `${op.method} ${op.path}`);
      assert.equal(response.body.error.code, 'scope_missing');
      assert.equal(response.body.error.required_scope, op.scope);
      assertDocumented(op, response);
      assert.match(response.body.error.message, new RegExp(String(op.scope)));
    }
  });

  const isTestHelper = (op: Operation) => op.path.startsWith('/v2/test_helpers/');

  test("answers 200 for the owner's own id in its own mode", async () => {
    // Test helpers only act on what they made: test-helpers.test.ts covers their 200s.
    for (const op of operations.filter((o) => o.path.includes('{id}') && !isTestHelper(o))) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const live = await app.request(op.method, withId(op.path, liveIds), { token: owner.live, body });
      assert.equal(live.status, 200, `${op.method} ${op.path} live: ${live.text}`);
      const testMode = await app.request(op.method, withId(op.path, testIds), { token: owner.test, body });
      assert.equal(testMode.status, 200, `${op.method} ${op.path} test: ${testMode.text}`);
    }
  });

  test('test helpers answer 404 to a live token, and to another company\'s id in test mode', async () => {
    for (const op of operations.filter((o) => isTestHelper(o))) {
      const path = op.path.includes('{id}') ? withId(op.path, testIds) : op.path;
      const live = await app.request(op.method, path, { token: owner.live, body: {} });
      assert.equal(live.status, 404, `${op.method} ${op.path} with a live token`);
      assertDocumented(op, live);
      if (!op.path.includes('{id}')) continue;
      // A body the route accepts, so that what answers is the id's check.
      const body = path.endsWith('/claim') ? { first_name: 'Ada', email: 'ada@example.com' } : { trees: 1 };
      const foreign = await app.request(op.method, path, { token: stranger.test, body });
      assert.equal(foreign.status, 404, `${op.method} ${op.path} as another company`);
      assert.equal(foreign.body.error.code, 'resource_missing');
    }
  });

  test("answers 404 for another company's id and for the other mode's id", async () => {
    for (const op of operations.filter((o) => o.path.includes('{id}') && !isTestHelper(o))) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const foreign = await app.request(op.method, withId(op.path, liveIds), { token: stranger.live, body });
      assert.equal(foreign.status, 404, `${op.method} ${op.path} as another company`);
      assert.equal(foreign.body.error.code, 'resource_missing');
      assertDocumented(op, foreign);
      const otherMode = await app.request(op.method, withId(op.path, liveIds), { token: owner.test, body });
      assert.equal(otherMode.status, 404, `${op.method} ${op.path} live id with a test token`);
      const otherModeBack = await app.request(op.method, withId(op.path, testIds), { token: owner.live, body });
      assert.equal(otherModeBack.status, 404, `${op.method} ${op.path} test id with a live token`);
    }
  });

  test('answers 404 resource_missing for a malformed id', async () => {
    for (const op of operations.filter((o) => o.path.includes('{id}'))) {
      const token = isTestHelper(op) ? owner.test : owner.live;
      const body = op.method === 'GET' ? undefined : {};
      const response = await app.request(op.method, op.path.replace('{id}', 'not_an_id'), { token, body });
      assert.equal(response.status, 404, `${op.method} ${op.path}`);
      assert.equal(response.body.error.code, 'resource_missing');
      assert.equal(response.body.error.param, 'id');
    }
  });

  test('every response, error or not, carries Request-Id matching the error body', async () => {
    const ok = await app.get('/v2/me', owner.live);
    assert.match(ok.headers.get('request-id') ?? '', /^req_[A-Za-z0-9]{24}$/);
    const failed = await app.get('/v2/company');
    assert.equal(failed.headers.get('request-id'), failed.body.error.request_id);
  });
});
