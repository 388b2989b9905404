import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { label, readOperations } from '../../helpers/operations.ts';

/**
 * A v2 operation that takes no body refuses one rather than ignore it and act: an object
 * with any key is 400 parameter_unknown naming its first key, any other JSON value is 400
 * parameter_invalid, and nothing changes. `{}` and no body at all are taken. Operations
 * whose body is optional hold to their schema the same way.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const company = await make.companyWithTokens(app.db);
const token = company.test;

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(method, path, { token, body, headers });
async function ok(response: ReturnType<typeof send>, what: string) {
  const answered = await response;
  assert.equal(answered.status, 200, `${what}: ${answered.text}`);
  return answered.body;
}
const key = () => ({ 'idempotency-key': `bodyless-${randomAlphanumeric(12)}` });

/** The newest event of the company's test mode: every write records one in its own transaction. */
async function newestEvent(): Promise<string | undefined> {
  return (await ok(app.get('/v2/events?limit=1', token), 'the events')).data[0]?.id;
}

// Unassigned test trees, for recipients and gift codes, in a project the company has trees in.
const pool = await ok(send('POST', '/v2/test_helpers/allocations', { trees: 1_000 }), 'a pool of trees');
const helperAllocation = async () => (await ok(send('POST', '/v2/test_helpers/allocations', { trees: 1 }), 'a helper allocation')).id as string;
const statusOf = async (path: string) => (await ok(app.get(path, token), `GET ${path}`)).status as string;

/** One object an operation acts on: the path that acts on it, and a check that it is as it was. */
interface Target {
  path: string;
  unchanged: () => Promise<void>;
}

/** Every v2 operation without a body schema that may carry a body (any method but GET), with an object of its own for each call. */
const BODYLESS: Record<string, () => Promise<Target>> = {
  'DELETE /v2/recipients/{id}': async () => {
    const recipient = await ok(send('POST', '/v2/recipients', { trees: 1, first_name: 'Ada' }, key()), 'a recipient');
    return {
      path: `/v2/recipients/${recipient.id}`,
      unchanged: async () => assert.equal((await ok(app.get(`/v2/recipients/${recipient.id}`, token), 'the recipient')).first_name, 'Ada'),
    };
  },
  'DELETE /v2/webhook-endpoints/{id}': async () => {
    const endpoint = await ok(send('POST', '/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks' }), 'an endpoint');
    return { path: `/v2/webhook-endpoints/${endpoint.id}`, unchanged: async () => assert.equal(await statusOf(`/v2/webhook-endpoints/${endpoint.id}`), 'enabled') };
  },
  'POST /v2/test_helpers/allocations/{id}/plant': async () => {
    const id = await helperAllocation();
    return { path: `/v2/test_helpers/allocations/${id}/plant`, unchanged: async () => assert.equal(await statusOf(`/v2/allocations/${id}`), 'pledged') };
  },
  'POST /v2/test_helpers/allocations/{id}/monitor': async () => {
    const id = await helperAllocation();
    await ok(send('POST', `/v2/test_helpers/allocations/${id}/plant`), 'planting it');
    return { path: `/v2/test_helpers/allocations/${id}/monitor`, unchanged: async () => assert.equal(await statusOf(`/v2/allocations/${id}`), 'planted') };
  },
  'POST /v2/test_helpers/projects/{id}/verifications': async () => {
    const verifications = async () => (await ok(app.get(`/v2/projects/${pool.project}/verifications?limit=100`, token), 'the verifications')).data.length as number;
    const before = await verifications();
    return { path: `/v2/test_helpers/projects/${pool.project}/verifications`, unchanged: async () => assert.equal(await verifications(), before) };
  },
};

/** Objects with keys: the first key is the one named. */
const UNKNOWN_KEYS: [unknown, string][] = [
  [{ foo: 1 }, 'foo'],
  [{ trees: 1, foo: 2 }, 'trees'],
  [{ sent_to: { name: 'Ada' } }, 'sent_to'],
  [{ '': null }, ''],
];
/** JSON that is no object at all. */
const NOT_OBJECTS: unknown[] = [[], [{}], 7, 0, 'x', '', null, true, false];

const operations = await readOperations(app);
const bodyless = operations.filter((op) => op.method !== 'GET' && op.body === null);

