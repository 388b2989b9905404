import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { newId } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/** The test helpers drive a test allocation through its lifecycle; each step leaves its event in GET /v2/events. */

const app = await startTestApp();
const company = await make.companyWithTokens(app.db);
const post = (path: string, body?: unknown, token = company.test) => app.request('POST', path, { token, body: body ?? {} });

async function eventsOfType(type: string, token = company.test) {
  const response = await app.get(`/v2/events?type=${type}&limit=100`, token);
  assert.equal(response.status, 200, response.text);
  return response.body.data as { id: string; type: string; livemode: boolean; data: { object: { id: string; status?: string; trees?: number }; previous?: unknown } }[];
}

describe('an allocation through its lifecycle', () => {
  let allocationId = '';

  test('create: a pledged test allocation and allocation.created', async () => {
    const created = await post('/v2/test_helpers/allocations', { trees: 25 });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.object, 'allocation');
    assert.equal(created.body.status, 'pledged');
    assert.equal(created.body.livemode, false);
    assert.equal(created.body.trees, 25);
    allocationId = created.body.id;

    const [event] = await eventsOfType('allocation.created');
    assert.equal(event?.data.object.id, allocationId);
    assert.equal(event?.livemode, false);
    const current = await app.get(`/v2/allocations/${allocationId}`, company.test);
    assert.deepEqual(event?.data.object, current.body, 'data.object is the object as GET returns it');
    assert.equal((await app.get('/v2/company', company.test)).body.trees.pledged, 25);
  });

  test('plant: planted, with a planting date, and allocation.planted', async () => {
    const planted = await post(`/v2/test_helpers/allocations/${allocationId}/plant`);
    assert.equal(planted.status, 200, planted.text);
    assert.equal(planted.body.status, 'planted');
    assert.match(planted.body.planted_at, /^\d{4}-\d{2}-\d{2}$/);
    const events = await eventsOfType('allocation.planted');
    assert.deepEqual(events.map((e) => e.data.object.id), [allocationId]);
    assert.equal(events[0]?.data.object.status, 'planted');
  });

  test('plant after a recipient took part of the trees: both parts are planted', async () => {
    const other = await make.companyWithTokens(app.db);
    const created = await post('/v2/test_helpers/allocations', { trees: 10 }, other.test);
    const recipient = await app.request('POST', '/v2/recipients', { token: other.test, headers: { 'idempotency-key': 'part-then-plant' }, body: { trees: 4 } });
    assert.equal(recipient.status, 200, recipient.text);
    const planted = await post(`/v2/test_helpers/allocations/${created.body.id}/plant`, {}, other.test);
    assert.equal(planted.status, 200, planted.text);
    assert.deepEqual([planted.body.status, planted.body.trees], ['planted', 6]);
    const part = await app.get(`/v2/allocations/${recipient.body.allocations[0]}`, other.test);
    assert.deepEqual([part.body.status, part.body.trees], ['planted', 4]);
  });

  test('plant twice is refused with allocation_unexpected_state, and changes nothing', async () => {
    const again = await post(`/v2/test_helpers/allocations/${allocationId}/plant`);
    assert.equal(again.status, 400);
    assert.equal(again.body.error.code, 'allocation_unexpected_state');
    assert.equal((await eventsOfType('allocation.planted')).length, 1);
  });

  test('monitor: monitored, with allocation.monitored and planting.updated', async () => {
    const monitored = await post(`/v2/test_helpers/allocations/${allocationId}/monitor`);
    assert.equal(monitored.status, 200, monitored.text);
    assert.equal(monitored.body.status, 'monitored');
    assert.deepEqual((await eventsOfType('allocation.monitored')).map((e) => e.data.object.id), [allocationId]);
    const plantingEvents = await eventsOfType('planting.updated');
    assert.ok(plantingEvents.length >= 1);
    assert.equal(plantingEvents[0]?.data.object.id, monitored.body.planting);
    const planting = await app.get(`/v2/plantings/${monitored.body.planting}`, company.test);
    assert.equal(planting.body.latest_monitoring.object, 'monitoring');
    // Written in one transaction, usually in one millisecond: listed newest first in the order written.
    const newest = await app.get('/v2/events?limit=2', company.test);
    assert.deepEqual(newest.body.data.map((e: { type: string }) => e.type), ['allocation.monitored', 'planting.updated']);
  });

  test('change_trees: the count changes, the status stays, and data.previous holds the old count', async () => {
    const changed = await post(`/v2/test_helpers/allocations/${allocationId}/change_trees`, { trees: 10 });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.trees, 10);
    assert.equal(changed.body.status, 'monitored');
    const [event] = await eventsOfType('allocation.updated');
    assert.deepEqual(event?.data.previous, { trees: 25 });
    assert.equal(event?.data.object.trees, 10);
    const totals = (await app.get('/v2/company', company.test)).body.trees;
    assert.deepEqual(totals, { total: 10, pledged: 0, planted: 0, monitored: 10 });
  });

  test('change_trees can raise the count too', async () => {
    const raised = await post(`/v2/test_helpers/allocations/${allocationId}/change_trees`, { trees: 30 });
    assert.equal(raised.status, 200, raised.text);
    assert.equal(raised.body.trees, 30);
    const [event] = await eventsOfType('allocation.updated');
    assert.deepEqual(event?.data.previous, { trees: 10 });
    assert.equal((await app.get('/v2/company', company.test)).body.trees.monitored, 30);
    const planting = await app.get(`/v2/plantings/${raised.body.planting}`, company.test);
    assert.equal(planting.body.trees_for_company, 30);
    assert.ok(planting.body.trees >= 30);
  });

  test('verification: verification.published for the calling company only, in test mode only', async () => {
    const created = await post('/v2/test_helpers/allocations', { trees: 5 });
    const projectId = created.body.project;
    const published = await post(`/v2/test_helpers/projects/${projectId}/verifications`);
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.object, 'project');
    assert.equal(published.body.verification.status, 'verified');
    const [event] = await eventsOfType('verification.published');
    assert.equal(event?.data.object.id, published.body.verification.latest.id);
  });
});

