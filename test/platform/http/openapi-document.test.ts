import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { SCOPES } from '../../../src/core/scopes.ts';
import { EVENT_TYPES } from '../../../src/platform/events/record.ts';
import { applySingle } from '../../../src/foundation/apply.ts';
import { startTestApp, } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';

/**
 * The OpenAPI document as a client generated from it sees it (issue 22): bodies that may
 * be left out, the headers of every request and answer, value sets, id patterns and URL
 * formats, events typed by their type, and livemode on every object of a mode. Real
 * answers are checked against it.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const company = await make.companyWithTokens(app.db);

// biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON
type Json = any;
let doc: Json;
const schemas = () => doc.components.schemas as Record<string, Json>;
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, method, path, op })),
  );

const foundation = (op: string, input: unknown) => applySingle(app.db, { op, input }, 'http://canopy.test');
const ref = (kind: string) => `${kind}-${randomAlphanumeric(8)}`;
const post = (path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => app.request('POST', path, { token, body, headers });
const key = () => ({ 'idempotency-key': `doc-${randomAlphanumeric(12)}` });

const world = { projectId: '', livePlantingId: '', testPlantingId: '', liveRecipientId: '', testRecipientId: '' };

before(async () => {
  doc = (await app.get('/v2/openapi.json')).body;

  // Live: a project, a completed planting holding the company's trees, a measurement.
  const partnerRef = ref('ptn');
  const projectRef = ref('prj');
  const plantingRef = ref('plt');
  await foundation('upsert_partner', { ref: partnerRef, name: 'Green Belt Restoration Trust', country: 'KE', website_url: 'https://greenbelt.example.org' });
  const project = await foundation('upsert_project', {
    ref: projectRef, partner_ref: partnerRef, name: { en: 'Mount Kenya', nl: 'Mount Kenya' }, description: { en: 'Forest.' }, country: 'KE',
    region: 'Nyeri', ecosystem_type: 'tropical_montane_forest', geometry: make.SQUARE, foundation_url: 'https://foundation.example.org/projects/mount-kenya',
    photos: [{ url: 'https://images.example.org/p.jpg', caption: { en: 'Nursery' }, taken_at: '2024-04-01' }],
  });
  const planting = await foundation('upsert_planting', {
    ref: plantingRef, project_ref: projectRef, trees: 1000, planted_at: '2025-04-15', geometry: make.SQUARE,
    species: [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry' }, trees: 1000 }],
  });
  await foundation('complete_planting', { ref: plantingRef });
  await foundation('record_allocation', { ref: ref('alloc'), company_id: company.id, livemode: true, planting_ref: plantingRef, trees: 100 });
  await foundation('record_monitoring', {
    ref: ref('mon'), project_ref: projectRef, planting_ref: plantingRef, recorded_at: '2025-09-01', survival_rate: 0.9, trees_alive: 900, method: 'field_count',
  });
  world.projectId = project.id;
  world.livePlantingId = planting.id;

  // Test: the helpers make every kind of event, in the same project.
  const allocation = await post('/v2/test_helpers/allocations', company.test, { trees: 40, project: project.id });
  assert.equal(allocation.status, 200, allocation.text);
  world.testPlantingId = allocation.body.planting;
  for (const step of ['plant', 'monitor']) assert.equal((await post(`/v2/test_helpers/allocations/${allocation.body.id}/${step}`, company.test)).status, 200);
  assert.equal((await post(`/v2/test_helpers/allocations/${allocation.body.id}/change_trees`, company.test, { trees: 45 })).status, 200);
  assert.equal((await post(`/v2/test_helpers/projects/${project.id}/verifications`, company.test)).status, 200);

  // A live statement: announced to live and to test readers of the project.
  await foundation('publish_verification', {
    ref: ref('ver'), project_ref: projectRef, period_start: '2024-01-01', period_end: '2024-12-31', verifier_name: 'EcoAudit',
    verifier_website_url: 'https://ecoaudit.example.org', summary: { en: 'Survival confirmed.' }, trees_verified: 900, published_at: '2025-10-01T00:00:00.000Z',
  });

  // Recipients, a claimed gift code, and their certificates, in both modes.
  for (const [mode, token] of [['live', company.live], ['test', company.test]] as const) {
    const recipient = await post('/v2/recipients', token, { trees: 5, first_name: 'Sanne', email: 'sanne@example.nl', language: 'nl' }, key());
    assert.equal(recipient.status, 200, recipient.text);
    world[mode === 'live' ? 'liveRecipientId' : 'testRecipientId'] = recipient.body.id;
  }
  const gift = await post('/v2/gift-codes', company.test, { trees: 3 }, key());
  assert.equal(gift.status, 200, gift.text);
  const claimed = await post(`/v2/test_helpers/gift_codes/${gift.body.id}/claim`, company.test, { first_name: 'Pieter', email: 'pieter@example.nl' });
  assert.equal(claimed.status, 200, claimed.text);
  await app.runJobs();
});

describe('1. a body that may be left out', () => {
  const OPTIONAL = ['POST /v2/events/{id}/redeliver', 'POST /v2/gift-codes/{id}/revoke', 'POST /v2/webhook-endpoints/{id}/recover', 'POST /v2/webhook-endpoints/{id}/rotate-secret'];

  test('is not required in the document, every other body is, and each such operation answers 200 without one', async () => {
    const withBody = operations().filter(({ op }) => op.requestBody);
    const optional = withBody.filter(({ op }) => op.requestBody.required === false);
    assert.deepEqual(optional.map(({ label }) => label).sort(), OPTIONAL);
    for (const { label, op } of withBody) if (!OPTIONAL.includes(label)) assert.equal(op.requestBody.required, true, label);
    for (const { label, op } of operations()) assert.ok(!Object.keys(op).some((name) => name.startsWith('x-canopy')), `${label}: no internal note left`);

    const [event] = (await app.get('/v2/events?limit=1', company.live)).body.data;
    const endpoint = await post('/v2/webhook-endpoints', company.live, { url: 'http://127.0.0.1:9/hooks' });
    assert.equal(endpoint.status, 200, endpoint.text);
    const gift = await post('/v2/gift-codes', company.live, { trees: 1 }, key());
    const ids: Record<string, string> = { events: event.id, 'gift-codes': gift.body.id, 'webhook-endpoints': endpoint.body.id };
    for (const { path } of optional) {
      const resource = /^\/v2\/([a-z-]+)\/\{id\}/.exec(path)![1]!;
      const answer = await app.request('POST', path.replace('{id}', ids[resource]!), { token: company.live });
      assert.equal(answer.status, 200, `${path} without a body: ${answer.text}`);
    }
  });
});

describe('2. headers', () => {
  const header = (op: Json, name: string) => (op.parameters ?? []).find((p: Json) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());

  test('every operation takes Accept-Language; every POST an Idempotency-Key, required where the spec requires it', () => {
    const required = ['POST /v2/gift-codes', 'POST /v2/recipients'];
    assert.ok(operations().length > 30);
    for (const { label, method, op } of operations()) {
      const language = header(op, 'Accept-Language');
      assert.ok(language, `${label}: Accept-Language`);
      assert.equal(language.required, false, label);
      assert.deepEqual(language.schema.enum, ['en', 'nl'], label);
      const idempotency = header(op, 'Idempotency-Key');
      if (method !== 'post') {
        assert.equal(idempotency, undefined, `${label} takes no Idempotency-Key`);
        continue;
      }
      assert.ok(idempotency, `${label}: Idempotency-Key`);
      assert.equal(idempotency.required, required.includes(label), `${label}: Idempotency-Key required`);
      assert.equal(idempotency.schema.maxLength, 255, label);
    }
  });

  test('every answer documents Request-Id; after authentication Content-Language and the rate limits; a POST success Idempotent-Replayed', () => {
    const defined = doc.components.headers;
    for (const name of ['Request-Id', 'Content-Language', 'Idempotent-Replayed', 'RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) {
      assert.ok(defined[name]?.schema, `components.headers.${name}`);
    }
    assert.deepEqual(defined['Content-Language'].schema.enum, ['en', 'nl']);
    for (const { label, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const names = Object.keys(response.headers ?? {});
        const where = `${label} ${status}`;
        assert.ok(names.includes('Request-Id'), `${where}: Request-Id`);
        const authenticated = !['401', '403'].includes(status);
        assert.equal(names.includes('Content-Language'), authenticated, `${where}: Content-Language`);
        assert.equal(names.includes('RateLimit'), authenticated, `${where}: RateLimit`);
        assert.equal(names.includes('Idempotent-Replayed'), method === 'post' && status.startsWith('2'), `${where}: Idempotent-Replayed`);
      }
    }
  });

  test('real answers carry what the document says', async () => {
    const requestId = new RegExp(doc.components.headers['Request-Id'].schema.pattern);
    const english = await app.get('/v2/company', company.live);
    assert.match(english.headers.get('request-id') ?? '', requestId);
    assert.equal(english.headers.get('content-language'), 'en');
    assert.equal((await app.get('/v2/company', company.live, { 'accept-language': 'nl' })).headers.get('content-language'), 'nl');
    const refused = await app.get('/v2/company', 'canopy_live_00000000000000000000000000000000');
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('request-id') ?? '', requestId);
    const headers = key();
    const first = await post('/v2/recipients', company.live, { trees: 1 }, headers);
    const again = await post('/v2/recipients', company.live, { trees: 1 }, headers);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
  });
});

describe('3. types', () => {
  test('fields whose values are known are enums', () => {
    const s = schemas();
    assert.deepEqual(s.Recipient.properties.language.enum, ['en', 'nl']);
    assert.deepEqual(s.Recipient.properties.source.enum, ['api', 'dashboard', 'gift_code', 'foundation', 'legacy']);
    assert.deepEqual(s.Company.properties.status.enum, ['active', 'suspended', 'closed']);
    assert.deepEqual(s.Company.properties.plan.enum, ['starter', 'grow', 'automate']);
    assert.deepEqual(s.Project.properties.status.enum, ['planned', 'active', 'completed']);
    assert.deepEqual(s.Token.properties.scopes.items.enum, [...SCOPES]);
    assert.deepEqual(s.WebhookEndpoint.properties.enabled_events.items.enum, ['*', ...EVENT_TYPES]);
  });

  test('ids have their pattern, and the URLs Canopy makes their format', () => {
    const s = schemas();
    const PREFIXES: Record<string, string> = {
      Company: 'cmp', Allocation: 'alloc', Planting: 'plt', PlantingPartner: 'ptn', Project: 'prj', Monitoring: 'mon', Verification: 'ver',
      Recipient: 'rcp', GiftCode: 'gift', Certificate: 'cert', EmbeddedCertificate: 'cert', WebhookEndpoint: 'whe', WebhookEndpointWithSecret: 'whe',
    };
    for (const [name, prefix] of Object.entries(PREFIXES)) assert.equal(s[name].properties.id.pattern, `^${prefix}_[A-Za-z0-9]{24}$`, `${name}.id`);
    assert.equal(s.Token.properties.company.properties.id.pattern, '^cmp_[A-Za-z0-9]{24}$');
    assert.equal(s.Allocation.properties.planting.anyOf[0].pattern, '^plt_[A-Za-z0-9]{24}$', 'an expandable id');
    assert.equal(s.Monitoring.properties.project.pattern, '^prj_[A-Za-z0-9]{24}$');
    assert.equal(s.Recipient.properties.allocations.items.pattern, '^alloc_[A-Za-z0-9]{24}$');
    for (const [name, field] of [['Company', 'logo_url'], ['Company', 'public_page_url'], ['GiftCode', 'claim_url'], ['Certificate', 'url'],
      ['Certificate', 'download_url'], ['EmbeddedCertificate', 'download_url'], ['WebhookEndpoint', 'url']] as const) {
      assert.equal(s[name].properties[field].format, 'uri', `${name}.${field}`);
    }
  });

  test('a certificate as GET /v2/certificates answers it always has download_url; one inside a recipient or an event may not', () => {
    const s = schemas();
    assert.ok(s.Certificate.required.includes('download_url'));
    assert.ok(!s.EmbeddedCertificate.required.includes('download_url'));
    assert.deepEqual(s.Recipient.properties.certificate.anyOf, [{ $ref: '#/components/schemas/EmbeddedCertificate' }, { type: 'null' }]);
  });

  test('an event is a union keyed on its type, each variant with its object', () => {
    const event = schemas().Event;
    assert.equal(event.discriminator.propertyName, 'type');
    assert.deepEqual(Object.keys(event.discriminator.mapping), [...EVENT_TYPES]);
    assert.deepEqual(event.oneOf.map((variant: Json) => variant.$ref), Object.values(event.discriminator.mapping));
    const OBJECTS: Record<string, string> = {
      'allocation.created': 'Allocation', 'allocation.planted': 'Allocation', 'allocation.monitored': 'Allocation', 'allocation.updated': 'Allocation',
      'planting.updated': 'Planting', 'verification.published': 'Verification', 'recipient.created': 'Recipient', 'recipient.claimed': 'Recipient',
      'certificate.created': 'EmbeddedCertificate',
    };
    for (const type of EVENT_TYPES) {
      const variant = schemas()[(event.discriminator.mapping[type] as string).split('/').at(-1)!];
      assert.deepEqual(variant.properties.type.enum, [type], type);
      assert.ok(variant.required.includes('type'), type);
      assert.equal(variant.properties.data.properties.object.$ref, `#/components/schemas/${OBJECTS[type]}`, type);
      assert.equal('previous' in variant.properties.data.properties, type === 'allocation.updated', `${type}: data.previous`);
    }
  });

  test('real answers, expanded, of both modes and of a token without certificates:read, match the document', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajvFormats.default(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
    const check = (template: string, answer: { status: number; body: unknown; text: string }, what: string) => {
      assert.equal(answer.status, 200, `${what}: ${answer.text}`);
      const validate = ajv.getSchema(`openapi.json#/${pointer('paths', template, 'get', 'responses', '200', 'content', 'application/json', 'schema')}`)
        ?? ajv.compile({ $ref: `openapi.json#/${pointer('paths', template, 'get', 'responses', '200', 'content', 'application/json', 'schema')}` });
      assert.ok(validate(answer.body), `${what} matches the document: ${ajv.errorsText(validate.errors)}`);
    };
    const reader = await make.tokenFor(app.db, company, { scopes: ['recipients:read', 'events:read', 'allocations:read', 'gift-codes:read'], livemode: false });
    const { projectId, livePlantingId, testPlantingId, liveRecipientId, testRecipientId } = world;
    const reads: [string, string, string, string][] = [];
    for (const [mode, token, plantingId, recipientId] of [['live', company.live, livePlantingId, liveRecipientId], ['test', company.test, testPlantingId, testRecipientId]]) {
      reads.push(
        ['/v2/me', '/v2/me', token!, mode!], ['/v2/company', '/v2/company', token!, mode!],
        ['/v2/allocations', '/v2/allocations?limit=100&expand[]=planting.partner&expand[]=project&expand[]=recipient', token!, mode!],
        ['/v2/plantings', '/v2/plantings?expand[]=project&expand[]=partner', token!, mode!],
        ['/v2/plantings/{id}', `/v2/plantings/${plantingId}`, token!, mode!],
        ['/v2/projects', '/v2/projects?expand[]=partner', token!, mode!],
        ['/v2/projects/{id}/verifications', `/v2/projects/${projectId}/verifications`, token!, mode!],
        ['/v2/projects/{id}/monitoring', `/v2/projects/${projectId}/monitoring`, token!, mode!],
        ['/v2/recipients', '/v2/recipients', token!, mode!], ['/v2/recipients/{id}', `/v2/recipients/${recipientId}`, token!, mode!],
        ['/v2/gift-codes', '/v2/gift-codes?expand[]=recipient', token!, mode!], ['/v2/certificates', '/v2/certificates', token!, mode!],
        ['/v2/events', '/v2/events?limit=100', token!, mode!], ['/v2/webhook-endpoints', '/v2/webhook-endpoints', token!, mode!],
        ['/v2/event-types', '/v2/event-types', token!, mode!],
      );
    }
    reads.push(
      ['/v2/recipients', '/v2/recipients', reader.token, 'test without certificates:read'],
      ['/v2/events', '/v2/events?limit=100', reader.token, 'test without certificates:read'],
      ['/v2/allocations', '/v2/allocations?limit=100&expand[]=recipient', reader.token, 'test without certificates:read'],
    );
    for (const [template, path, token, mode] of reads) check(template, await app.get(path, token), `GET ${path} (${mode})`);

    // The document is strict enough to refuse a wrong answer: an event's object without livemode, a language it does not know.
    const event = (await app.get('/v2/events?type=planting.updated&limit=1', company.test)).body.data[0];
    const { livemode: _dropped, ...withoutLivemode } = event.data.object;
    const wrongEvent = { ...event, data: { ...event.data, object: withoutLivemode } };
    const recipient = (await app.get(`/v2/recipients/${testRecipientId}`, company.test)).body;
    for (const [template, body, what] of [['/v2/events/{id}', wrongEvent, 'a planting.updated event without livemode'], ['/v2/recipients/{id}', { ...recipient, language: 'de' }, 'a recipient in German']]) {
      const validate = ajv.compile({ $ref: `openapi.json#/${pointer('paths', template as string, 'get', 'responses', '200', 'content', 'application/json', 'schema')}` });
      assert.equal(validate(body), false, `the document refuses ${what}`);
    }

    const seen = new Set<string>((await app.get('/v2/events?limit=100', company.test)).body.data.map((event: Json) => event.type));
    assert.deepEqual([...EVENT_TYPES].filter((type) => !seen.has(type)), [], 'the test-mode log holds every event type, each checked above');
    const withoutLink = (await app.get(`/v2/recipients/${testRecipientId}`, reader.token)).body.certificate;
    assert.ok(withoutLink && !('download_url' in withoutLink), 'a certificate without its link was among them');
  });
});

describe('4. livemode on plantings, projects, measurements and statements: the mode of the reader', () => {
  test('the document requires it', () => {
    for (const name of ['Planting', 'Project', 'Monitoring', 'Verification']) {
      assert.equal(schemas()[name].properties.livemode?.type, 'boolean', name);
      assert.ok(schemas()[name].required.includes('livemode'), name);
    }
  });

  test('a read carries the mode of its token, live proof read in test mode included', async () => {
    const { projectId, livePlantingId, testPlantingId } = world;
    for (const [token, livemode, plantingId] of [[company.live, true, livePlantingId], [company.test, false, testPlantingId]] as const) {
      const planting = (await app.get(`/v2/plantings/${plantingId}?expand[]=project`, token)).body;
      assert.equal(planting.livemode, livemode, 'planting');
      assert.equal(planting.project.livemode, livemode, 'expanded project');
      assert.equal(planting.latest_monitoring.livemode, livemode, 'latest_monitoring');
      assert.equal(planting.verification.latest.livemode, livemode, 'verification.latest');
      assert.equal((await app.get(`/v2/projects/${projectId}`, token)).body.livemode, livemode, 'project');
      const statements = (await app.get(`/v2/projects/${projectId}/verifications`, token)).body.data;
      const measurements = (await app.get(`/v2/projects/${projectId}/monitoring`, token)).body.data;
      assert.deepEqual(statements.map((s: Json) => s.livemode), statements.map(() => livemode), 'verifications');
      assert.deepEqual(measurements.map((m: Json) => m.livemode), measurements.map(() => livemode), 'monitoring');
      if (!livemode) {
        assert.ok(statements.some((s: Json) => s.verifier_name === 'EcoAudit'), 'the live statement is among a test reader\'s');
        assert.ok(measurements.some((m: Json) => m.planting === livePlantingId), 'a live measurement is among a test reader\'s');
      }
    }
  });

  test('planting.updated and verification.published carry it as their event does', async () => {
    for (const [token, livemode] of [[company.live, true], [company.test, false]] as const) {
      for (const type of ['planting.updated', 'verification.published']) {
        const events = (await app.get(`/v2/events?type=${type}`, token)).body.data;
        assert.ok(events.length > 0, `${type} in ${livemode ? 'live' : 'test'} mode`);
        for (const event of events) assert.deepEqual([event.livemode, event.data.object.livemode], [livemode, livemode], `${type} ${event.id}`);
      }
    }
    const testStatements = (await app.get('/v2/events?type=verification.published', company.test)).body.data;
    assert.ok(testStatements.some((event: Json) => event.data.object.verifier_name === 'EcoAudit'), 'the live statement announced in test mode says test mode');
  });
});
