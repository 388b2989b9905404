import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { setCompanyPlan, setCompanyRateLimits } from '../../../src/operator/companies.ts';
import { createToken, revokeToken } from '../../../src/operator/tokens.ts';
import { removeUser, setUserRole } from '../../../src/operator/users.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The API remembers what authenticating a token read (http/token-cache.ts); a token must
 * still stop working at once when it is revoked, expires, or its owner leaves or is
 * demoted, and a company's plan and limits apply to the next request.
 */
const app = await startTestApp();

/**
 * A write by another process: straight SQL, not an operator function, so this process
 * hears of it only through the database (the trigger's NOTIFY). PGlite calls back before
 * the statement returns; PostgreSQL delivers it over the LISTEN connection a moment after
 * the commit, so the answer is awaited, up to a bound that says something is wrong.
 */
async function untilAnswered(path: string, token: string, status: number) {
  const started = Date.now();
  for (;;) {
    const response = await app.get(path, token);
    if (response.status === status || Date.now() - started > 2000) return { response, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Revokes the token with the table's trigger off, so the database announces nothing, and
 * checks that the next request is still answered from the remembered row.
 */
async function revokedUnannounced(tokenId: string, path: string, token: string) {
  await sql`ALTER TABLE api_tokens DISABLE TRIGGER api_tokens_auth_changed`.execute(app.db);
  try {
    await app.db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
    assert.equal((await app.get(path, token)).status, 200, 'the remembered row answered: no query per request');
  } finally {
    await sql`ALTER TABLE api_tokens ENABLE TRIGGER api_tokens_auth_changed`.execute(app.db);
  }
}

describe('the token cache', () => {
  test('is used: a change the database does not announce is not seen until something is announced', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company);
    assert.equal((await app.get('/v2/me', token.token)).status, 200, 'read and remembered');
    await revokedUnannounced(token.id, '/v2/me', token.token);
    // Any announced change to a token, a person or a company empties it.
    await app.db.updateTable('companies').set({ updated_at: new Date() }).where('id', '=', company.id).execute();
    const { response } = await untilAnswered('/v2/me', token.token, 401);
    assert.equal(response.body.error.code, 'token_revoked');
  });

  test('serves the legacy v1 API too, with the same news: a v1 token revoked stops at once', async () => {
    const company = await make.companyWithTokens(app.db);
    const v1 = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
    assert.equal((await app.get('/v1/me', v1.token)).status, 200, 'read and remembered');
    await revokedUnannounced(v1.id, '/v1/me', v1.token);
    await app.db.updateTable('companies').set({ updated_at: new Date() }).where('id', '=', company.id).execute();
    const { response } = await untilAnswered('/v1/me', v1.token, 401);
    assert.deepEqual([response.status, response.body.message], [401, 'Unauthenticated: this token was revoked.']);
  });

  test('a token revoked by the operator stops working on the next request', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company);
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    await revokeToken(app.db, token.id);
    const refused = await app.get('/v2/me', token.token);
    assert.deepEqual([refused.status, refused.body.error.code], [401, 'token_revoked']);
  });

  test('a token revoked by another process stops working as soon as the commit is heard', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company);
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    await app.db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('id', '=', token.id).execute();
    const { response, ms } = await untilAnswered('/v2/me', token.token, 401);
    assert.equal(response.body.error?.code, 'token_revoked', `still answered ${response.status} ${ms} ms after the commit`);
  });

  test('an owner who leaves or is demoted: the next request is refused', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company, { scopes: ['recipients:write', 'company:read'] });
    assert.equal((await app.get('/v2/company', token.token)).status, 200);
    await setUserRole(app.db, company.id, company.adminEmail, 'member');
    const demoted = await app.request('DELETE', '/v2/recipients/rcp_000000000000000000000000', { token: token.token });
    assert.deepEqual([demoted.status, demoted.body.error.code], [403, 'owner_role_not_allowed']);
    await removeUser(app.db, company.id, company.adminEmail);
    const gone = await app.get('/v2/company', token.token);
    assert.deepEqual([gone.status, gone.body.error.code], [401, 'token_owner_removed']);
  });

  test('a token that expires stops working when it expires, with nothing announced', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company, { expiresAt: new Date(Date.now() + 1500) });
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await app.get('/v2/me', token.token);
    assert.deepEqual([expired.status, expired.body.error.code], [401, 'token_expired']);
  });

  test('a company\'s plan and rate limits apply to the next request', async () => {
    const company = await make.companyWithTokens(app.db);
    const token = await make.tokenFor(app.db, company);
    assert.equal((await app.get('/v2/me', token.token)).status, 200);
    await setCompanyRateLimits(app.db, company.id, { perTokenPerMinute: 777 });
    const me = await app.get('/v2/me', token.token);
    assert.match(JSON.stringify(me.body), /777/, 'GET /v2/me reports the new limit');
    await setCompanyPlan(app.db, company.id, 'grow');
    const refused = await app.get('/v2/me', token.token);
    assert.deepEqual([refused.status, refused.body.error.code], [403, 'plan_not_allowed']);
  });
});
