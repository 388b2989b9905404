import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setCompanyPlan } from '../../../src/operator/companies.ts';
import { revokeToken } from '../../../src/operator/tokens.ts';
import { createUser, removeUser, setUserRole } from '../../../src/operator/users.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/** The rules of spec section 5, each with the status and code docs/errors.md promises. */

const app = await startTestApp();
// A second app behind a trusted proxy on loopback, for X-Forwarded-For.
const proxied = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1/32' });

async function expectError(path: string, token: string | undefined, status: number, code: string, target = app) {
  const response = await target.get(path, token);
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code);
  assert.equal(typeof response.body.error.message, 'string');
  assert.ok(response.body.error.doc_url.endsWith(`#${code}`));
  return response;
}

describe('tokens', () => {
  test('a malformed Authorization header is 401 token_missing', async () => {
    const response = await app.request('GET', '/v2/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    assert.equal(response.status, 401);
    assert.equal(response.body.error.code, 'token_missing');
    assert.equal(response.body.error.type, 'authentication_error');
  });

  test('a v1 token is refused on v2 with its own code', async () => {
    await expectError('/v2/me', '42|aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5o', 401, 'token_wrong_version');
  });

  test('a revoked token is 401 token_revoked', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company);
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    await revokeToken(app.db, token.id);
    await expectError('/v2/me', token.token, 401, 'token_revoked');
  });

  test('an expired token is 401 token_expired; one expiring later works', async () => {
    const company = await make.companyWithTokens(app.db);
    const expired = await make.tokenFor(app.db, company, { expiresAt: new Date(Date.now() + 60_000) });
    // A token cannot be created expired; its expiry passing is what happens to it.
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.id).execute();
    await expectError('/v2/me', expired.token, 401, 'token_expired');
    const later = await make.tokenFor(app.db, company, { expiresAt: new Date(Date.now() + 3_600_000) });
    const me = await app.get('/v2/me', later.token);
    assert.equal(me.status, 200);
    assert.equal(me.body.expires_at, later.expires_at);
  });
});

describe('the company and the person behind the token, checked live', () => {
  test('a company moved off automate gets 403 plan_not_allowed, and back on works again', async () => {
    const company = await make.companyWithTokens(app.db);
    await setCompanyPlan(app.db, company.id, 'grow');
    const response = await expectError('/v2/company', company.live, 403, 'plan_not_allowed');
    assert.equal(response.body.error.type, 'permission_error');
    await setCompanyPlan(app.db, company.id, 'automate');
    assert.equal((await app.get('/v2/company', company.live)).status, 200);
  });

  test('when the owner leaves the company, their tokens stop working (401 token_owner_removed)', async () => {
    const company = await make.companyWithTokens(app.db);
    await createUser(app.db, { companyId: company.id, email: 'second@example.com', role: 'admin' });
    const theirs = await make.tokenFor(app.db, company, { ownerEmail: 'second@example.com' });
    await removeUser(app.db, company.id, 'second@example.com');
    await expectError('/v2/me', theirs.token, 401, 'token_owner_removed');
    assert.equal((await app.get('/v2/me', company.live)).status, 200, "another admin's token is unaffected");
    // Coming back does not bring the old tokens back.
    await createUser(app.db, { companyId: company.id, email: 'second@example.com', role: 'admin' });
    await expectError('/v2/me', theirs.token, 401, 'token_revoked');
  });

  test('an owner demoted to member keeps read scopes but loses webhooks:manage (403 owner_role_not_allowed)', async () => {
    const company = await make.companyWithTokens(app.db);
    assert.equal((await app.get('/v2/webhook-endpoints', company.live)).status, 200);
    await setUserRole(app.db, company.id, company.adminEmail, 'member');
    const response = await expectError('/v2/webhook-endpoints', company.live, 403, 'owner_role_not_allowed');
    assert.equal(response.body.error.required_scope, 'webhooks:manage');
    assert.equal((await app.get('/v2/allocations', company.live)).status, 200);
    await setUserRole(app.db, company.id, company.adminEmail, 'admin');
    assert.equal((await app.get('/v2/webhook-endpoints', company.live)).status, 200);
  });
});

describe('IP allowlist', () => {
  test('a caller outside the allowlist gets 403 ip_not_allowed naming its address', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company, { ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'] });
    const response = await expectError('/v2/me', token.token, 403, 'ip_not_allowed');
    assert.match(response.body.error.message, /127\.0\.0\.1/);
  });

  test('a caller inside an IPv4 range, or matching a single address, is let through', async () => {
    const company = await make.companyWithTokens(app.db);
    const range = await make.tokenFor(app.db, company, { ipAllowlist: ['10.0.0.0/8', '127.0.0.0/8'] });
    assert.equal((await app.get('/v2/me', range.token)).status, 200);
    const single = await make.tokenFor(app.db, company, { ipAllowlist: ['127.0.0.1'] });
    const me = await app.get('/v2/me', single.token);
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.ip_allowlist, ['127.0.0.1']);
  });

  test('an IPv4-mapped IPv6 rule matches an IPv4 caller', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company, { ipAllowlist: ['::ffff:127.0.0.0/104'] });
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
  });

  test('X-Forwarded-For counts only behind a trusted proxy', async () => {
    const company = await make.companyWithTokens(proxied.db);
    const token = await make.tokenFor(proxied.db, company, { ipAllowlist: ['203.0.113.0/24'] });
    const viaProxy = await proxied.get('/v2/me', token.token, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal(viaProxy.status, 200, viaProxy.text);
    const outside = await proxied.get('/v2/me', token.token, { 'x-forwarded-for': '198.51.100.9' });
    assert.equal(outside.status, 403);
    assert.match(outside.body.error.message, /198\.51\.100\.9/);

    // Without a trusted proxy the header is the caller's word only, and is ignored.
    const direct = await make.companyWithTokens(app.db);
    const directToken = await make.tokenFor(app.db, direct, { ipAllowlist: ['203.0.113.0/24'] });
    const spoofed = await app.get('/v2/me', directToken.token, { 'x-forwarded-for': '203.0.113.7' });
    assert.equal(spoofed.status, 403);
  });
});

describe('modes', () => {
  test('GET /me tells live from test, and a test token sees only test totals', async () => {
    const company = await make.companyWithTokens(app.db);
    const prj = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, prj), { trees: 7, livemode: true });
    const live = await app.get('/v2/me', company.live);
    const testMode = await app.get('/v2/me', company.test);
    assert.equal(live.body.livemode, true);
    assert.equal(testMode.body.livemode, false);
    assert.equal((await app.get('/v2/company', company.live)).body.trees.total, 7);
    assert.equal((await app.get('/v2/company', company.test)).body.trees.total, 0);
  });
});
