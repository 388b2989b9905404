import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { randomAlphanumeric } from '../src/core/ids.ts';
import { roleAllowsScope, SCOPES, type Scope } from '../src/core/scopes.ts';
import { claimGiftCodeByCode } from '../src/modules/gift-codes/service.ts';
import { createUser, setUserRole } from '../src/operator/users.ts';
import { attemptDelivery, claimDueDeliveries } from '../src/platform/webhooks/deliveries.ts';
import { DELIVERY_HOOKS } from '../src/features.ts';
import { startTestApp, TEST_SECRET_KEY, type TestResponse, } from './helpers/app.ts';
import * as make from './helpers/factories.ts';
import {
  assertOneErrorShape, idKindOfPattern, isTestHelper, label, listKind, type Operation, pathIdKind, readOperations,
} from './helpers/operations.ts';
import { startReceiver } from './helpers/receiver.ts';

/**
 * Matrices over every operation of the OpenAPI document (read at run time: a new operation
 * fails here until FIXTURES names it, so coverage cannot shrink unnoticed):
 *
 * - scopes: a token holding each scope alone, all but recipients:read or certificates:read,
 *   all, and all with its owner demoted to member, calls every operation in both modes; an
 *   operation answers 2xx when the token may call it, else 403 naming the scope it lacks;
 * - personal data (a recipient's names and email, a gift code's `sent_to`) reaches no token
 *   without `recipients:read`, in any answer (lists, retrieves, expands, events, writes,
 *   replayed writes), nor a webhook endpoint not set up for it;
 * - a certificate's signed `download_url` reaches no token without `certificates:read`
 *   (spec section 5: that scope reads "certificates and download URLs");
 * - every id an operation takes (in its path, a filter, its body, `starting_after`) answers
 *   for another company's id and the other mode's id exactly as for an id that names nothing.
 *
 * route-guards.test.ts checks 401 and 403 with one request per operation, without fixtures.
 */

const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const operations = await readOperations(app);
const receiver = await startReceiver();
const PUBLIC = 'http://canopy.test';
const runWorker = () => app.runJobs();

type Mode = 'live' | 'test';
type Ids = Record<string, string>;
const MODES = ['live', 'test'] as const;

/** A company with one object of every kind in each mode, its recipients and gift codes carrying personal data. */
interface World {
  company: make.TestCompany;
  ids: Record<Mode, Ids>;
  /** Every name and email the world holds: none may reach a token without recipients:read. */
  personal: string[];
  /** Where its webhook endpoints deliver, with and without personal data. */
  hooks: { private: string; personal: string };
}

const tokenOf = (company: make.TestCompany, mode: Mode) => (mode === 'live' ? company.live : company.test);
const freshKey = () => `matrix-${randomAlphanumeric(16)}`;

function post(token: string, path: string, body: unknown) {
  return app.request('POST', path, { token, body, headers: { 'idempotency-key': freshKey() } });
}

async function ok(response: Promise<TestResponse> | TestResponse, what: string) {
  const answered = await response;
  assert.ok(answered.status >= 200 && answered.status < 300, `${what}: ${answered.status} ${answered.text}`);
  return answered.body;
}

/** Names and emails that can only have come from this world's personal data. */
function personalData(tag: string, who: string) {
  return { first_name: `${who}First${tag}`, last_name: `${who}Last${tag}`, email: `${who.toLowerCase()}.${tag.toLowerCase()}@private-mail.example` };
}

