import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { hashSecret } from '../../../src/core/secrets.ts';
import { authChanged } from '../../../src/db/notifications.ts';
import { removeUser, setUserRole } from '../../../src/operator/users.ts';
import { createUser } from '../../../src/operator/users.ts';
import { type CreateTokenInput, createToken, listTokens, type RollOverlap, revokeToken, rollToken, TokenRefused } from '../../../src/modules/tokens/service.ts';
import type { Actor } from '../../../src/platform/dashboard/audit.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * API tokens as the dashboard makes them (issue 25; spec section 5), through the tokens
 * feature's service and real HTTP: the API answers every token exactly as its row says, at
 * once, with the token cache warm.
 */
const app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1/32' });

/** A company on automate with two admins and a member, by id. */
async function company(plan: 'automate' | 'grow' = 'automate') {
  const made = await make.companyWithTokens(app.db, { plan });
  const admin = await app.db.selectFrom('users').select('id').where('company_id', '=', made.id).executeTakeFirstOrThrow();
  const second = await createUser(app.db, { companyId: made.id, email: `second-${made.id}@example.com`, name: 'Bo Second', role: 'admin' });
  const member = await createUser(app.db, { companyId: made.id, email: `member-${made.id}@example.com`, name: 'Mo Member', role: 'member' });
  return { id: made.id, adminEmail: made.adminEmail, adminId: admin.id, secondId: second.id, secondEmail: second.email, memberId: member.id, memberEmail: member.email };
}

type Company = Awaited<ReturnType<typeof company>>;

/** A person of the company in the dashboard, as the audit log names them. */
const as = (c: Company, userId = c.adminId): Actor => ({ companyId: c.id, userId, email: null, ip: '127.0.0.1' });
const operatorOf = (c: Company): Actor => ({ companyId: c.id, userId: null, email: null, ip: null });

type CreateOptions = Partial<CreateTokenInput> & { actor?: Actor };

/** A token made in the dashboard by its owner (the company's first admin unless said). */
function create(c: Company, options: CreateOptions = {}) {
  const { actor, ...input } = options;
  const owner = input.ownerUserId ?? c.adminId;
  return createToken(app.db, actor ?? as(c, owner), { ownerUserId: owner, scopes: 'all', livemode: true, name: 'Shop sync', ...input });
}

/** Rolled in the dashboard by `by` (the first admin unless said), who owns the new value. */
function roll(c: Company, tokenId: string, overlap: RollOverlap, options: { by?: string; actor?: Actor } = {}) {
  const by = options.by ?? c.adminId;
  return rollToken(app.db, options.actor ?? as(c, by), { tokenId, ownerUserId: by, overlap });
}

const revoke = (c: Company, tokenId: string) => revokeToken(app.db, as(c), tokenId);

async function refusal(promise: Promise<unknown>): Promise<TokenRefused> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenRefused) return error;
    throw error;
  }
  assert.fail('was not refused');
}

/**
 * A write by another process (straight SQL here) reaches this process's token cache through
 * the database's NOTIFY: before the statement returns on PGlite, a moment after the commit
 * on PostgreSQL. So the answer is awaited, up to a bound that says something is wrong.
 */
