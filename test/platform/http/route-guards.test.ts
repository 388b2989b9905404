import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { SCOPES } from '../../../src/core/scopes.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { assertDocumented, buildGuardWorld, isTestHelper, type Operation, readOperations, withId } from '../../helpers/operations.ts';

/**
 * One check for every v2 route, read from the OpenAPI document so that a new route is
 * covered the day it is added: 401 without a token, 403 without its scope, and 404 for
 * an id that belongs to another company or to the other mode; each answer's code is one
 * the document names for that operation and status. References to other objects in
 * filters and bodies are operation-matrix.test.ts's.
 */

let app: TestApp;
let operations: Operation[];
let owner: make.TestCompany;
let stranger: make.TestCompany;
/** Ids owned by `owner`, by id prefix, in live mode and in test mode. */
let liveIds: Record<string, string>;
let testIds: Record<string, string>;

before(async () => {
  app = await startTestApp();
  operations = await readOperations(app);
  ({ owner, stranger, liveIds, testIds } = await buildGuardWorld(app));
});

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
      const body = path.endsWith('/claim') ? { first_name: 'Ada', email: 'ada@example.com' } : op.body ? { trees: 1 } : {};
      const foreign = await app.request(op.method, path, { token: stranger.test, body });
      assert.equal(foreign.status, 404, `${op.method} ${op.path} as another company`);
      assert.equal(foreign.body.error.code, 'resource_missing');
    }
  });

  test("answers 404 for another company's id and for the other mode's id", async () => {
    for (const op of operations.filter((o) => o.path.includes('{id}') && !isTestHelper(o))) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      for (const [token, ids] of [[stranger.live, liveIds], [stranger.test, testIds]] as const) {
        const foreign = await app.request(op.method, withId(op.path, ids), { token, body });
        assert.equal(foreign.status, 404, `${op.method} ${op.path} as another company`);
        assert.equal(foreign.body.error.code, 'resource_missing');
        assertDocumented(op, foreign);
      }
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
