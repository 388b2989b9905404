import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startTestApp } from './helpers/app.ts';
import * as make from './helpers/factories.ts';

/**
 * A query string is text and is parsed strictly; a JSON body is checked as it was sent.
 * Found by an outside probe: `limit=Infinity` gave a 500, and bodies were coerced.
 */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);

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
    const { createFoundationKey } = await import('../src/operator/foundation-keys.ts');
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