async function eventually<T>(probe: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const answer = await probe();
    if (done(answer) || Date.now() - started > 2000) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const me = (token: string, ip?: string) => app.get('/v2/me', token, ip ? { 'x-forwarded-for': ip } : {});
const code = (response: { status: number; body: { error?: { code: string } } }) => [response.status, response.body.error?.code ?? null];

describe('last use', () => {
  test('is written with the address, at most once a minute per token, never a write per request', async () => {
    const c = await company();
    const { token, value } = await create(c);
    assert.equal(token.last_used_at, null);
    await sql`CREATE TABLE IF NOT EXISTS test_token_writes (token_id text)`.execute(app.db);
    await sql`CREATE OR REPLACE FUNCTION test_count_token_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_token_writes VALUES (NEW.id); RETURN NULL; END; $$`.execute(app.db);
    await sql`CREATE OR REPLACE TRIGGER test_token_writes AFTER UPDATE ON api_tokens FOR EACH ROW EXECUTE FUNCTION test_count_token_write()`.execute(app.db);
    const writes = async () =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_token_writes WHERE token_id = ${token.id}`.execute(app.db)).rows[0]?.n);

    for (let i = 0; i < 20; i++) assert.equal((await me(value, i === 0 ? '203.0.113.7' : '198.51.100.9')).status, 200);
    assert.equal(await writes(), 1, 'twenty requests in a minute: one write');
    let listed = (await listTokens(app.db, c.id)).find((t) => t.id === token.id)!;
    assert.equal(listed.last_used_ip, '203.0.113.7', 'the address of the request that wrote the time');
    assert.ok(Date.now() - Date.parse(listed.last_used_at!) < 10_000);

    // A minute later (moved in the database, and this process's cache told, as the service tells it of its own writes).
    await app.db.updateTable('api_tokens').set({ last_used_at: new Date(Date.now() - 61_000) }).where('id', '=', token.id).execute();
    authChanged(app.db);
    assert.equal((await me(value, '2001:db8::5')).status, 200);
    assert.equal((await me(value, '198.51.100.9')).status, 200);
    listed = (await listTokens(app.db, c.id)).find((t) => t.id === token.id)!;
    assert.equal(listed.last_used_ip, '2001:db8::5');
    assert.equal(await writes(), 3, 'the move, and one more write');
    await sql`DROP TRIGGER test_token_writes ON api_tokens`.execute(app.db);
  });

  test('another process that wrote it within the minute is not written over', async (t) => {
    const c = await company();
    const { token, value } = await create(c);
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    assert.equal((await me(value, '203.0.113.1')).status, 200, 'written, and remembered with its time');
    t.mock.timers.tick(61_000);
    // Meanwhile another process served the token and wrote its use (no news to this process's cache).
    await app.db.updateTable('api_tokens').set({ last_used_at: new Date(), last_used_ip: '192.0.2.1' }).where('id', '=', token.id).execute();
    assert.equal((await me(value, '203.0.113.2')).status, 200);
    const ipNow = async () => (await listTokens(app.db, c.id)).find((listed) => listed.id === token.id)!.last_used_ip;
    assert.equal(await ipNow(), '192.0.2.1', 'this process\'s remembered time was old, the row\'s was not');
    t.mock.timers.tick(61_000);
    assert.equal((await me(value, '203.0.113.3')).status, 200);
    assert.equal(await ipNow(), '203.0.113.3', 'a minute after the other process\'s write');
  });
});

describe('create', () => {
  test('an admin makes a token with name, scopes, mode, expiry and allowlist; its value works once shown and is never listed', async () => {
    const c = await company();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const { token, value } = await create(c, {
      name: '  Webshop  ', scopes: ['recipients:write', 'company:read', 'company:read'], livemode: false, expiresAt,
      ipAllowlist: ['203.0.113.0/24', ' 2001:db8::/32 ', '', '198.51.100.4'],
    });
    assert.match(value, /^canopy_test_[A-Za-z0-9]{32}$/);
    assert.deepEqual(
      [token.name, token.mode, token.scopes, token.expires_at, token.ip_allowlist, token.status, token.owner.email],
      ['Webshop', 'test', ['company:read', 'recipients:write'], expiresAt.toISOString(), ['203.0.113.0/24', '2001:db8::/32', '198.51.100.4'], 'active', c.adminEmail],
    );
    assert.deepEqual(code(await me(value)), [403, 'ip_not_allowed'], 'from 127.0.0.1');
    const ok = await me(value, '203.0.113.50');
    assert.equal(ok.status, 200);
    assert.deepEqual([ok.body.name, ok.body.livemode, ok.body.scopes], ['Webshop', false, ['company:read', 'recipients:write']]);
    assert.equal((await me(value, '2001:db8:1::1')).status, 200);

    const listed = JSON.stringify(await listTokens(app.db, c.id));
    assert.ok(!listed.includes(value) && !listed.includes(hashSecret(value)) && !listed.includes('token_hash'), 'neither the value nor its hash is listed');
  });

  test('bad input is refused with a code and the field, and nothing is made', async () => {
    const c = await company();
    const before = (await listTokens(app.db, c.id)).length;
    const cases: [CreateOptions, string, string, string[]][] = [
      [{ scopes: [] }, 'scopes_missing', 'scopes', []],
      [{ scopes: ['company:read', 'trees:plant'] }, 'scope_unknown', 'scopes', ['trees:plant']],
      [{ ipAllowlist: ['10.0.0.1', '10.0.0.300', '10.0.0.0/33', 'example.com'] }, 'allowlist_invalid', 'ip_allowlist', ['10.0.0.300', '10.0.0.0/33', 'example.com']],
      [{ ipAllowlist: Array.from({ length: 101 }, (_, i) => `10.0.${i}.1`) }, 'allowlist_too_long', 'ip_allowlist', []],
      [{ expiresAt: new Date(Date.now() - 1000) }, 'expiry_past', 'expires_at', []],
      [{ expiresAt: new Date('nonsense') }, 'expiry_invalid', 'expires_at', []],
      [{ name: '   ' }, 'name_invalid', 'name', []],
      [{ name: 'x'.repeat(101) }, 'name_invalid', 'name', []],
      [{ name: 'two\nlines' }, 'name_invalid', 'name', []],
      [{ ownerUserId: c.memberId }, 'owner_not_admin', 'owner', []],
    ];
    for (const [input, expectedCode, field, entries] of cases) {
      const refused = await refusal(create(c, input));
      assert.deepEqual([refused.code, refused.field, [...refused.entries]], [expectedCode, field, entries], JSON.stringify(input));
    }
    assert.equal((await listTokens(app.db, c.id)).length, before);
  });

  test('a removed person or someone of another company cannot own one', async () => {
    const c = await company();
    const other = await company();
    assert.equal((await refusal(create(c, { ownerUserId: other.adminId }))).code, 'owner_not_member');
    assert.equal((await refusal(create(c, { ownerUserId: c.secondId, actor: as(c) }))).code, 'owner_not_member', 'a person makes tokens as themselves');
    assert.equal((await create(c, { ownerUserId: c.secondId, actor: operatorOf(c) })).token.owner.id, c.secondId, 'the operator for any admin');
    await removeUser(app.db, c.id, c.secondEmail);
    assert.equal((await refusal(create(c, { ownerUserId: c.secondId }))).code, 'owner_not_member');
  });

  test('below automate the dashboard cannot make or roll one; the operator still can, and the API refuses it', async () => {
    const c = await company('grow');
    assert.equal((await refusal(create(c))).code, 'plan_not_allowed');
    const { token, value } = await create(c, { actor: operatorOf(c) });
    assert.deepEqual(code(await me(value)), [403, 'plan_not_allowed']);
    assert.equal((await refusal(roll(c, token.id, '1h'))).code, 'plan_not_allowed');
    // Revoking is always allowed.
    assert.equal((await revoke(c, token.id)).status, 'revoked');
  });
});

describe('the creator\'s live permissions', () => {
  test('lowering the creator to member makes writes 403 at once; removing them makes the token 401 at once', async () => {
    const c = await company();
    const { value } = await create(c, { ownerUserId: c.secondId });
    const write = () => app.request('DELETE', '/v2/recipients/rcp_000000000000000000000000', { token: value });
    assert.deepEqual(code(await write()), [404, 'resource_missing'], 'allowed, and nothing there');
    assert.equal((await app.get('/v2/company', value)).status, 200, 'remembered');

    // As the dashboard's team page would, in its own statement: only the database's trigger tells the cache.
    await app.db.updateTable('users').set({ role: 'member' }).where('id', '=', c.secondId).execute();
    assert.deepEqual(code(await eventually(write, (answer) => answer.status === 403)), [403, 'owner_role_not_allowed']);
    assert.equal((await app.get('/v2/company', value)).status, 200, 'reading is still allowed');

    await setUserRole(app.db, c.id, c.secondEmail, 'admin');
    assert.deepEqual(code(await write()), [404, 'resource_missing']);
    await removeUser(app.db, c.id, c.secondEmail);
    assert.deepEqual(code(await app.get('/v2/company', value)), [401, 'token_owner_removed']);
    const listed = (await listTokens(app.db, c.id)).find((t) => t.owner.id === c.secondId)!;
    assert.deepEqual([listed.status, listed.owner.removed], ['revoked', true]);
  });
});

describe('roll', () => {
  test('makes a new value with the same settings, owned by the person rolling; the old one works for the overlap, then is refused', async () => {
    const c = await company();
    const expiresAt = new Date(Date.now() + 90 * 86_400_000);
    const old = await create(c, { name: 'ERP', scopes: ['company:read', 'recipients:read'], livemode: false, expiresAt, ipAllowlist: ['127.0.0.1', '203.0.113.0/24'] });
    assert.equal((await me(old.value)).status, 200, 'the old value is remembered by the cache');

    const rolled = await roll(c, old.token.id, '1h', { by: c.secondId });
    assert.notEqual(rolled.value, old.value);
    assert.match(rolled.value, /^canopy_test_/);
    assert.deepEqual(
      [rolled.token.name, rolled.token.scopes, rolled.token.mode, rolled.token.expires_at, rolled.token.ip_allowlist, rolled.token.owner.email, rolled.token.rolled_from],
      ['ERP', ['company:read', 'recipients:read'], 'test', expiresAt.toISOString(), ['127.0.0.1', '203.0.113.0/24'], c.secondEmail, old.token.id],
    );

    const oldMe = await me(old.value);
    assert.equal(oldMe.status, 200, 'the old value works during the overlap');
    const overlapEnds = Date.parse(oldMe.body.expires_at);
    assert.ok(Math.abs(overlapEnds - (Date.now() + 3_600_000)) < 10_000, `GET /me tells the old value's end: ${oldMe.body.expires_at}`);
    assert.equal((await me(rolled.value)).body.owner.email, c.secondEmail);

    let list = await listTokens(app.db, c.id);
    const oldListed = list.find((t) => t.id === old.token.id)!;
    assert.deepEqual([oldListed.status, oldListed.rolled_to, oldListed.expires_at], ['expiring', rolled.token.id, new Date(overlapEnds).toISOString()]);
    assert.equal(list.find((t) => t.id === rolled.token.id)!.status, 'active');

    // The overlap ends (moved in the database: the trigger tells the cache).
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('id', '=', old.token.id).execute();
    assert.deepEqual(code(await eventually(() => me(old.value), (answer) => answer.status === 401)), [401, 'token_expired']);
    assert.equal((await me(rolled.value)).status, 200);
    list = await listTokens(app.db, c.id);
    assert.equal(list.find((t) => t.id === old.token.id)!.status, 'expired');
  });

  test('with no overlap the old value is refused on the next request; a token is rolled once', async () => {
    const c = await company();
    const old = await create(c);
    assert.equal((await me(old.value)).status, 200);
    const rolled = await roll(c, old.token.id, 'none');
    assert.deepEqual(code(await me(old.value)), [401, 'token_expired']);
    assert.equal((await me(rolled.value)).status, 200);
    assert.equal((await refusal(roll(c, old.token.id, '7d'))).code, 'token_not_active');
    // The new one can be rolled in turn, and a sooner expiry of its own stands.
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() + 60_000) }).where('id', '=', rolled.token.id).execute();
    await roll(c, rolled.token.id, '7d');
    const listed = (await listTokens(app.db, c.id)).find((t) => t.id === rolled.token.id)!;
    assert.ok(Date.parse(listed.expires_at!) < Date.now() + 61_000, 'not pushed out to seven days');
  });

  test('only an admin rolls; a revoked token, an unknown overlap and another company\'s token are refused', async () => {
    const c = await company();
    const other = await company();
    const { token } = await create(c);
    assert.equal((await refusal(roll(c, token.id, '1h', { by: c.memberId }))).code, 'owner_not_admin');
    assert.equal((await refusal(roll(c, token.id, '2h' as '1h'))).code, 'overlap_invalid');
    assert.equal((await refusal(roll(other, token.id, '1h'))).code, 'token_not_found');
    await revoke(c, token.id);
    assert.equal((await refusal(roll(c, token.id, '1h'))).code, 'token_not_active');
  });
});

