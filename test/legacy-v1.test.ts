import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createToken, revokeToken } from '../src/operator/tokens.ts';
import { startTestApp } from './helpers/app.ts';
import * as make from './helpers/factories.ts';

/**
 * The legacy v1 API (spec section 9): v1 tokens on v1 only and v2 tokens on v2 only, each
 * told which API it belongs to; the retained endpoints' shapes; 410 for the retired ones
 * whatever the token; the v1 error shape for unknown paths; deprecation headers on every answer.
 */

const app = await startTestApp({ V1_DEPRECATION_DATE: '2026-11-01', V1_SUNSET_DATE: '2027-07-01' });

async function companyWithV1Token() {
  const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
  const v1 = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
  return { company, v1 };
}

describe('v1 tokens', () => {
  test('a v1 token works on v1 only, a v2 token on v2 only, each told which API it belongs to', async () => {
    const { company, v1 } = await companyWithV1Token();
    assert.match(v1.token, /^canopy_v1_[A-Za-z0-9]{32}$/);
    assert.equal(v1.api_version, 'v1');
    const ping = await app.get('/v1/ping', v1.token);
    assert.equal(ping.status, 200, ping.text);
    assert.deepEqual(ping.body, { message: 'pong' });

    const v2OnV1 = await app.get('/v1/ping', company.live);
    assert.equal(v2OnV1.status, 401);
    assert.match(v2OnV1.body.message, /v2 token .* works on \/v2 only/);
    const v1OnV2 = await app.get('/v2/me', v1.token);
    assert.equal(v1OnV2.status, 401);
    assert.equal(v1OnV2.body.error.code, 'token_wrong_version');
    assert.match(v1OnV2.body.error.message, /legacy v1 API, which works on \/v1 only/);
  });

  test('missing, unknown, revoked and removed-owner tokens are refused in the v1 shape', async () => {
    const { company, v1 } = await companyWithV1Token();
    for (const token of [undefined, 'canopy_v1_' + 'x'.repeat(32), 'nonsense']) {
      const refused = await app.get('/v1/me', token);
      assert.equal(refused.status, 401);
      assert.deepEqual(Object.keys(refused.body), ['message']);
    }
    await revokeToken(app.db, v1.id);
    assert.match((await app.get('/v1/me', v1.token)).body.message, /revoked/);
    const other = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
    await app.db.updateTable('companies').set({ plan: 'grow' }).where('id', '=', company.id).execute();
    const downgraded = await app.get('/v1/me', other.token);
    assert.equal(downgraded.status, 403);
    assert.match(downgraded.body.message, /automate/);
  });
});

describe('retained endpoints', () => {
  test('GET /me is one object: the token\'s owner and the old customer block', async () => {
    const { company, v1 } = await companyWithV1Token();
    const me = await app.get('/v1/me', v1.token);
    assert.equal(me.status, 200);
    assert.deepEqual(Object.keys(me.body), ['id', 'name', 'email', 'customer']);
    assert.equal(me.body.email, company.adminEmail);
    assert.equal(me.body.customer.id, company.id);
    assert.equal(me.body.customer.name, 'Fairbrook Coffee Roasters');
    assert.equal(me.body.customer.package, 'automate');
  });

  test('GET /get-stats counts the live trees and the unassigned ones, with the emission fields kept at 0', async () => {
    const { company, v1 } = await companyWithV1Token();
    const project = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000 }), { trees: 30 });
    await make.allocation(app.db, company, await make.planting(app.db, project, { trees: 1000, livemode: false }), { trees: 7, livemode: false });
    await app.request('POST', '/v2/recipients', { token: company.live, headers: { 'idempotency-key': 'v1-stats' }, body: { trees: 4 } });
    const stats = await app.get('/v1/get-stats', v1.token);
    assert.equal(stats.status, 200);
    assert.deepEqual(stats.body, { tree_count: 30, available_for_gifting: 26, co2_compensation: 0, goal_emissions_compensated: 0 });
    const v2 = (await app.get('/v2/company', company.live)).body;
    assert.equal(stats.body.tree_count, v2.trees.total);
    assert.equal(stats.body.available_for_gifting, v2.trees_unassigned);
  });
});

describe('retired endpoints and the rest', () => {
  const RETIRED = [
    ['POST', '/v1/buy-tree'], ['POST', '/v1/buy-trees'], ['POST', '/v1/gift-tree'], ['POST', '/v1/buy-vouchers'],
    ['POST', '/v1/cancel-order/ORD-10042'], ['GET', '/v1/get-products'], ['POST', '/v1/calculate-delivery-compentation'],
  ] as const;

  test('each retired endpoint answers 410 with message and documentation, whatever the token', async () => {
    const { v1 } = await companyWithV1Token();
    for (const [method, path] of RETIRED) {
      for (const token of [v1.token, undefined, 'garbage']) {
        const gone = await app.request(method, path, { token, body: method === 'POST' ? { quantity: 1 } : undefined });
        assert.equal(gone.status, 410, `${method} ${path}`);
        assert.deepEqual(Object.keys(gone.body).sort(), ['documentation', 'message']);
        assert.match(gone.body.documentation, /^http:\/\/canopy\.test\/docs\/migrating-from-v1#[a-z-]+$/);
      }
    }
  });

  test('an unknown v1 path is a 404 in the v1 shape', async () => {
    const { v1 } = await companyWithV1Token();
    const missing = await app.get('/v1/get-forests', v1.token);
    assert.equal(missing.status, 404);
    assert.deepEqual(Object.keys(missing.body), ['message']);
  });

  test('every v1 answer carries Deprecation, Sunset and Link headers; v2 answers do not', async () => {
    const { company, v1 } = await companyWithV1Token();
    for (const [path, token] of [['/v1/ping', v1.token], ['/v1/me', undefined], ['/v1/nowhere', v1.token], ['/v1/get-products', undefined]] as const) {
      const response = await app.get(path, token);
      assert.equal(response.headers.get('deprecation'), `@${Date.UTC(2026, 10, 1) / 1000}`, path);
      assert.equal(response.headers.get('sunset'), 'Thu, 01 Jul 2027 00:00:00 GMT', path);
      assert.match(String(response.headers.get('link')), /<http:\/\/canopy\.test\/v2>; rel="successor-version", <http:\/\/canopy\.test\/docs\/migrating-from-v1>; rel="deprecation"/);
    }
    assert.equal((await app.get('/v2/me', company.live)).headers.get('deprecation'), null);
  });
});
