import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Canopy, CanopyApiError, CanopyConnectionError, type CanopyObject, createCanopy, ERROR_CODES, type ListItem } from '@canopy/client';
import { ERROR_CODES as SERVER_ERROR_CODES } from '../../src/core/errors.ts';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';
import { startProxy } from './proxy.ts';

/**
 * @canopy/client against a real Canopy: typed calls, the list iterator across pages, the
 * typed errors, and the retries of its fetch through a real proxy that drops connections:
 * a create whose answer was lost is sent again with the same Idempotency-Key and gives once,
 * a 409 request_in_progress is waited out, and the retries are bounded.
 */

const app = await startTestApp();
const proxy = await startProxy(app.baseUrl);
const fast = { initialDelayMs: 5, maxDelayMs: 20 };
const client = (apiKey: string, options: { language?: 'en' | 'nl'; maxRetries?: number } = {}) =>
  new Canopy({ apiKey, baseUrl: proxy.base, language: options.language, retry: { ...fast, maxRetries: options.maxRetries ?? 2 } });

describe('calls', () => {
  test('a typed call sends the bearer token and Accept-Language, and answers the object', async () => {
    const company = await make.companyWithTokens(app.db);
    proxy.behave(() => 'forward');
    const me = await client(company.live, { language: 'nl' }).get('/v2/me');
    assert.equal(me.object, 'token');
    assert.equal(me.livemode, true);
    assert.equal(proxy.log[0]?.headers.authorization, `Bearer ${company.live}`);
    assert.equal(proxy.log[0]?.headers['accept-language'], 'nl');
    assert.match(String(proxy.log[0]?.headers['user-agent']), /^canopy-client\/\d+\.\d+\.\d+ node\//);
    assert.equal(proxy.log[0]?.headers['idempotency-key'], undefined, 'a GET carries no key');
    assert.equal(createCanopy({ apiKey: company.test, baseUrl: app.baseUrl }).api !== undefined, true);
    assert.throws(() => new Canopy({ apiKey: '' }), /needs a v2 token/);
  });

  test('a create gets a key of its own per call; a key the caller chose is sent as it is', async () => {
    const { token } = await make.companyWithTrees(app.db, { trees: 10 });
    const canopy = client(token);
    proxy.behave(() => 'forward');
    const first = await canopy.post('/v2/recipients', { body: { trees: 1, external_reference: 'order-1' } });
    const second = await canopy.post('/v2/recipients', { body: { trees: 1, external_reference: 'order-2' } });
    const chosen = await canopy.post('/v2/recipients', { body: { trees: 1, external_reference: 'order-3' }, headers: { 'Idempotency-Key': 'order-3' } });
    const typed: CanopyObject<'Recipient'> = chosen;
    assert.equal(typed.object, 'recipient');
    const keys = proxy.log.map((entry) => entry.headers['idempotency-key']);
    assert.match(String(keys[0]), /^canopy-client-[0-9a-f-]{36}$/);
    assert.notEqual(keys[0], keys[1]);
    assert.equal(keys[2], 'order-3');
    assert.notEqual(first.id, second.id);
  });
});

describe('list', () => {
  test('iterates every object across pages with starting_after, in the order of the API, and stops when asked', async () => {
    const { company } = await make.companyWithTrees(app.db, { allocations: 7 });
    const all = (await app.get('/v2/allocations?limit=100', company.live)).body.data.map((row: { id: string }) => row.id);
    assert.equal(all.length, 7);
    proxy.behave(() => 'forward');
    const seen: string[] = [];
    for await (const allocation of client(company.live).list('/v2/allocations', { query: { limit: 2 } })) {
      const typed: ListItem<'/v2/allocations'> = allocation;
      assert.equal(typed.object, 'allocation');
      seen.push(allocation.id);
    }
    assert.deepEqual(seen, all);
    assert.equal(proxy.log.length, 4, 'four pages of two');
    assert.deepEqual(proxy.log.map((entry) => new URL(entry.path, 'http://x').searchParams.get('starting_after')), [null, all[1], all[3], all[5]]);

    proxy.behave(() => 'forward');
    let taken = 0;
    for await (const _ of client(company.live).list('/v2/allocations', { query: { limit: 2, status: 'planted' } })) if (++taken === 3) break;
    assert.equal(proxy.log.length, 2, 'breaking off asks for no more pages');
    assert.equal(new URL(proxy.log[0]!.path, 'http://x').searchParams.get('status'), 'planted');
  });

  test('a list under a path id takes it, and a list of one page is one request', async () => {
    const company = await make.companyWithTokens(app.db);
    const projectRow = await make.project(app.db);
    await make.allocation(app.db, company, await make.planting(app.db, projectRow));
    await make.verification(app.db, projectRow);
    proxy.behave(() => 'forward');
    const statements = [];
    for await (const statement of client(company.live).list('/v2/projects/{id}/verifications', { path: { id: projectRow.id } })) statements.push(statement);
    assert.equal(statements.length, 1);
    assert.equal(statements[0]?.project, projectRow.id);
    assert.equal(proxy.log.length, 1);
  });
});

describe('errors', () => {
  test('an error answer is a CanopyApiError with status, code, message, param, doc_url and the request id', async () => {
    const { company, token } = await make.companyWithTrees(app.db, { trees: 2 });
    proxy.behave(() => 'forward');
    const canopy = client(token);
    const missing = await canopy.get('/v2/recipients/{id}', { params: { path: { id: `rcp_${randomAlphanumeric(24)}` } } }).catch((error: unknown) => error);
    assert.ok(missing instanceof CanopyApiError);
    assert.deepEqual([missing.status, missing.code, missing.type, missing.param], [404, 'resource_missing', 'invalid_request_error', 'id']);
    assert.match(missing.requestId ?? '', /^req_[A-Za-z0-9]{24}$/);
    assert.match(missing.docUrl ?? '', /\/docs\/errors#resource_missing$/);
    assert.ok(missing.is('resource_missing'));

    const tooMany = await canopy.post('/v2/recipients', { body: { trees: 1000 } }).catch((error: unknown) => error);
    assert.ok(tooMany instanceof CanopyApiError);
    assert.deepEqual([tooMany.status, tooMany.code], [422, 'no_trees_available']);
    assert.equal(proxy.log.filter((entry) => entry.method === 'POST').length, 1, 'a 422 is not retried');

    const reader = await make.tokenFor(app.db, company, { scopes: ['company:read'] });
    const refused = await client(reader.token).get('/v2/recipients').catch((error: unknown) => error);
    assert.ok(refused instanceof CanopyApiError);
    assert.deepEqual([refused.status, refused.code, refused.error.required_scope], [403, 'scope_missing', 'recipients:read']);

    const invalid = await client('canopy_test_not_a_token').get('/v2/me').catch((error: unknown) => error);
    assert.ok(invalid instanceof CanopyApiError);
    assert.deepEqual([invalid.status, invalid.code], [401, 'token_invalid']);
  });

  test('the error codes the package knows are the server\'s', () => {
    assert.deepEqual([...ERROR_CODES], Object.keys(SERVER_ERROR_CODES).sort());
  });
});

describe('retries', () => {
  const recipientsOf = async (token: string, reference: string) =>
    (await app.get(`/v2/recipients?external_reference=${reference}`, token)).body.data as { id: string }[];

  test('a create whose answer was lost is sent again with the same key and gives once', async () => {
    const { token } = await make.companyWithTrees(app.db, { trees: 10 });
    proxy.behave((request, index) => (request.method === 'POST' && index === 0 ? 'drop-after' : 'forward'));
    const reference = `order-${randomAlphanumeric(8)}`;
    const recipient = await client(token).post('/v2/recipients', { body: { trees: 3, external_reference: reference } });
    assert.deepEqual(proxy.log.map((entry) => [entry.status, entry.dropped]), [[200, true], [200, false]], 'Canopy answered the first, which never arrived');
    assert.equal(proxy.log[0]?.headers['idempotency-key'], proxy.log[1]?.headers['idempotency-key']);
    assert.equal(proxy.log[0]?.body, proxy.log[1]?.body);
    const given = await recipientsOf(token, reference);
    assert.deepEqual(given.map((row) => row.id), [recipient.id], 'one recipient, the one the retry answered');
    assert.equal(recipient.trees, 3);
  });

  test('409 request_in_progress is retried until the first request has answered', async () => {
    const { company, token } = await make.companyWithTrees(app.db, { trees: 10 });
    const key = `order-${randomAlphanumeric(8)}`;
    proxy.behave(() => 'forward');
    const first = await client(token).post('/v2/recipients', { body: { trees: 2 }, headers: { 'Idempotency-Key': key } });
    // The key as a request still running holds it: claimed a moment ago, no answer stored yet.
    const where = app.db.updateTable('idempotency_keys').where('company_id', '=', company.id).where('key', '=', key);
    const stored = await app.db.selectFrom('idempotency_keys').select(['response_status', 'response_body']).where('company_id', '=', company.id).where('key', '=', key).executeTakeFirstOrThrow();
    await where.set({ response_status: null, response_body: null, locked_at: new Date(), locked_by: 'another-process' }).execute();
    let finished = false;
    proxy.behave((_request, index) => {
      if (index === 1 && !finished) throw new Error('the retry came before the first request finished');
      return 'forward';
    });
    const canopy = new Canopy({
      apiKey: token, baseUrl: proxy.base, retry: fast,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (response.status === 409 && !finished) {
          // The first request ends now: its answer is stored and the key released.
          await where.set({ response_status: stored.response_status, response_body: JSON.stringify(stored.response_body), locked_at: null, locked_by: null }).execute();
          finished = true;
        }
        return response;
      },
    });
    const again = await canopy.post('/v2/recipients', { body: { trees: 2 }, headers: { 'Idempotency-Key': key } });
    assert.deepEqual(proxy.log.map((entry) => entry.status), [409, 200]);
    assert.equal(again.id, first.id, 'the answer of the first request');
    assert.equal((await app.get('/v2/recipients?limit=100', token)).body.data.length, 1, 'given once');
  });

  test('the retries are bounded, keep the key, and end in a CanopyConnectionError; PATCH is not retried', async () => {
    const { token } = await make.companyWithTrees(app.db, { trees: 10 });
    proxy.behave(() => 'drop');
    const failed = await client(token, { maxRetries: 3 }).post('/v2/recipients', { body: { trees: 1 } }).catch((error: unknown) => error);
    assert.ok(failed instanceof CanopyConnectionError, String(failed));
    assert.equal(proxy.log.length, 4, 'the first attempt and three retries');
    assert.equal(new Set(proxy.log.map((entry) => entry.headers['idempotency-key'])).size, 1);
    assert.equal((await app.get('/v2/recipients', token)).body.data.length, 0);

    proxy.behave(() => 'forward');
    const recipient = await client(token).post('/v2/recipients', { body: { trees: 1 } });
    proxy.behave(() => 'drop');
    const patch = await client(token).patch('/v2/recipients/{id}', { params: { path: { id: recipient.id } }, body: { message: 'Thanks' } }).catch((error: unknown) => error);
    assert.ok(patch instanceof CanopyConnectionError);
    assert.equal(proxy.log.length, 1, 'a PATCH that may have acted is not sent again');
  });
});

describe('types', () => {
  test('refuse at compile time what the API refuses (checked by tsc --noEmit; never run)', () => {
    const canopy = new Canopy({ apiKey: 'canopy_test_unused' });
    const wrong = () => {
      // @ts-expect-error: no such path
      void canopy.get('/v2/nothing');
      // @ts-expect-error: trees is a number
      void canopy.post('/v2/recipients', { body: { trees: '5' } });
      // @ts-expect-error: the path's id is required
      void canopy.get('/v2/recipients/{id}');
      // @ts-expect-error: allocations have no such filter
      void canopy.list('/v2/allocations', { query: { colour: 'green' } });
      // @ts-expect-error: starting_after is the iterator's to set
      void canopy.list('/v2/allocations', { query: { starting_after: 'alc_x' } });
      // @ts-expect-error: /v2/me is no list
      void canopy.list('/v2/me');
    };
    assert.equal(typeof wrong, 'function');
  });
});
