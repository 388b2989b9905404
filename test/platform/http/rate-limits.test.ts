import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { buildApp } from '../../../src/app.ts';
import { executeCommand } from '../../../src/cli/command.ts';
import { databaseCommands, findCommand } from '../../../src/cli/commands.ts';
import { loadConfig } from '../../../src/config.ts';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { createRequestCounters } from '../../../src/platform/http/rate-limit.ts';
import { setCompanyRateLimits } from '../../../src/operator/companies.ts';
import { startTestApp, TEST_SECRET_KEY, type TestResponse } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The API's rate limits (issue 12, spec section 8) over real HTTP: which requests count
 * against which limit, the 429 and its Retry-After, the headers on every answer, a 429
 * never stored under an Idempotency-Key, the operator's overrides, and, on PostgreSQL,
 * counters shared by two servers. Each test uses companies of its own, so their counters
 * start at zero; every limit's window is a minute, far longer than a test.
 */

const LIMITS = { RATE_LIMIT_PER_TOKEN_PER_MINUTE: '6', RATE_LIMIT_PER_COMPANY_PER_MINUTE: '10', RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '3' };
// Loopback is a trusted proxy here, so a test can come from an address of its own with X-Forwarded-For.
const app = await startTestApp({ ...LIMITS, PUBLIC_PAGE_REQUESTS_PER_MINUTE: '3', TRUSTED_PROXIES: '127.0.0.1' });
const POLICY = '"per_token_per_minute";q=6;w=60, "per_company_per_minute";q=10;w=60, "writes_per_company_per_minute";q=3;w=60';

/**
 * The rate limit headers of an answer: RateLimit's items by name (requests left, seconds
 * to the window's end), and the X-RateLimit-* fields, checked to describe the item
 * closest to running out.
 */
function limitHeaders(response: TestResponse) {
  const field = response.headers.get('ratelimit') ?? '';
  const items = new Map<string, { remaining: number; reset: number }>();
  for (const item of field.split(', ')) {
    const match = /^"([a-z_]+)";r=(\d+);t=(\d+)$/.exec(item);
    assert.ok(match, `RateLimit: "${field}" (status ${response.status})`);
    const [, name = '', r = '', t = ''] = match;
    assert.ok(Number(t) >= 1 && Number(t) <= 60, `t=${t}`);
    items.set(name, { remaining: Number(r), reset: Number(t) });
  }
  const limit = Number(response.headers.get('x-ratelimit-limit'));
  const remaining = Number(response.headers.get('x-ratelimit-remaining'));
  // X-RateLimit-Reset is a point in time (Unix seconds, as GitHub writes it); RateLimit's t is seconds from now.
  const reset = Number(response.headers.get('x-ratelimit-reset')) - Math.floor(Date.now() / 1000);
  const fewestLeft = Math.min(...[...items.values()].map((item) => item.remaining));
  assert.equal(remaining, fewestLeft, 'X-RateLimit-Remaining is that of the limit closest to running out');
  const closest = [...items].filter(([, item]) => item.remaining === fewestLeft && Math.abs(item.reset - reset) <= 1).map(([name]) => name);
  assert.ok(closest.length > 0, `X-RateLimit-Reset (${reset} s from now) is when that limit resets: ${field}`);
  return { items: Object.fromEntries(items), closest, limit, remaining, reset, policies: response.headers.get('ratelimit-policy') };
}

const left = (response: TestResponse) => Object.fromEntries(Object.entries(limitHeaders(response).items).map(([name, item]) => [name, item.remaining]));

