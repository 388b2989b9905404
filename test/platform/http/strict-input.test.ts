import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { errorHandler } from '../../../src/platform/http/error-handler.ts';
import { validatorsFor } from '../../../src/platform/http/validation.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * A query string is text and is parsed strictly; a JSON body is checked as it was sent.
 * Found by an outside probe: `limit=Infinity` gave a 500, and bodies were coerced.
 */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);
const project = await make.project(app.db);
await make.allocation(app.db, company, await make.planting(app.db, project));

const LISTS = [
  '/v2/allocations', '/v2/plantings', '/v2/projects', `/v2/projects/${project.id}/verifications`, `/v2/projects/${project.id}/monitoring`,
  '/v2/events', '/v2/webhook-endpoints', '/v2/recipients', '/v2/certificates',
];

describe('query strings', () => {
  test('limit is a whole number in digits only, on every list', async () => {
    for (const list of LISTS) {
      for (const bad of ['Infinity', '-Infinity', '1e999', '0x10', '1e1', ' 10', '10.0', '+10', '-5', '0', '101', '']) {
        const response = await app.get(`${list}?limit=${encodeURIComponent(bad)}`, company.live);
        assert.equal(response.status, 400, `${list} limit=${JSON.stringify(bad)}: ${response.text}`);
        assert.deepEqual([response.body.error.code, response.body.error.param], ['parameter_invalid', 'limit'], list);
      }
      for (const good of ['10', '0010', '100']) {
        assert.equal((await app.get(`${list}?limit=${good}`, company.live)).status, 200, `${list} limit=${good}`);
      }
    }
  });

  test('the refusal says what was sent', async () => {
    const response = await app.get('/v2/allocations?limit=Infinity', company.live);
    assert.match(response.body.error.message, /whole number written in digits \(got "Infinity"\)/);
  });

  test('a fractional number is plain decimal too, in a query string and a path', async () => {
    // No endpoint takes a fractional number yet: the rule is checked on a route of its own.
    const options = { removeAdditional: false, useDefaults: true };
    const probe = Fastify({ ajv: { customOptions: options }, schemaController: validatorsFor(options) });
    probe.setErrorHandler(errorHandler('http://canopy.test'));
    const numbers = { type: 'object', properties: { share: { type: 'number' }, count: { type: 'integer' } } };
    probe.get('/numbers/:share', { schema: { querystring: numbers, params: numbers } }, async (request) => ({ query: request.query, params: request.params }));
    for (const bad of ['Infinity', '1e999', '0x10', '1e1', ' 1', '+1', '1.', '.5']) {
      const query = await probe.inject({ url: `/numbers/1?share=${encodeURIComponent(bad)}` });
      assert.deepEqual([query.statusCode, query.json().error?.param], [400, 'share'], `share=${JSON.stringify(bad)}: ${query.body}`);
      assert.equal((await probe.inject({ url: `/numbers/${encodeURIComponent(bad)}` })).statusCode, 404, `path ${JSON.stringify(bad)}`);
    }
    const read = await probe.inject({ url: '/numbers/-0.25?share=1.50&count=-3' });
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json(), { query: { share: 1.5, count: -3 }, params: { share: -0.25 } });
    await probe.close();
  });

  test('a single expand[] is still read as a list', async () => {
    const response = await app.get('/v2/allocations?expand[]=project', company.live);
    assert.equal(response.status, 200, response.text);
    assert.equal(typeof response.body.data[0].project, 'object');
  });
});

describe('JSON bodies', () => {
  test('a number sent as a string, a list, a boolean or null is refused, and nothing changes', async () => {
    const created = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 7 } });
    assert.equal(created.status, 200, created.text);
    const change = (trees: unknown) => app.request('POST', `/v2/test_helpers/allocations/${created.body.id}/change_trees`, { token: company.test, body: { trees } });
    for (const trees of ['7', [7], true, false, null, '0x10']) {
      const refused = await change(trees);
      assert.deepEqual([refused.status, refused.body.error?.code, refused.body.error?.param], [400, 'parameter_invalid', 'trees'], JSON.stringify(trees));
    }
    assert.equal((await app.get(`/v2/allocations/${created.body.id}`, company.test)).body.trees, 7, 'still 7 trees');
    for (const trees of ['7', true]) {
      const refused = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees } });
      assert.equal(refused.status, 400, JSON.stringify(trees));
    }
  });

  test("the foundation's envelope is checked as sent", async () => {
    const { createFoundationKey } = await import('../../../src/operator/foundation-keys.ts');
    const { key } = await createFoundationKey(app.db);
    const partner = { ref: 'strict-ptn', name: 'Strict Partner' };
    const send = (path: string, body: unknown) => app.request('POST', `/foundation/v1/${path}`, { token: key, body });
    const cases: [string, unknown, string][] = [
      ['operations', { op: 'upsert_partner', input: partner, message_id: true }, 'message_id'],
      ['operations', { op: 'upsert_partner', input: partner, message_id: 12345 }, 'message_id'],
      ['operations', { op: ['upsert_partner'], input: partner }, 'op'],
      ['batch', { operations: [{ op: 'upsert_partner', input: partner, message_id: 12345 }] }, 'operations[0][message_id]'],
    ];
    for (const [path, body, param] of cases) {
      const refused = await send(path, body);
      assert.deepEqual([refused.status, refused.body.error?.param], [400, param], JSON.stringify(body));
    }
    assert.equal(await app.db.selectFrom('partners').select('id').where('foundation_ref', '=', 'strict-ptn').executeTakeFirst(), undefined);
  });
});

describe('nesting', () => {
  const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

  test('a body nested thousands of levels deep is a 400 body_too_deep, not a 500, on the foundation API and on v2', async () => {
    const { createFoundationKey } = await import('../../../src/operator/foundation-keys.ts');
    const { key } = await createFoundationKey(app.db);
    // Sent as text: JSON.stringify itself overflows on such a value.
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const json = { 'content-type': 'application/json' };
    const foundation = await app.request('POST', '/foundation/v1/operations', { token: key, headers: json, rawBody: `{"op": "upsert_partner", "input": {"ref": "deep", "name": ${deep}}}` });
    assert.deepEqual([foundation.status, foundation.body.error?.code], [400, 'body_too_deep'], foundation.text);
    const v2 = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, headers: json, rawBody: `{"trees": ${deep}}` });
    assert.deepEqual([v2.status, v2.body.error?.code], [400, 'body_too_deep'], v2.text);
  });

  test('64 levels are read; 65 are too deep', async () => {
    // The body object is level 1, so `trees` may hold 63 levels of arrays.
    const atLimit = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: nested(63) } });
    assert.deepEqual([atLimit.status, atLimit.body.error?.code, atLimit.body.error?.param], [400, 'parameter_invalid', 'trees'], 'refused for its type, not its depth');
    const over = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: nested(64) } });
    assert.equal(over.body.error?.code, 'body_too_deep');
  });
});