async function buildWorld(): Promise<World> {
  const company = await make.companyWithTokens(app.db);
  const tag = randomAlphanumeric(10);
  const hooks = { private: `/private-${tag}`, personal: `/personal-${tag}` };
  const personal: string[] = [];
  /** The personal data of one person, every field of it sent (or the ones picked). */
  const named = (who: string, fields: readonly ('first_name' | 'last_name' | 'email')[] = ['first_name', 'last_name', 'email']) => {
    const data = personalData(tag, who);
    const picked = Object.fromEntries(fields.map((field) => [field, data[field]])) as Partial<typeof data>;
    personal.push(...Object.values(picked));
    return picked;
  };
  const ids = {} as Record<Mode, Ids>;
  for (const mode of MODES) {
    const livemode = mode === 'live';
    const token = tokenOf(company, mode);
    const project = await make.project(app.db);
    const planting = await make.planting(app.db, project, { trees: 100_000, livemode });
    for (let i = 0; i < 2; i++) await make.allocation(app.db, company, planting, { trees: 60, livemode, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
    // First, so that every event after them has deliveries to show and to send.
    const endpoint = await ok(post(token, '/v2/webhook-endpoints', { url: `${receiver.base}${hooks.personal}`, include_personal_data: true }), 'endpoint');
    await ok(post(token, '/v2/webhook-endpoints', { url: `${receiver.base}${hooks.private}` }), 'private endpoint');

    const recipient = await ok(post(token, '/v2/recipients', { trees: 3, project: project.id, ...named(`Rcp${mode}`), message: 'For you.' }), 'recipient');
    await ok(app.request('PATCH', `/v2/recipients/${recipient.id}`, { token, body: named(`Renamed${mode}`, ['first_name', 'email']) }), 'rename');
    const sentTo = named(`Sent${mode}`, ['last_name', 'email']);
    const gift = await ok(post(token, '/v2/gift-codes', { trees: 2, sent_to: { name: sentTo.last_name, email: sentTo.email } }), 'gift code');
    const claimant = named(`Claim${mode}`) as ReturnType<typeof personalData>;
    if (livemode) {
      const claimed = await claimGiftCodeByCode(app.db, PUBLIC, gift.code, { firstName: claimant.first_name, lastName: claimant.last_name, email: claimant.email, language: 'en' });
      assert.equal(claimed.outcome, 'claimed');
    } else {
      await ok(app.request('POST', `/v2/test_helpers/gift_codes/${gift.id}/claim`, { token, body: claimant }), 'claim');
    }
    await runWorker();

    const withCertificate = await ok(app.get(`/v2/recipients/${recipient.id}`, token), 'recipient again');
    assert.ok(withCertificate.certificate, 'the worker issued its certificate');
    const created = await ok(app.get('/v2/events?type=recipient.created&limit=100', token), 'events');
    const event = created.data.find((e: { data: { object: { id: string } } }) => e.data.object.id === recipient.id);
    const monitoring = await make.monitoring(app.db, project, { plantingId: planting.id });
    await app.db.updateTable('monitorings').set({ livemode }).where('id', '=', monitoring.id).execute();
    ids[mode] = {
      alloc: withCertificate.allocations[0], plt: planting.id, prj: project.id, rcp: recipient.id, cert: withCertificate.certificate.id,
      gift: gift.id, whe: endpoint.id, evt: event.id, ver: (await make.verification(app.db, project)).id, mon: monitoring.id,
    };
  }
  return { company, ids, personal, hooks };
}

/** One request of an operation: its path with the id filled in, its query, body and headers. */
interface Call {
  path: string;
  query?: [string, string][];
  body?: unknown;
  headers?: Record<string, string>;
}

interface CallContext {
  world: World;
  mode: Mode;
  ids: Ids;
  /** A token with every scope, for making what a call needs (a recipient to delete, an allocation to plant). */
  full: string;
  /** Personal data a call sends: it may no more come back than the world's. */
  sends(data: Record<string, string>): Record<string, string>;
}

/** The context of the world's calls in one mode; personal data the calls send is added to `sent`. */
function contextOf(world: World, mode: Mode, sent: string[] = []): CallContext {
  const sends = (data: Record<string, string>) => {
    sent.push(...Object.values(data));
    return data;
  };
  return { world, mode, ids: world.ids[mode], full: tokenOf(world.company, mode), sends };
}

type Fixture = (c: CallContext) => Promise<Partial<Call>>;
/** An operation that needs nothing beyond its path id (filled in by kind), `limit=100` and every `expand[]` value. */
const PLAIN: Fixture = async () => ({});

/**
 * Every operation of the document, with what a call needs to answer 2xx to a token holding
 * its scope: a body, or an object of its own when the call uses one up. An operation the
 * document has and this table lacks fails the first test.
 */
const FIXTURES: Record<string, Fixture> = {
  'GET /v2/me': PLAIN,
  'GET /v2/company': PLAIN,
  'GET /v2/allocations': PLAIN,
  'GET /v2/allocations/{id}': PLAIN,
  'GET /v2/plantings': PLAIN,
  'GET /v2/plantings/{id}': PLAIN,
  'GET /v2/exports/plantings.geojson': PLAIN,
  'GET /v2/exports/plantings.csv': PLAIN,
  'GET /v2/projects': PLAIN,
  'GET /v2/projects/{id}': PLAIN,
  'GET /v2/projects/{id}/verifications': PLAIN,
  'GET /v2/projects/{id}/monitoring': PLAIN,
  'GET /v2/recipients': PLAIN,
  'POST /v2/recipients': async (c) => ({ body: { trees: 1, ...c.sends(personalData(randomAlphanumeric(8), 'Posted')) } }),
  'GET /v2/recipients/{id}': PLAIN,
  'PATCH /v2/recipients/{id}': async (c) => ({ body: { last_name: c.sends(personalData(randomAlphanumeric(8), 'Patched')).last_name } }),
  'DELETE /v2/recipients/{id}': async (c) => {
    const spare = await ok(post(c.full, '/v2/recipients', { trees: 1, ...c.sends(personalData(randomAlphanumeric(8), 'Deleted')) }), 'a recipient to delete');
    return { path: `/v2/recipients/${spare.id}` };
  },
  'GET /v2/gift-codes': PLAIN,
  'POST /v2/gift-codes': async (c) => {
    const to = c.sends(personalData(randomAlphanumeric(8), 'Given'));
    return { body: { trees: 1, sent_to: { name: to.first_name, email: to.email } } };
  },
  'GET /v2/gift-codes/{id}': PLAIN,
  'POST /v2/gift-codes/{id}/revoke': async (c) => {
    const to = c.sends(personalData(randomAlphanumeric(8), 'Revoked'));
    const spare = await ok(post(c.full, '/v2/gift-codes', { trees: 1, sent_to: { name: to.first_name, email: to.email } }), 'a code to revoke');
    return { path: `/v2/gift-codes/${spare.id}/revoke` };
  },
  'GET /v2/certificates': PLAIN,
  'GET /v2/certificates/{id}': PLAIN,
  'GET /v2/webhook-endpoints': PLAIN,
  // One rare event type, so that the endpoints the walks add do not multiply the deliveries to send.
  'POST /v2/webhook-endpoints': async () => ({ body: { url: `${receiver.base}/more-hooks`, enabled_events: ['verification.published'] } }),
  'POST /v2/webhook-endpoints/{id}/rotate-secret': async () => ({ body: { expires_in: 0 } }),
  'POST /v2/webhook-endpoints/{id}/recover': async () => ({ body: { since: new Date(Date.now() - 3600_000).toISOString() } }),
  'GET /v2/webhook-endpoints/{id}': PLAIN,
  'PATCH /v2/webhook-endpoints/{id}': async () => ({ body: { description: 'Orders system' } }),
  'DELETE /v2/webhook-endpoints/{id}': async (c) => {
    const spare = await ok(post(c.full, '/v2/webhook-endpoints', { url: `${receiver.base}/spare` }), 'an endpoint to delete');
    return { path: `/v2/webhook-endpoints/${spare.id}` };
  },
  'GET /v2/events': PLAIN,
  'GET /v2/events/{id}': PLAIN,
  'GET /v2/event-types': PLAIN,
  'POST /v2/events/{id}/redeliver': async (c) => ({ body: { endpoint: c.ids.whe } }),
  'POST /v2/test_helpers/allocations': async () => ({ body: { trees: 1 } }),
  'POST /v2/test_helpers/allocations/{id}/plant': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, false)}/plant` }),
  'POST /v2/test_helpers/allocations/{id}/monitor': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, true)}/monitor` }),
  'POST /v2/test_helpers/allocations/{id}/change_trees': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, false)}/change_trees`, body: { trees: 2 } }),
  'POST /v2/test_helpers/projects/{id}/verifications': PLAIN,
  'POST /v2/test_helpers/gift_codes/{id}/claim': async (c) => {
    const spare = await ok(post(c.full, '/v2/gift-codes', { trees: 1 }), 'a code to claim');
    const claimant = c.sends(personalData(randomAlphanumeric(8), 'Claimed'));
    return { path: `/v2/test_helpers/gift_codes/${spare.id}/claim`, body: claimant };
  },
};

/** An allocation a test helper made (the only kind they move), planted when asked. */
async function helperAllocation(c: CallContext, planted: boolean): Promise<string> {
  const made = await ok(app.request('POST', '/v2/test_helpers/allocations', { token: c.full, body: { trees: 1 } }), 'a helper allocation');
  if (planted) await ok(app.request('POST', `/v2/test_helpers/allocations/${made.id}/plant`, { token: c.full }), 'planting it');
  return made.id;
}

/** Operations a token of this mode can call: test helpers are test mode's only. */
const operationsOf = (mode: Mode) => operations.filter((op) => mode === 'test' || !isTestHelper(op));

/** The call of an operation with the world's ids; its fixture runs only for a call meant to succeed (`withFixture`). */
async function callFor(op: Operation, c: CallContext, withFixture = true): Promise<Call> {
  const fixture = FIXTURES[label(op)];
  if (!fixture) throw new Error(`No fixture for ${label(op)}: add it to FIXTURES in operation-matrix.test.ts`);
  const made = withFixture ? await fixture(c) : {};
  const query: [string, string][] = [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (parameter.name === 'limit') query.push(['limit', '100']);
    if (parameter.name === 'expand[]') for (const value of parameter.schema.items?.enum ?? []) query.push(['expand[]', String(value)]);
  }
  const path = made.path ?? (op.path.includes('{id}') ? op.path.replace('{id}', c.ids[pathIdKind(op.path)] ?? '') : op.path);
  const headers = op.method === 'POST' ? { 'idempotency-key': freshKey() } : undefined;
  return { path, query, headers, ...made, ...(made.query ? { query: [...query, ...made.query] } : {}) };
}

function send(op: Operation, call: Call, token: string): Promise<TestResponse> {
  const query = (call.query ?? []).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const body = call.body ?? (op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
  return app.request(op.method, query ? `${call.path}?${query}` : call.path, { token, body, headers: call.headers });
}

interface Answer {
  op: Operation;
  mode: Mode;
  response: TestResponse;
}

/** A kind of token the scope matrix tries: its scopes, and whether its owner was demoted to member. */
interface Holder {
  name: string;
  scopes: readonly Scope[];
  member?: boolean;
}

const every = (except: Scope) => SCOPES.filter((scope) => scope !== except);
const HOLDERS: Holder[] = [
  { name: 'every scope', scopes: SCOPES },
  { name: 'every scope but recipients:read', scopes: every('recipients:read') },
  { name: 'every scope but certificates:read', scopes: every('certificates:read') },
  ...SCOPES.map((scope) => ({ name: `${scope} alone`, scopes: [scope] })),
  { name: 'every scope, its owner now a member', scopes: SCOPES, member: true },
];

/** A token of the world's company in one mode, as the holder has it. */
async function tokenOfHolder(world: World, holder: Holder, mode: Mode): Promise<string> {
  const livemode = mode === 'live';
  if (!holder.member) return (await make.tokenFor(app.db, world.company, { scopes: holder.scopes, livemode })).token;
  const email = `member-${randomAlphanumeric(8).toLowerCase()}@example.com`;
  await createUser(app.db, { companyId: world.company.id, email, name: 'Mia Member', role: 'admin' });
  const { token } = await make.tokenFor(app.db, world.company, { scopes: holder.scopes, livemode, ownerEmail: email });
  await setUserRole(app.db, world.company.id, email, 'member');
  return token;
}

/** Why the holder may not call the operation (the code and the scope it names), or null when it may. */
function refusalOf(op: Operation, holder: Holder): { code: string; scope: string } | null {
  if (op.scope === null) return null;
  if (!(holder.scopes as readonly string[]).includes(op.scope)) return { code: 'scope_missing', scope: op.scope };
  if (holder.member && !roleAllowsScope('member', op.scope as Scope)) return { code: 'owner_role_not_allowed', scope: op.scope };
  return null;
}

/**
 * Calls every operation once in each mode as the holder: 2xx where it may call it, else 403
 * naming the scope (calls meant to fail skip their fixtures, so that the refusal is about
 * the scope alone). The fixtures' own objects are made with a token holding every scope.
 */
async function walk(world: World, holder: Holder, sent: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const mode of MODES) {
    const token = await tokenOfHolder(world, holder, mode);
    const context = contextOf(world, mode, sent);
    for (const op of operationsOf(mode)) {
      const refusal = refusalOf(op, holder);
      const response = await send(op, await callFor(op, context, refusal === null), token);
      const what = `${label(op)} in ${mode} mode with ${holder.name}`;
      if (refusal === null) {
        assert.ok(response.status >= 200 && response.status < 300, `${what}: 2xx: ${response.status} ${response.text}`);
      } else {
        assert.deepEqual([response.status, response.body.error?.code, response.body.error?.required_scope], [403, refusal.code, refusal.scope], `${what}: ${response.text}`);
        assert.match(response.body.error.message, new RegExp(refusal.scope), `${what}: the message names ${refusal.scope}`);
        assertOneErrorShape(op, response, what);
      }
      answers.push({ op, mode, response });
    }
  }
  return answers;
}

const found = (answers: Answer[], text: string) => answers.filter((a) => a.response.text.toLowerCase().includes(text.toLowerCase()));
const SIGNED_LINK = /\/download\?expires=/;

/** No personal data in the answers of a token without recipients:read, no download link without certificates:read. */
function assertNothingWithheldShown(answers: Answer[], scopes: readonly Scope[], personal: readonly string[], whose: string) {
  if (!scopes.includes('recipients:read')) {
    for (const text of personal) {
      const leaks = found(answers, text);
      assert.deepEqual(leaks.map((a) => `${a.mode} ${label(a.op)}`), [], `"${text}" reached ${whose}: ${leaks[0]?.response.text.slice(0, 2000)}`);
    }
  }
  if (!scopes.includes('certificates:read')) {
    const leaks = answers.filter((a) => SIGNED_LINK.test(a.response.text) || a.response.text.includes('"download_url"'));
    assert.deepEqual(leaks.map((a) => `${a.mode} ${label(a.op)}`), [], `a download link reached ${whose}: ${leaks[0]?.response.text.slice(0, 2000)}`);
  }
}

let world: World;
let foreign: World;
/** The answers of the walk with every scope, for the checks that what is withheld elsewhere is shown there. */
let everything: Answer[];

before(async () => {
  world = await buildWorld();
  foreign = await buildWorld();
});

describe('every operation of the document', () => {
  test('has a fixture, and every path id and reference names a kind the matrices know', () => {
    assert.deepEqual(operations.map(label).sort(), Object.keys(FIXTURES).sort(), 'FIXTURES lists exactly the operations of the document');
    for (const op of operations) {
      if (op.path.includes('{id}')) pathIdKind(op.path);
      listKind(op);
      for (const parameter of op.parameters) {
        if (parameter.schema.pattern && parameter.name !== 'starting_after') assert.ok(idKindOfPattern(parameter.schema.pattern) || parameter.name === 'country', `${label(op)} ${parameter.name}: a pattern the matrices know`);
      }
    }
  });
});

describe('every operation', () => {
  test('refuses a query parameter it does not take, naming it', async () => {
    for (const mode of MODES) {
      for (const op of operationsOf(mode)) {
        const call = await callFor(op, contextOf(world, mode));
        call.query = [...(call.query ?? []), ['colour', 'green']];
        const response = await send(op, call, tokenOf(world.company, mode));
        const what = `${label(op)}?colour=green in ${mode} mode`;
        assert.deepEqual([response.status, response.body.error?.code, response.body.error?.param], [400, 'parameter_unknown', 'colour'], `${what}: ${response.text}`);
        assertOneErrorShape(op, response, what);
      }
    }
  });
});

describe('scopes, personal data and download links', () => {
  for (const holder of HOLDERS) {
    test(`a token with ${holder.name}: 2xx where it may, 403 naming the scope where not, nothing withheld shown`, async () => {
      const sent: string[] = [];
      const answers = await walk(world, holder, sent);
      if (holder.scopes === SCOPES && !holder.member) everything = answers;
      assertNothingWithheldShown(answers, holder.scopes, [...world.personal, ...sent], `a token with ${holder.name}`);
    });
  }

  test('recipients:read shows personal data: recipients, gift codes, expands, events', () => {
    for (const text of world.personal) assert.ok(found(everything, text).length > 0, `"${text}" is shown with recipients:read, so its absence elsewhere means something`);
    for (const op of ['GET /v2/recipients', 'GET /v2/events', 'GET /v2/allocations/{id}', 'GET /v2/gift-codes/{id}', 'POST /v2/events/{id}/redeliver']) {
      assert.ok(world.personal.some((text) => found(everything, text).some((a) => label(a.op) === op)), `${op} shows personal data with recipients:read`);
    }
  });

  test('certificates:read shows download links: certificates, recipients, expands and events carry them', () => {
    const withLinks = new Set(everything.filter((a) => SIGNED_LINK.test(a.response.text)).map((a) => label(a.op)));
    for (const op of ['GET /v2/certificates/{id}', 'GET /v2/recipients/{id}', 'GET /v2/events', 'GET /v2/allocations/{id}']) {
      assert.ok(withLinks.has(op), `${op} gives a download link with certificates:read (it gave: ${[...withLinks].join(', ')})`);
    }
  });

  test("allocations:read alone expands an allocation's recipient with its certificate but no download link", async () => {
    const { token } = await make.tokenFor(app.db, world.company, { scopes: ['allocations:read'] });
    for (const path of [`/v2/allocations/${world.ids.live.alloc}?expand[]=recipient`, '/v2/allocations?expand[]=recipient&limit=100']) {
      const answer = await ok(app.get(path, token), path);
      const allocation = answer.object === 'list' ? answer.data.find((a: { id: string }) => a.id === world.ids.live.alloc) : answer;
      assert.equal(allocation.recipient.certificate.id, world.ids.live.cert, `${path}: the certificate is shown`);
      assert.equal(allocation.recipient.certificate.download_url, undefined, `${path}: without its download link`);
      assert.equal(allocation.recipient.first_name, undefined, `${path}: and without names`);
    }
  });

  test('a stored answer is replayed only to a token that sees what it holds', async () => {
    for (const holder of HOLDERS.slice(0, 3)) {
      const sent: string[] = [];
      const answers: Answer[] = [];
      for (const mode of MODES) {
        const token = await tokenOfHolder(world, holder, mode);
        const context = contextOf(world, mode, sent);
        for (const op of operationsOf(mode).filter((o) => o.method === 'POST')) {
          const call = await callFor(op, context);
          await ok(send(op, call, context.full), `${label(op)} with every scope`);
          const replayed = await send(op, call, token);
          const what = `${label(op)} in ${mode} mode, replayed to a token with ${holder.name}`;
          if (holder.scopes === SCOPES) {
            assert.equal(replayed.headers.get('idempotent-replayed'), 'true', `${what}: ${replayed.status} ${replayed.text}`);
          } else {
            assert.deepEqual([replayed.status, replayed.body.error?.code], [422, 'idempotency_key_reused'], `${what}: ${replayed.text}`);
            assertOneErrorShape(op, replayed, what);
          }
          answers.push({ op, mode, response: replayed });
        }
      }
      assertNothingWithheldShown(answers, holder.scopes, [...world.personal, ...sent], `a replay to a token with ${holder.name}`);
    }
  });

  test('event payloads carry personal data only to an endpoint set up for it', async () => {
    const services = { ...DELIVERY_HOOKS, secretKey: process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY, publicBaseUrl: PUBLIC, allowPrivateUrls: true, now: () => new Date() };
    for (;;) {
      const claimed = await claimDueDeliveries(app.db, { limit: 100, perEndpoint: 100, inFlight: new Map(), leaseSeconds: 30, now: new Date() });
      if (claimed.length === 0) break;
      await Promise.all(claimed.map((delivery) => attemptDelivery(app.db, delivery, services)));
    }
    const bodies = (path: string) => receiver.at(path).map((delivery) => delivery.body);
    const [privately, personally] = [bodies(world.hooks.private), bodies(world.hooks.personal)];
    const types = (sent: string[]) => new Set(sent.map((body) => JSON.parse(body).type));
    assert.deepEqual(types(privately), types(personally), 'both endpoints got every type');
    for (const type of ['recipient.created', 'recipient.claimed', 'certificate.created']) assert.ok(types(privately).has(type), `a ${type} event was delivered`);
    for (const text of world.personal) {
      assert.deepEqual(privately.filter((body) => body.toLowerCase().includes(text.toLowerCase())), [], `"${text}" reached an endpoint without include_personal_data`);
    }
    assert.ok(world.personal.some((text) => personally.some((body) => body.includes(text))), 'the endpoint with include_personal_data gets names, so their absence above means something');
  });
});

/** An id an operation takes: in its path, its query, its body, or its list's `starting_after`. */
interface Reference {
  op: Operation;
  name: string;
  in: 'path' | 'query' | 'body';
  kind: string;
}

function referencesOf(op: Operation): Reference[] {
  const references: Reference[] = op.path.includes('{id}') ? [{ op, name: 'id', in: 'path', kind: pathIdKind(op.path) }] : [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    const kind = parameter.name === 'starting_after' ? listKind(op) : idKindOfPattern(parameter.schema.pattern);
    if (kind) references.push({ op, name: parameter.name, in: 'query', kind });
  }
  for (const [name, property] of Object.entries(op.body?.properties ?? {})) {
    const kind = idKindOfPattern(property.pattern);
    if (kind) references.push({ op, name, in: 'body', kind });
  }
  return references;
}

/** The answer without what differs between any two requests: the request id, and the id sent, in the message. */
function comparable(response: TestResponse, sentId: string) {
  return JSON.parse(response.text.replaceAll(sentId, '<id>').replace(/"request_id":"req_[A-Za-z0-9]+"/, '"request_id":"<request>"'));
}

describe('ids of other companies and of the other mode', () => {
  test('answer as an id that names nothing, in paths, filters, bodies and starting_after', async () => {
    const references = operations.flatMap(referencesOf);
    assert.ok(references.length >= 40, `references found: ${references.map((r) => `${label(r.op)} ${r.name}`).join(', ')}`);
    for (const mode of MODES) {
      const other = mode === 'live' ? 'test' : 'live';
      const token = tokenOf(world.company, mode);
      const context = contextOf(world, mode);
      for (const reference of references.filter((r) => operationsOf(mode).includes(r.op))) {
        const what = `${label(reference.op)} ${reference.name} (${reference.in}) in ${mode} mode`;
        const attempt = async (id: string | null) => {
          const call = await callFor(reference.op, context);
          if (id !== null && reference.in === 'path') call.path = reference.op.path.replace('{id}', id);
          if (id !== null && reference.in === 'query') call.query = [...(call.query ?? []), [reference.name, id]];
          if (id !== null && reference.in === 'body') call.body = { ...(call.body as object), [reference.name]: id };
          const response = await send(reference.op, call, token);
          if (response.status >= 400) assertOneErrorShape(reference.op, response, what);
          return response;
        };

        const own = await attempt(reference.in === 'path' ? null : (world.ids[mode][reference.kind] as string));
        assert.ok(own.status >= 200 && own.status < 300, `${what}: its own id is taken: ${own.status} ${own.text}`);
        const madeUp = `${reference.kind}_${randomAlphanumeric(24)}`;
        const nothing = await attempt(madeUp);
        const isFilter = reference.in === 'query' && reference.name !== 'starting_after';
        if (isFilter) {
          assert.equal(nothing.status, 200, `${what}: a filter naming nothing`);
          assert.deepEqual(nothing.body.data, [], `${what}: a filter naming nothing lists nothing`);
          assert.ok(own.body.data.length > 0, `${what}: the own id's filter lists something, so an empty list means something`);
        } else {
          assert.deepEqual([nothing.status, nothing.body.error?.code, nothing.body.error?.param], [reference.in === 'query' ? 400 : 404, 'resource_missing', reference.name], `${what}: an id naming nothing: ${nothing.text}`);
        }

        const strangers: [string, string][] = [["another company's id", foreign.ids[mode][reference.kind] as string]];
        // A helper allocation may name a project the company has trees in in either mode (docs/decisions.md, "Test helpers").
        if (!(isTestHelper(reference.op) && reference.name === 'project')) strangers.push(["the other mode's id", world.ids[other][reference.kind] as string]);
        for (const [whose, id] of strangers) {
          const answer = await attempt(id);
          assert.deepEqual(comparable(answer, id), comparable(nothing, madeUp), `${what}: ${whose} answers as an id naming nothing: ${answer.text}`);
          assert.equal(answer.status, nothing.status, `${what}: ${whose}`);
        }
      }
    }
  });
});