describe('test-mode proof stays out of live mode', () => {
  test('a test verification on a shared project is not seen by live readers nor sent to live logs', async () => {
    const prj = await make.project(app.db);
    const livePlanting = await make.planting(app.db, prj);
    const liveHolder = await make.companyWithTokens(app.db);
    await make.allocation(app.db, liveHolder, livePlanting, { trees: 40 });

    const tester = await make.companyWithTokens(app.db);
    const unknownToTester = await post('/v2/test_helpers/allocations', { trees: 3, project: prj.id }, tester.test);
    assert.equal(unknownToTester.status, 404, 'a project the company has no trees in is not its to name');
    assert.equal(unknownToTester.body.error.param, 'project');
    await make.allocation(app.db, tester, livePlanting, { trees: 5 });
    const created = await post('/v2/test_helpers/allocations', { trees: 3, project: prj.id }, tester.test);
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.project, prj.id);
    await post(`/v2/test_helpers/allocations/${created.body.id}/plant`, {}, tester.test);
    await post(`/v2/test_helpers/allocations/${created.body.id}/monitor`, {}, tester.test);
    assert.equal((await post(`/v2/test_helpers/projects/${prj.id}/verifications`, {}, tester.test)).status, 200);

    const liveVerifications = await app.get(`/v2/projects/${prj.id}/verifications`, liveHolder.live);
    assert.deepEqual(liveVerifications.body.data, []);
    const liveMonitoring = await app.get(`/v2/projects/${prj.id}/monitoring`, liveHolder.live);
    assert.deepEqual(liveMonitoring.body.data, []);
    assert.equal((await app.get(`/v2/projects/${prj.id}`, liveHolder.live)).body.verification.status, 'unverified');
    assert.deepEqual(await eventsOfType('verification.published', liveHolder.live), []);
    assert.equal((await app.get(`/v2/projects/${prj.id}/verifications`, tester.test)).body.data.length, 1);

    // Another company testing in the same project sees none of the tester's test proof.
    const neighbour = await make.companyWithTokens(app.db);
    await make.allocation(app.db, neighbour, livePlanting, { trees: 2 });
    assert.equal((await post('/v2/test_helpers/allocations', { trees: 1, project: prj.id }, neighbour.test)).status, 200);
    assert.deepEqual((await app.get(`/v2/projects/${prj.id}/verifications`, neighbour.test)).body.data, []);
    assert.deepEqual((await app.get(`/v2/projects/${prj.id}/monitoring`, neighbour.test)).body.data, []);
    assert.equal((await app.get(`/v2/projects/${prj.id}`, neighbour.test)).body.verification.status, 'unverified');
  });

  test('helpers refuse allocations they did not make', async () => {
    const prj = await make.project(app.db);
    const testPlanting = await make.planting(app.db, prj, { livemode: false, done: false });
    const row = await make.allocation(app.db, company, testPlanting, { livemode: false, status: 'pledged' });
    const refused = await post(`/v2/test_helpers/allocations/${row.id}/plant`);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'test_helper_unsupported');
  });
});