function assertRateLimited(response: TestResponse, limit: string) {
  assert.equal(response.status, 429, response.text);
  assert.equal(response.body.error.type, 'rate_limit_error');
  assert.equal(response.body.error.code, 'rate_limited');
  assert.equal(response.body.error.limit, limit);
  assert.equal(response.body.error.param, null);
  assert.match(response.body.error.message, new RegExp(`\\(${limit}\\)\\. Retry after \\d+ seconds?\\.$`));
  const retryAfter = Number(response.headers.get('retry-after'));
  const headers = limitHeaders(response);
  assert.equal(headers.items[limit]?.remaining, 0, 'RateLimit shows the limit that refused with nothing left');
  assert.deepEqual([headers.closest.includes(limit), headers.remaining], [true, 0], 'X-RateLimit-* describe it');
  assert.equal(retryAfter, headers.items[limit]?.reset, 'Retry-After is when that limit resets, in whole seconds');
  return retryAfter;
}

const deleteUnknownRecipient = (token: string) => app.request('DELETE', `/v2/recipients/rcp_${randomAlphanumeric(24)}`, { token });

describe('limits per token and per company', () => {
  test('a token gets 6 requests a minute; each answer says how many are left; the 7th is 429 naming per_token_per_minute', async () => {
    const company = await make.companyWithTokens(app.db);
    for (let i = 1; i <= 6; i++) {
      const response = await app.get('/v2/me', company.live);
      assert.equal(response.status, 200);
      const headers = limitHeaders(response);
      assert.equal(headers.policies, POLICY, 'RateLimit-Policy lists every limit in force');
      assert.deepEqual(left(response), { per_token_per_minute: 6 - i, per_company_per_minute: 10 - i }, `request ${i}: a read counts against two limits`);
      // 6 per token against 10 per company: the token's limit is the nearer.
      assert.deepEqual([headers.closest, headers.limit, headers.remaining], [['per_token_per_minute'], 6, 6 - i], `request ${i}`);
    }
    const refused = await app.get('/v2/me', company.live);
    assertRateLimited(refused, 'per_token_per_minute');
    assert.match(refused.body.error.message, /^This API token has made its 6 requests of this minute/);
    assert.equal(refused.headers.get('ratelimit-policy'), POLICY);
    assert.equal(refused.headers.get('request-id'), refused.body.error.request_id);
  });

  test("a company's tokens count together; a token refused by its own limit does not use up the company's", async () => {
    const company = await make.companyWithTokens(app.db);
    const second = (await make.tokenFor(app.db, company)).token;
    for (let i = 0; i < 6; i++) assert.equal((await app.get('/v2/me', company.live)).status, 200);
    // Refused requests count nothing: these leave the company at 6 of 10.
    for (let i = 0; i < 3; i++) assertRateLimited(await app.get('/v2/me', company.live), 'per_token_per_minute');

    const first = await app.get('/v2/me', second);
    assert.equal(first.status, 200);
    assert.deepEqual(left(first), { per_token_per_minute: 5, per_company_per_minute: 3 }, 'the company has 3 left, the new token 5');
    assert.deepEqual([limitHeaders(first).closest, limitHeaders(first).limit], [['per_company_per_minute'], 10]);
    assert.equal((await app.get('/v2/me', company.test)).status, 200, 'test tokens count with the live ones');
    assert.equal((await app.get('/v2/me', second)).status, 200);
    const last = await app.get('/v2/me', second);
    assert.equal(last.status, 200);
    assert.deepEqual(left(last), { per_token_per_minute: 3, per_company_per_minute: 0 }, 'the 10th of the company');
    const refused = await app.get('/v2/me', second);
    assertRateLimited(refused, 'per_company_per_minute');
    assert.match(refused.body.error.message, /^The company's API tokens together have made their 10 requests/);
  });

  test("one company's traffic never limits another's", async () => {
    const busy = await make.companyWithTokens(app.db);
    const quiet = await make.companyWithTokens(app.db);
    for (let i = 0; i < 6; i++) await app.get('/v2/me', busy.live);
    assertRateLimited(await app.get('/v2/me', busy.live), 'per_token_per_minute');
    const other = await app.get('/v2/me', quiet.live);
    assert.equal(other.status, 200);
    assert.deepEqual(left(other), { per_token_per_minute: 5, per_company_per_minute: 9 });
  });

  test('errors after authentication carry the headers and count; refusals of authentication do neither', async () => {
    const company = await make.companyWithTokens(app.db);
    const notFound = await app.get('/v2/allocations/alloc_unknown', company.live);
    assert.equal(notFound.status, 404);
    assert.deepEqual(left(notFound), { per_token_per_minute: 5, per_company_per_minute: 9 });
    const invalid = await app.get('/v2/allocations?limit=1000', company.live);
    assert.equal(invalid.status, 400);
    assert.deepEqual(left(invalid), { per_token_per_minute: 4, per_company_per_minute: 8 });

    const unauthenticated = await app.get('/v2/me', 'canopy_live_00000000000000000000000000000000');
    assert.equal(unauthenticated.status, 401);
    assert.equal(unauthenticated.headers.get('ratelimit'), null);
    assert.equal(unauthenticated.headers.get('x-ratelimit-remaining'), null);
    const narrow = await make.tokenFor(app.db, company, { scopes: ['company:read'] });
    const forbidden = await app.get('/v2/allocations', narrow.token);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.headers.get('ratelimit'), null);
    assert.deepEqual(left(await app.get('/v2/me', company.live)), { per_token_per_minute: 3, per_company_per_minute: 7 });
    assert.deepEqual(left(await app.get('/v2/me', narrow.token)), { per_token_per_minute: 5, per_company_per_minute: 6 }, 'its 403 did not count');
  });
});