describe('revoke', () => {
  test('stops the value at once, also the old value of a roll during its overlap; another company\'s id is not found', async () => {
    const c = await company();
    const other = await company();
    const { token, value } = await create(c);
    assert.equal((await me(value)).status, 200);
    const refused = await refusal(revoke(other, token.id));
    assert.equal(refused.code, 'token_not_found');
    assert.equal((await refusal(revokeToken(app.db, as(c, c.memberId), token.id))).code, 'owner_not_admin', 'a member cannot');
    assert.equal((await me(value)).status, 200, 'untouched');
    const revoked = await revoke(c, token.id);
    assert.deepEqual([revoked.status, revoked.revoked_at !== null], ['revoked', true]);
    assert.deepEqual(code(await me(value)), [401, 'token_revoked']);

    const old = await create(c);
    await roll(c, old.token.id, '7d');
    assert.equal((await me(old.value)).status, 200);
    await revoke(c, old.token.id);
    assert.deepEqual(code(await me(old.value)), [401, 'token_revoked']);
  });
});

describe('the list', () => {
  test('shows each token\'s name, mode, scopes, creator, times, last use and status, newest first, and only the company\'s', async () => {
    const c = await company();
    const other = await company();
    await create(other, { name: 'Not ours' });
    const active = await create(c, { name: 'Active', scopes: ['events:read'] });
    const expiring = await create(c, { name: 'Expiring', livemode: false });
    await roll(c, expiring.token.id, '24h', { by: c.secondId });
    const revoked = await create(c, { name: 'Revoked' });
    await revoke(c, revoked.token.id);
    const expired = await create(c, { name: 'Expired', expiresAt: new Date(Date.now() + 60_000) });
    await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('id', '=', expired.token.id).execute();
    await me(active.value, '203.0.113.8');

    const list = await listTokens(app.db, c.id);
    const mine = list.filter((t) => ['Active', 'Expiring', 'Revoked', 'Expired'].includes(t.name));
    assert.deepEqual(
      mine.map((t) => [t.name, t.mode, t.status, t.owner.name]),
      [['Expired', 'live', 'expired', 'Ada Admin'], ['Revoked', 'live', 'revoked', 'Ada Admin'], ['Expiring', 'test', 'active', 'Bo Second'], ['Expiring', 'test', 'expiring', 'Ada Admin'], ['Active', 'live', 'active', 'Ada Admin']],
    );
    const used = list.find((t) => t.id === active.token.id)!;
    assert.deepEqual([used.scopes, used.last_used_ip, used.owner.email], [['events:read'], '203.0.113.8', c.adminEmail]);
    assert.ok(!list.some((t) => t.name === 'Not ours'));
    for (const t of list) assert.match(t.display, /^canopy_(live|test)_[A-Za-z0-9]{4}\.\.\.[A-Za-z0-9]{4}$/);
  });
});

