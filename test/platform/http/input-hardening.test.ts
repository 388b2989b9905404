import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CanopyError } from '../../../src/core/errors.ts';
import { applyBatch } from '../../../src/foundation/apply.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/** Input PostgreSQL cannot take must be a 400 with the field named, never a 500 or a stored nonsense value. */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);
const partner = { op: 'upsert_partner', input: { ref: 'hard-ptn', name: 'Hardening Partner' } };
const project = {
  op: 'upsert_project',
  input: { ref: 'hard-prj', partner_ref: 'hard-ptn', name: { en: 'Hard' }, description: { en: 'Hard.' }, country: 'NL', region: 'Utrecht', ecosystem_type: 'temperate_forest' },
};
await applyBatch(app.db, [partner, project], app.baseUrl);

async function refusal(op: string, input: Record<string, unknown>) {
  const error = await applyBatch(app.db, [{ op, input }], app.baseUrl).then(() => null, (caught: unknown) => caught);
  assert.ok(error instanceof CanopyError && error.cause instanceof CanopyError, `${op} should be refused, got ${String(error)}`);
  return error.cause;
}

describe('dates PostgreSQL cannot store', () => {
  test('query filters outside the years 0001-9999 are 400s', async () => {
    for (const since of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '2025-02-30T00:00:00Z']) {
      for (const list of ['allocations', 'events']) {
        const response = await app.get(`/v2/${list}?created_since=${encodeURIComponent(since)}`, company.live);
        assert.equal(response.status, 400, `${list} ${since}`);
        assert.equal(response.body.error.param, 'created_since');
      }
    }
    assert.equal((await app.get('/v2/allocations?created_since=0001-01-01T00:00:00Z', company.live)).status, 200);
  });

  test('foundation dates and timestamps of year 0 are refused with the field named', async () => {
    assert.equal((await refusal('upsert_planting', { ref: 'hard-plt-0', project_ref: 'hard-prj', trees: 10, planted_at: '0000-01-01' })).param, 'planted_at');
    const statement = {
      ref: 'hard-ver-0', project_ref: 'hard-prj', period_start: '2024-01-01', period_end: '2024-12-31', verifier_name: 'V',
      summary: { en: 'S' }, trees_verified: 1, published_at: '0000-01-01T00:00:00Z',
    };
    assert.equal((await refusal('publish_verification', statement)).param, 'published_at');
  });
});

describe('text PostgreSQL cannot store', () => {
  test('a lone surrogate or NUL in a foundation operation names its field', async () => {
    const nameError = await refusal('upsert_project', { ...project.input, name: { en: 'a\ud800b' } });
    assert.deepEqual([nameError.code, nameError.param], ['parameter_invalid', 'name[en]']);
    const nulError = await refusal('upsert_partner', { ref: 'hard-ptn-2', name: 'a\u0000b' });
    assert.deepEqual([nulError.code, nulError.param], ['parameter_invalid', 'name']);
  });

  test('a lone surrogate in a JSON body is a 400', async () => {
    const response = await app.request('POST', '/v2/test_helpers/allocations', {
      token: company.test, rawBody: '{"trees": 1, "project": "\\udc00"}', headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'parameter_invalid');
  });
});

describe('polygons', () => {
  test("a ring that crosses itself still gets a location inside the polygon's bounds", async () => {
    const bowTie = { type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1.0000001], [0, 0]]] };
    const [result] = await applyBatch(app.db, [{
      op: 'upsert_planting',
      input: { ref: 'hard-plt-bow', project_ref: 'hard-prj', trees: 10, planted_at: '2025-01-01', geometry: bowTie, species: [{ name_latin: 'Quercus robur', name_common: { en: 'Oak' }, trees: 10 }] },
    }], app.baseUrl);
    const row = await app.db.selectFrom('plantings').select(['latitude', 'longitude']).where('id', '=', result!.id).executeTakeFirstOrThrow();
    assert.ok(row.longitude !== null && row.longitude >= 0 && row.longitude <= 1, `longitude ${row.longitude}`);
    assert.ok(row.latitude !== null && row.latitude >= 0 && row.latitude <= 1.0000001, `latitude ${row.latitude}`);
  });
});