describe('every v2 operation without a body', () => {
  test('is one this file covers, and documents the refusals', () => {
    assert.ok(bodyless.length > 0);
    for (const op of bodyless) {
      assert.ok(BODYLESS[label(op)], `${label(op)} takes no body: add it to BODYLESS in this file`);
      assert.ok(op.documented['400']?.includes('parameter_unknown'), `${label(op)} documents 400 parameter_unknown: ${op.documented['400']}`);
      assert.ok(op.documented['400']?.includes('parameter_invalid'), `${label(op)} documents 400 parameter_invalid`);
    }
  });

  for (const name of Object.keys(BODYLESS)) {
    const [method, path] = name.split(' ') as [string, string];

    test(`${name}: an object with a key is 400 parameter_unknown naming it, and nothing changes`, async () => {
      const target = await BODYLESS[name]!();
      const before = await newestEvent();
      for (const [body, param] of UNKNOWN_KEYS) {
        const refused = await send(method, target.path, body, method === 'POST' ? key() : {});
        assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, 'parameter_unknown', param || null], `${JSON.stringify(body)}: ${refused.text}`);
        assert.equal(refused.body.error.type, 'invalid_request_error');
      }
      const foo = await send(method, target.path, { foo: 1 });
      assert.equal(foo.body.error.message, 'Received unknown parameter: foo.');
      await target.unchanged();
      assert.equal(await newestEvent(), before, `${path}: no event recorded`);
    });

    test(`${name}: a body that is no object is 400 parameter_invalid, and nothing changes`, async () => {
      const target = await BODYLESS[name]!();
      const before = await newestEvent();
      for (const body of NOT_OBJECTS) {
        const refused = await send(method, target.path, body);
        assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, 'parameter_invalid', null], `${JSON.stringify(body)}: ${refused.text}`);
        assert.match(refused.body.error.message, /^Invalid body: .*\(got /, JSON.stringify(body));
      }
      await target.unchanged();
      assert.equal(await newestEvent(), before, `${path}: no event recorded`);
    });

    test(`${name}: {} and no body at all are taken`, async () => {
      const withEmptyObject = await BODYLESS[name]!();
      await ok(send(method, withEmptyObject.path, {}), `${name} with {}`);
      await assert.rejects(withEmptyObject.unchanged(), `${name} with {} acted`);
      const withNone = await BODYLESS[name]!();
      await ok(send(method, withNone.path), `${name} without a body`);
      await assert.rejects(withNone.unchanged(), `${name} without a body acted`);
    });
  }

  test('the path id is checked before the body', async () => {
    for (const op of bodyless) {
      const refused = await send(op.method, op.path.replace('{id}', 'not_an_id'), { foo: 1 });
      assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [404, 'resource_missing', 'id'], label(op));
    }
  });

  test('a live token on a test helper hears 404, whatever the body', async () => {
    const id = await helperAllocation();
    const refused = await app.request('POST', `/v2/test_helpers/allocations/${id}/plant`, { token: company.live, body: { foo: 1 } });
    assert.deepEqual([refused.status, refused.body.error?.code], [404, 'route_not_found']);
  });

  test('a refused body leaves its Idempotency-Key free for the corrected request', async () => {
    const id = await helperAllocation();
    const headers = key();
    const refused = await send('POST', `/v2/test_helpers/allocations/${id}/plant`, { foo: 1 }, headers);
    assert.equal(refused.status, 400, refused.text);
    const planted = await send('POST', `/v2/test_helpers/allocations/${id}/plant`, {}, headers);
    assert.deepEqual([planted.status, planted.body.status], [200, 'planted'], planted.text);
  });
});

describe('POST /v2/gift-codes/{id}/revoke, whose body (remove_personal_data) may be left out', () => {
  test('refuses {"foo":1}, [] and 7, leaving the code open; takes {} and no body', async () => {
    const code = await ok(send('POST', '/v2/gift-codes', { trees: 1 }, key()), 'a gift code');
    const revoke = `/v2/gift-codes/${code.id}/revoke`;
    const foo = await send('POST', revoke, { foo: 1 });
    assert.deepEqual([foo.status, foo.body.error?.code, foo.body.error?.param], [400, 'parameter_unknown', 'foo'], foo.text);
    for (const body of [[], 7]) {
      const refused = await send('POST', revoke, body);
      assert.equal(refused.status, 400, `${JSON.stringify(body)}: ${refused.text}`);
    }
    assert.equal(await statusOf(`/v2/gift-codes/${code.id}`), 'open');
    assert.equal((await ok(send('POST', revoke, {}), 'revoke with {}')).status, 'revoked');

    const other = await ok(send('POST', '/v2/gift-codes', { trees: 1 }, key()), 'another gift code');
    assert.equal((await ok(send('POST', `/v2/gift-codes/${other.id}/revoke`), 'revoke without a body')).status, 'revoked');
  });
});

describe('operations whose body is optional', () => {
  test('refuse unknown keys and bodies that are no object, and act on {} and on no body', async () => {
    const endpoint = await ok(send('POST', '/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks' }), 'an endpoint');
    const event = await newestEvent();
    assert.ok(event);
    const secretOf = async () =>
      (await app.db.selectFrom('webhook_endpoints').select('secret_encrypted').where('id', '=', endpoint.id).executeTakeFirstOrThrow()).secret_encrypted;
    const deliveries = async () => (await app.db.selectFrom('event_deliveries').select('endpoint_id').where('event_id', '=', event).execute()).length;
    const optional: [string, () => Promise<unknown>][] = [
      [`/v2/webhook-endpoints/${endpoint.id}/rotate-secret`, secretOf],
      [`/v2/events/${event}/redeliver`, deliveries],
    ];
    for (const [path, state] of optional) {
      const before = await state();
      for (const [body, param] of UNKNOWN_KEYS) {
        const refused = await send('POST', path, body, key());
        assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, 'parameter_unknown', param || null], `${path} ${JSON.stringify(body)}`);
      }
      for (const body of NOT_OBJECTS) {
        const refused = await send('POST', path, body, key());
        assert.deepEqual([refused.status, refused.body.error?.code], [400, 'parameter_invalid'], `${path} ${JSON.stringify(body)}: ${refused.text}`);
      }
      assert.deepEqual(await state(), before, `${path}: nothing changed`);
      await ok(send('POST', path, {}), `${path} with {}`);
      await ok(send('POST', path), `${path} without a body`);
    }
  });
});