describe('the audit log', () => {
  test('holds every change with who made it, in its transaction, never the value or its hash', async () => {
    const c = await company();
    const made = await create(c, { name: 'Audited', scopes: ['events:read'] });
    const rolled = await roll(c, made.token.id, '1h', { by: c.secondId });
    await revoke(c, rolled.token.id);
    const byOperator = await create(c, { actor: operatorOf(c), name: 'From the CLI' });
    await refusal(create(c, { scopes: [] }));

    // The factory's two tokens, made by the operator, are there too.
    const entries = (await app.db.selectFrom('audit_log').selectAll().where('company_id', '=', c.id).where('action', 'like', 'token.%').execute())
      .filter((e) => ['Audited', 'From the CLI', 'Shop sync'].includes(String(e.details.name)));
    const summary = entries.map((e) => [e.action, e.target_id, e.user_id, e.details.name]).sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[3]).localeCompare(String(b[3])));
    assert.deepEqual(summary, [
      ['token.created', made.token.id, c.adminId, 'Audited'],
      ['token.created', byOperator.token.id, null, 'From the CLI'],
      ['token.revoked', rolled.token.id, c.adminId, 'Audited'],
      ['token.rolled', made.token.id, c.secondId, 'Audited'],
    ], 'a refused change leaves no entry');
    const rolledEntry = entries.find((e) => e.action === 'token.rolled')!;
    assert.deepEqual([rolledEntry.details.new_token_id, rolledEntry.details.overlap], [rolled.token.id, '1h']);
    const text = JSON.stringify(entries);
    for (const value of [made.value, rolled.value, byOperator.value]) {
      assert.ok(!text.includes(value) && !text.includes(hashSecret(value)) && !text.includes(value.slice(-12)), 'no value, no hash');
    }
  });
});