describe('request bodies', () => {
  test('bad bodies get 400, 413 and 415 with their codes, and nothing is created', async () => {
    const before = (await app.get('/v2/company', company.test)).body.trees.total;
    const cases: [Record<string, string>, string, number, string, string | null][] = [
      [{ 'content-type': 'application/json' }, '{"trees": 5', 400, 'body_invalid_json', null],
      [{ 'content-type': 'application/json' }, JSON.stringify({ trees: 5, colour: 'green' }), 400, 'parameter_unknown', 'colour'],
      [{ 'content-type': 'application/json' }, JSON.stringify({}), 400, 'parameter_missing', 'trees'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ trees: 'many' }), 400, 'parameter_invalid', 'trees'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ trees: 0 }), 400, 'parameter_invalid', 'trees'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ trees: 5, project: 'prj_nope' }), 400, 'parameter_invalid', 'project'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ trees: 5, pad: 'x'.repeat(1_100_000) }), 413, 'body_too_large', null],
      [{ 'content-type': 'text/plain' }, 'trees=5', 415, 'unsupported_media_type', null],
      [{ 'content-type': 'application/json' }, '{"trees": 5, "project": "prj_\\u0000"}', 400, 'parameter_invalid', null],
    ];
    for (const [headers, rawBody, status, code, param] of cases) {
      const response = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, headers, rawBody });
      assert.equal(response.status, status, `${code}: ${response.text}`);
      assert.equal(response.body.error.code, code);
      assert.equal(response.body.error.param, param, code);
    }
    const unknownProject = await post('/v2/test_helpers/allocations', { trees: 5, project: newId('project') });
    assert.equal(unknownProject.status, 404);
    assert.equal(unknownProject.body.error.param, 'project');
    assert.equal((await app.get('/v2/company', company.test)).body.trees.total, before);
  });
});

describe('GET /v2/events', () => {
  test('filters by type and delivery status, pages newest first, and keeps 30 days', async () => {
    const holder = await make.companyWithTokens(app.db);
    await app.db.insertInto('webhook_endpoints').values({
      id: newId('webhook_endpoint'), company_id: holder.id, livemode: false, url: 'https://hooks.example.com/canopy', secret_encrypted: 'not used: no worker runs here',
    }).execute();
    for (let i = 0; i < 3; i++) assert.equal((await post('/v2/test_helpers/allocations', { trees: 1 + i }, holder.test)).status, 200);

    const all = await app.get('/v2/events?limit=2', holder.test);
    assert.equal(all.body.has_more, true);
    const next = await app.get(`/v2/events?limit=2&starting_after=${all.body.data[1].id}`, holder.test);
    const trees = [...all.body.data, ...next.body.data].map((e: { data: { object: { trees: number } } }) => e.data.object.trees);
    assert.deepEqual(trees, [3, 2, 1], 'newest first');
    const [first] = all.body.data;
    assert.deepEqual(first.deliveries.map((d: { status: string; attempts: number }) => [d.status, d.attempts]), [['pending', 0]]);
    assert.equal((await app.get('/v2/events?delivery_status=pending', holder.test)).body.data.length, 3);
    assert.equal((await app.get('/v2/events?delivery_status=delivered', holder.test)).body.data.length, 0);

    const one = await app.get(`/v2/events/${first.id}`, holder.test);
    assert.equal(one.status, 200);
    assert.equal(one.body.type, 'allocation.created');
    assert.equal((await app.get(`/v2/events/${first.id}`, holder.live)).status, 404, 'test events are not live');
    assert.equal((await app.get('/v2/events', holder.live)).body.data.length, 0);

    await sql`UPDATE events SET created_at = now() - interval '31 days' WHERE id = ${first.id}`.execute(app.db);
    assert.equal((await app.get(`/v2/events/${first.id}`, holder.test)).status, 404, 'older than 30 days');
    assert.equal((await app.get('/v2/events', holder.test)).body.data.length, 2);
    const bad = await app.get('/v2/events?type=allocation.exploded', holder.test);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'type');
  });
});

describe('personal data in events', () => {
  test('recipient.created shows names and email only to a token with recipients:read', async () => {
    const holder = await make.companyWithTokens(app.db);
    const prj = await make.project(app.db);
    await make.allocation(app.db, holder, await make.planting(app.db, prj), { trees: 10 });
    const { applyBatch } = await import('../../../src/foundation/apply.ts');
    await applyBatch(app.db, [{
      op: 'create_recipient',
      input: { ref: `rcp-${holder.id}`, company_id: holder.id, livemode: true, trees: 4, first_name: 'Jan', last_name: 'Jansen', email: 'jan@example.nl' },
    }], app.baseUrl);

    const full = await app.get('/v2/events?type=recipient.created', holder.live);
    assert.equal(full.body.data[0].data.object.email, 'jan@example.nl');
    const eventsOnly = await make.tokenFor(app.db, holder, { scopes: ['events:read'] });
    const redacted = await app.get('/v2/events?type=recipient.created', eventsOnly.token);
    const object = redacted.body.data[0].data.object;
    assert.equal(object.object, 'recipient');
    assert.equal(object.trees, 4);
    for (const field of ['first_name', 'last_name', 'email']) assert.equal(field in object, false, field);
    const one = await app.get(`/v2/events/${redacted.body.data[0].id}`, eventsOnly.token);
    assert.equal('email' in one.body.data.object, false);
  });
});