describe('the writes limit', () => {
  test('counts POST, PATCH and DELETE only, on top of the other two', async () => {
    const company = await make.companyWithTokens(app.db);
    for (let i = 0; i < 2; i++) assert.equal((await app.get('/v2/recipients', company.live)).status, 200);
    const firstWrite = await deleteUnknownRecipient(company.live);
    assert.equal(firstWrite.status, 404, 'a write refused by the endpoint still counts');
    assert.deepEqual(left(firstWrite), { per_token_per_minute: 3, per_company_per_minute: 7, writes_per_company_per_minute: 2 }, 'a write counts against all three');
    assert.deepEqual(limitHeaders(firstWrite).closest, ['writes_per_company_per_minute']);
    assert.equal((await app.request('PATCH', `/v2/recipients/rcp_${randomAlphanumeric(24)}`, { token: company.live, body: {} })).status, 404);
    assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 1 } })).status, 200);

    const refused = await deleteUnknownRecipient(company.live);
    assertRateLimited(refused, 'writes_per_company_per_minute');
    assert.match(refused.body.error.message, /made their 3 writes \(POST, PATCH and DELETE requests\)/);
    const read = await app.get('/v2/recipients', company.live);
    assert.equal(read.status, 200, 'reads go on');
    // The live token: 2 reads, 2 writes and this read of its 6 (the POST was the test token's).
    assert.deepEqual(left(read), { per_token_per_minute: 1, per_company_per_minute: 4 }, 'a read does not show the writes limit');
  });

  test('a 429 is never stored under an Idempotency-Key: once allowed, the same key runs the request for real', async () => {
    const company = await make.companyWithTokens(app.db);
    await setCompanyRateLimits(app.db, company.id, { writesPerCompanyPerMinute: 1 });
    const create = (key: string) =>
      app.request('POST', '/v2/test_helpers/allocations', { token: company.test, headers: { 'idempotency-key': key }, body: { trees: 5 } });
    assert.equal((await create('first')).status, 200);
    assertRateLimited(await create('second'), 'writes_per_company_per_minute');
    // The limiter runs before idempotency: even a replay of a stored answer is refused while the limit is used up.
    assertRateLimited(await create('first'), 'writes_per_company_per_minute');
    const stored = await app.db.selectFrom('idempotency_keys').select('key').where('company_id', '=', company.id).execute();
    assert.deepEqual(stored.map((row) => row.key), ['first'], 'the refused key was never claimed');

    await setCompanyRateLimits(app.db, company.id, { writesPerCompanyPerMinute: 10 });
    const ran = await create('second');
    assert.equal(ran.status, 200);
    assert.equal(ran.headers.get('idempotent-replayed'), null, 'it ran, it was not replayed');
    const replayed = await create('second');
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
    assert.equal(replayed.body.id, ran.body.id);
    assert.ok(replayed.headers.get('ratelimit'), 'a replayed answer carries the headers too');
  });
});

