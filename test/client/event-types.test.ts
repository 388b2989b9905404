import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Canopy, type EventTypeInfo } from '@canopy/client';
import { EVENT_TYPES } from '../../src/platform/events/record.ts';
import { startTestApp } from '../helpers/app.ts';
import * as make from '../helpers/factories.ts';

/**
 * GET /v2/event-types: the nine types of spec section 6 with a description (en, nl) and a
 * sample in the shape GET /v2/events/{id} answers, in the token's mode and as the token may
 * read it, for any valid token.
 */

const app = await startTestApp();

/** The keys of an object and, one level down, of its objects: the shape, not the values. */
const shape = (value: Record<string, unknown>): string[] =>
  Object.entries(value).flatMap(([key, item]) => (item && typeof item === 'object' && !Array.isArray(item) ? [key, ...Object.keys(item).map((inner) => `${key}.${inner}`)] : [key])).sort();

test('lists the nine types in the order of the spec, each with a description and a sample of its type', async () => {
  const company = await make.companyWithTokens(app.db);
  const list = await new Canopy({ apiKey: company.live, baseUrl: app.baseUrl }).get('/v2/event-types');
  assert.deepEqual([list.object, list.url, list.has_more], ['list', '/v2/event-types', false]);
  assert.deepEqual(list.data.map((entry) => entry.type), [...EVENT_TYPES]);
  for (const entry of list.data) {
    const info: EventTypeInfo = entry;
    assert.equal(info.object, 'event_type');
    assert.ok(info.description.length > 20, info.type);
    assert.equal(info.sample.type, info.type);
    assert.equal(info.sample.object, 'event');
    assert.equal(info.sample.livemode, true);
    assert.deepEqual(info.sample.deliveries, [], 'a sample was never delivered');
    assert.equal((info.sample.data.object as { object: string }).object, info.data_object, `${info.type} carries a ${info.data_object}`);
    assert.equal(info.personal_data, info.type === 'recipient.created' || info.type === 'recipient.claimed');
  }
  assert.ok('previous' in list.data.find((entry) => entry.type === 'allocation.updated')!.sample.data);
  assert.equal(new Set(list.data.map((entry) => entry.description)).size, 9);
});

test('a sample has the shape of the real event GET /v2/events/{id} answers, in the mode of the token', async () => {
  const company = await make.companyWithTokens(app.db);
  const made = await app.request('POST', '/v2/test_helpers/allocations', { token: company.test, body: { trees: 2 } });
  assert.equal(made.status, 200, made.text);
  const [listed] = (await app.get('/v2/events?type=allocation.created', company.test)).body.data;
  const real = (await app.get(`/v2/events/${listed.id}`, company.test)).body;
  const types = (await app.get('/v2/event-types', company.test)).body.data as EventTypeInfo[];
  const sample = types.find((entry) => entry.type === 'allocation.created')!.sample;
  assert.deepEqual(shape(sample), shape({ ...real, deliveries: [] }));
  assert.deepEqual(Object.keys(sample.data.object as object).sort(), Object.keys(real.data.object).sort());
  assert.equal(sample.livemode, false);
  assert.ok(JSON.stringify(types).includes('"livemode":false') && !JSON.stringify(types).includes('"livemode":true'), 'every object in it is in test mode');
});

test('descriptions follow Accept-Language; any valid token may read it, personal data only with recipients:read; no token is 401', async () => {
  const company = await make.companyWithTokens(app.db);
  const en = (await app.get('/v2/event-types', company.live)).body.data as EventTypeInfo[];
  const nlAnswer = await app.get('/v2/event-types', company.live, { 'accept-language': 'nl' });
  const nl = nlAnswer.body.data as EventTypeInfo[];
  assert.equal(nlAnswer.headers.get('content-language'), 'nl');
  assert.match(nl[0]!.description, /bomen/);
  for (const [index, entry] of en.entries()) assert.notEqual(entry.description, nl[index]!.description);

  const narrow = await make.tokenFor(app.db, company, { scopes: ['company:read'] });
  const answer = await app.get('/v2/event-types', narrow.token);
  assert.equal(answer.status, 200, 'no scope needed beyond a valid token');
  const recipient = (answer.body.data as EventTypeInfo[]).find((entry) => entry.type === 'recipient.created')!.sample.data.object as Record<string, unknown>;
  assert.equal(recipient.object, 'recipient');
  assert.ok(!('email' in recipient) && !('first_name' in recipient), 'no names or email without recipients:read');
  const full = en.find((entry) => entry.type === 'recipient.created')!.sample.data.object as Record<string, unknown>;
  assert.equal(typeof full.email, 'string');

  assert.equal((await app.get('/v2/event-types')).status, 401);
  assert.equal((await app.get('/v2/event-types?limit=2', company.live)).body.error.code, 'parameter_unknown');
});

test("the API reference's example of an event type is the first entry the API answers a live token", async () => {
  const company = await make.companyWithTokens(app.db);
  const documented = (await app.get('/v2/openapi.json')).body.components.schemas.EventType.examples[0];
  const [first] = (await app.get('/v2/event-types', company.live)).body.data;
  assert.deepEqual(first, documented);
});