describe("a company's own limits", () => {
  const setLimits = (args: string[]) => {
    const found = findCommand(databaseCommands, ['companies', 'set-limits', ...args]);
    assert.ok(found);
    return executeCommand(found.spec, { db: app.db, baseUrl: app.baseUrl }, found.args);
  };

  test('canopy companies set-limits applies to the next request, and GET /v2/me shows the values in force', async () => {
    const company = await make.companyWithTokens(app.db);
    const before = await app.get('/v2/me', company.live);
    assert.deepEqual(before.body.rate_limits, { per_token_per_minute: 6, per_company_per_minute: 10, writes_per_company_per_minute: 3 });

    const set = await setLimits([company.id, '--per-token', '3', '--writes', '50', '--json']);
    assert.equal(set.exitCode, 0, set.output);
    assert.deepEqual(JSON.parse(set.output).rate_limits, { per_token_per_minute: 3, per_company_per_minute: null, writes_per_company_per_minute: 50 });
    const me = await app.get('/v2/me', company.live);
    assert.deepEqual(me.body.rate_limits, { per_token_per_minute: 3, per_company_per_minute: 10, writes_per_company_per_minute: 50 });
    assert.equal(me.headers.get('ratelimit-policy'), '"per_token_per_minute";q=3;w=60, "per_company_per_minute";q=10;w=60, "writes_per_company_per_minute";q=50;w=60');
    // `before` and `me` used 2 of the token's 3.
    assert.equal(limitHeaders(me).remaining, 1);
    assert.equal((await app.get('/v2/me', company.live)).status, 200);
    assertRateLimited(await app.get('/v2/me', company.live), 'per_token_per_minute');

    const back = await setLimits([company.id, '--per-token', 'default']);
    assert.equal(back.exitCode, 0, back.output);
    assert.match(back.output, /per token\s+default \(RATE_LIMIT_PER_TOKEN_PER_MINUTE\)/);
    assert.match(back.output, /writes per company\s+50/);
    const again = await app.get('/v2/me', company.live);
    assert.equal(again.status, 200, 'back to 6 a minute: the 4th request passes');
    assert.equal(again.body.rate_limits.per_token_per_minute, 6);
  });

  test('set-limits refuses what is not a limit', async () => {
    const company = await make.companyWithTokens(app.db);
    for (const [args, message] of [
      [[company.id], /Give --per-token, --per-company or --writes/],
      [[company.id, '--writes', '0'], /from 1 to 1000000 \(got 0\)/],
      [[company.id, '--writes', 'lots'], /--writes takes a whole number of requests a minute, or "default"/],
      [['cmp_nonexistent', '--writes', '5'], /No company cmp_nonexistent/],
    ] as const) {
      const result = await setLimits([...args]);
      assert.equal(result.exitCode, 1);
      assert.match(result.output, message);
    }
  });
});

describe('the public pages', () => {
  const from = (address: string, path: string) => fetch(`${app.baseUrl}${path}`, { headers: { 'x-forwarded-for': address }, redirect: 'manual' });

  test('an address gets 3 claim pages, certificate pages and downloads a minute together (configured), then 429 with Retry-After', async () => {
    const visitor = '203.0.113.7';
    assert.equal((await from(visitor, '/gift')).status, 200);
    assert.equal((await from(visitor, `/certificates/cert_${randomAlphanumeric(24)}`)).status, 404);
    assert.equal((await from(visitor, `/certificates/cert_${randomAlphanumeric(24)}/download?expires=1&signature=x`)).status, 403);
    for (const path of [`/certificates/cert_${randomAlphanumeric(24)}?lang=nl`, '/gift/ABCD-EFGH-JKLM?lang=nl']) {
      const refused = await from(visitor, path);
      assert.equal(refused.status, 429, path);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      assert.match(refused.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await refused.text(), /Te veel verzoeken[\s\S]*over 1 minuut opnieuw/);
    }

    assert.equal((await from('203.0.113.8', '/gift')).status, 200, 'another address is not held up');
    const api = await make.companyWithTokens(app.db);
    const me = await fetch(`${app.baseUrl}/v2/me`, { headers: { 'x-forwarded-for': visitor, authorization: `Bearer ${api.live}` } });
    assert.equal(me.status, 200, 'nor is the API from that address: its limits are per token and company');
  });
});

describe('the counters', () => {
  const stores = [{ name: 'in memory', shared: false }, ...(process.env.DATABASE_URL ? [{ name: 'in PostgreSQL', shared: true }] : [])];
  for (const store of stores) {
    test(`${store.name}: all or none are counted, and a window that ended starts again`, async () => {
      const counters = createRequestCounters(app.db, { windowSeconds: 1, shared: store.shared });
      const id = randomAlphanumeric(8);
      const quotas = [{ key: `t_token:${id}`, limit: 2 }, { key: `t_company:${id}`, limit: 3 }];
      assert.deepEqual(await counters.countIfAllowed([]), { allowed: true, states: [] }, 'no quotas, nothing to count');
      const first = await counters.countIfAllowed(quotas);
      assert.equal(first.allowed, true);
      assert.deepEqual(first.states.map((state) => state.used), [1, 1]);
      assert.ok(first.states.every((state) => state.msLeft > 0 && state.msLeft <= 1000), JSON.stringify(first.states));
      assert.deepEqual((await counters.countIfAllowed(quotas)).states.map((state) => state.used), [2, 2]);
      const refused = await counters.countIfAllowed(quotas);
      assert.equal(refused.allowed, false);
      assert.deepEqual(refused.states.map((state) => state.used), [2, 2], 'the company counter did not count the refused request');
      const other = await counters.countIfAllowed([{ key: `t_other:${id}`, limit: 3 }, quotas[1]!]);
      assert.deepEqual([other.allowed, other.states.map((state) => state.used)], [true, [1, 3]]);

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await counters.countIfAllowed(quotas);
      assert.deepEqual([again.allowed, again.states.map((state) => state.used)], [true, [1, 1]], 'a new window');
    });
  }
});

describe('leased counters, on PostgreSQL', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  const counted = async (key: string) => (await app.db.selectFrom('rate_limits').select('points').where('key', '=', key).executeTakeFirst())?.points;

  test('a process takes requests in blocks, counts each one it hands out, and never hands out more than the limit', async () => {
    const key = `t_lease:${randomAlphanumeric(8)}`;
    const first = createRequestCounters(app.db, { windowSeconds: 60, shared: true });
    const reported: number[] = [];
    for (let i = 0; i < 16; i++) reported.push((await first.countIfAllowed([{ key, limit: 1000 }])).states[0]!.used);
    assert.deepEqual(reported, Array.from({ length: 16 }, (_, i) => i + 1), 'each request counted, as this process sees it');
    assert.equal(await counted(key), 16, 'one block of 16 taken from the row');
    await first.countIfAllowed([{ key, limit: 1000 }]);
    assert.equal(await counted(key), 32, 'the 17th request takes the next block');

    // Two processes sharing a limit of 20: blocks shrink as it nears, and 20 pass, not one more.
    const shared = `t_shared:${randomAlphanumeric(8)}`;
    const processes = [createRequestCounters(app.db, { windowSeconds: 60, shared: true }), createRequestCounters(app.db, { windowSeconds: 60, shared: true })];
    let allowed = 0;
    for (let i = 0; i < 40; i++) if ((await processes[i % 2]!.countIfAllowed([{ key: shared, limit: 20 }])).allowed) allowed += 1;
    assert.equal(allowed, 20);
    assert.equal(await counted(shared), 20);
  });

  test('at once, from two processes: never past the limit, and one reservation per counter at a time', async () => {
    const processes = [createRequestCounters(app.db, { windowSeconds: 60, shared: true }), createRequestCounters(app.db, { windowSeconds: 60, shared: true })];
    const shared = `t_burst:${randomAlphanumeric(8)}`;
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => processes[i % 2]!.countIfAllowed([{ key: shared, limit: 20 }])));
    const allowed = burst.filter((answer) => answer.allowed).length;
    assert.ok(allowed <= 20 && (await counted(shared))! <= 20, `${allowed} allowed, ${await counted(shared)} counted, of a limit of 20`);
    assert.ok(allowed >= 20 - 2, `${allowed} allowed: at most one unused unit per process is left over`);

    const wide = `t_wide:${randomAlphanumeric(8)}`;
    await Promise.all(Array.from({ length: 50 }, () => processes[0]!.countIfAllowed([{ key: wide, limit: 100_000 }])));
    const points = (await counted(wide))!;
    assert.ok(points >= 50 && points < 50 + 16, `50 requests at once took ${points}: one lease at a time, so fewer than 16 unused`);
  });

  test('a refused request gives back what it took from a lease', async () => {
    const id = randomAlphanumeric(8);
    const company = { key: `t_company:${id}`, limit: 1000 };
    const counters = createRequestCounters(app.db, { windowSeconds: 60, shared: true });
    assert.equal((await counters.countIfAllowed([{ key: `t_token:${id}`, limit: 1 }, company])).allowed, true);
    const refused = await counters.countIfAllowed([{ key: `t_token:${id}`, limit: 1 }, company]);
    assert.equal(refused.allowed, false);
    assert.deepEqual(refused.states.map((state) => state.used), [1, 1], 'the company counter did not count the refused request');
    const next = await counters.countIfAllowed([{ key: `t_other:${id}`, limit: 1 }, company]);
    assert.deepEqual(next.states.map((state) => state.used), [1, 2]);
  });
});

describe('on PostgreSQL', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  let second: { close: () => Promise<void>; baseUrl: string } | undefined;
  after(async () => second?.close());

  test('two servers on one database count together, in one row per counter', async () => {
    const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: 'http://canopy.test', ...LIMITS });
    const other = await buildApp({ config: { ...config, secretKey: config.secretKey ?? TEST_SECRET_KEY }, db: app.db, logger: false });
    await other.listen({ host: '127.0.0.1', port: 0 });
    const address = other.server.address();
    assert.ok(address && typeof address !== 'string');
    second = { close: () => other.close(), baseUrl: `http://127.0.0.1:${address.port}` };

    const company = await make.companyWithTokens(app.db);
    const onSecond = (token: string) => fetch(`${second?.baseUrl}/v2/me`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i++) {
      assert.equal((await app.get('/v2/me', company.live)).status, 200);
      assert.equal((await onSecond(company.live)).status, 200);
    }
    assert.equal((await onSecond(company.live)).status, 429, 'the 7th request of the token, whichever server has it');
    assertRateLimited(await app.get('/v2/me', company.live), 'per_token_per_minute');
    await deleteUnknownRecipient(company.test);

    const rows = await app.db.selectFrom('rate_limits').select(['key', 'points']).where('key', 'like', `api_%:${company.id}`).orderBy('key').execute();
    assert.deepEqual(rows, [{ key: `api_company:${company.id}`, points: 7 }, { key: `api_writes:${company.id}`, points: 1 }]);
  });
});
