import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { randomAlphanumeric } from '../src/core/ids.ts';
import { SCOPES, type Scope } from '../src/core/scopes.ts';
import { runDueJobs } from '../src/jobs/worker.ts';
import { claimGiftCodeByCode } from '../src/modules/gift-codes/service.ts';
import { startTestApp, type TestResponse, testWorkerServices } from './helpers/app.ts';
import * as make from './helpers/factories.ts';
import {
  assertOneErrorShape, idKindOfPattern, isTestHelper, label, listKind, type Operation, pathIdKind, readOperations,
} from './helpers/operations.ts';

/**
 * Matrices over every operation of the OpenAPI document (read at run time, so a new
 * operation is covered, and fails here until it has a fixture):
 *
 * - every reference to another object in a filter, a body or `starting_after` answers for
 *   another company's id and the other mode's id exactly as for an id that names nothing;
 * - personal data (a recipient's names and email, a gift code's `sent_to`) reaches no token
 *   without `recipients:read`, in any answer: lists, retrieves, expands, events, writes;
 * - a certificate's signed `download_url` reaches no token without `certificates:read`
 *   (spec section 5: that scope reads "certificates and download URLs").
 *
 * 401, 403 naming the scope, and 404 for another company's or mode's id in a path are
 * route-guards.test.ts's, over the same walk of the document.
 */

const app = await startTestApp();
const operations = await readOperations(app);
const PUBLIC = 'http://canopy.test';
const runWorker = () => runDueJobs(app.db, { services: testWorkerServices() });

type Mode = 'live' | 'test';
type Ids = Record<string, string>;

/** A company with one object of every kind in each mode, its recipients and gift codes carrying personal data. */
interface World {
  company: make.TestCompany;
  ids: Record<Mode, Ids>;
  /** Every name and email the world holds: none may reach a token without recipients:read. */
  personal: string[];
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
  const personal: string[] = [];
  /** The personal data of one person, every field of it sent (or the ones picked). */
  const named = (who: string, fields: readonly ('first_name' | 'last_name' | 'email')[] = ['first_name', 'last_name', 'email']) => {
    const data = personalData(tag, who);
    const picked = Object.fromEntries(fields.map((field) => [field, data[field]])) as Partial<typeof data>;
    personal.push(...Object.values(picked));
    return picked;
  };
  const ids = {} as Record<Mode, Ids>;
  for (const mode of ['live', 'test'] as const) {
    const livemode = mode === 'live';
    const token = tokenOf(company, mode);
    const project = await make.project(app.db);
    const planting = await make.planting(app.db, project, { trees: 100_000, livemode });
    for (let i = 0; i < 2; i++) await make.allocation(app.db, company, planting, { trees: 40, livemode, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
    // First, so that every event after it has a delivery to show.
    const endpoint = await ok(post(token, '/v2/webhook-endpoints', { url: 'https://1.1.1.1/canopy-hooks', include_personal_data: true }), 'endpoint');

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
    ids[mode] = {
      alloc: withCertificate.allocations[0], plt: planting.id, prj: project.id, rcp: recipient.id, cert: withCertificate.certificate.id,
      gift: gift.id, whe: endpoint.id, evt: event.id,
      ver: (await make.verification(app.db, project)).id, mon: (await make.monitoring(app.db, project, { plantingId: planting.id })).id,
    };
  }
  return { company, ids, personal };
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

/**
 * What an operation needs beyond its path id (filled in by kind) and, for every list and
 * expand, `limit=100` and every `expand[]` value the document names. Each answers 2xx with
 * a token holding its scope. An operation with a body, or one that uses up its object, must
 * be here; a new operation without a fixture fails the walk.
 */
const FIXTURES: Record<string, (c: CallContext) => Promise<Partial<Call>>> = {
  'POST /v2/recipients': async (c) => ({ body: { trees: 1, ...c.sends(personalData(randomAlphanumeric(8), 'Posted')) } }),
  'PATCH /v2/recipients/{id}': async (c) => ({ body: { last_name: c.sends(personalData(randomAlphanumeric(8), 'Patched')).last_name } }),
  'DELETE /v2/recipients/{id}': async (c) => {
    const spare = await ok(post(c.full, '/v2/recipients', { trees: 1, ...c.sends(personalData(randomAlphanumeric(8), 'Deleted')) }), 'a recipient to delete');
    return { path: `/v2/recipients/${spare.id}` };
  },
  'POST /v2/gift-codes': async (c) => {
    const to = c.sends(personalData(randomAlphanumeric(8), 'Given'));
    return { body: { trees: 1, sent_to: { name: to.first_name, email: to.email } } };
  },
  'POST /v2/gift-codes/{id}/revoke': async (c) => {
    const to = c.sends(personalData(randomAlphanumeric(8), 'Revoked'));
    const spare = await ok(post(c.full, '/v2/gift-codes', { trees: 1, sent_to: { name: to.first_name, email: to.email } }), 'a code to revoke');
    return { path: `/v2/gift-codes/${spare.id}/revoke` };
  },
  'POST /v2/webhook-endpoints': async () => ({ body: { url: 'https://1.1.1.1/more-hooks' } }),
  'POST /v2/webhook-endpoints/{id}/rotate-secret': async () => ({ body: { expires_in: 0 } }),
  'PATCH /v2/webhook-endpoints/{id}': async () => ({ body: { description: 'Orders system' } }),
  'DELETE /v2/webhook-endpoints/{id}': async (c) => {
    const spare = await ok(post(c.full, '/v2/webhook-endpoints', { url: 'https://1.1.1.1/spare' }), 'an endpoint to delete');
    return { path: `/v2/webhook-endpoints/${spare.id}` };
  },
  'POST /v2/events/{id}/redeliver': async (c) => ({ body: { endpoint: c.ids.whe } }),
  'POST /v2/test_helpers/allocations': async () => ({ body: { trees: 1 } }),
  'POST /v2/test_helpers/allocations/{id}/plant': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, false)}/plant` }),
  'POST /v2/test_helpers/allocations/{id}/monitor': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, true)}/monitor` }),
  'POST /v2/test_helpers/allocations/{id}/change_trees': async (c) => ({ path: `/v2/test_helpers/allocations/${await helperAllocation(c, false)}/change_trees`, body: { trees: 2 } }),
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

async function callFor(op: Operation, c: CallContext): Promise<Call> {
  if (op.body && !FIXTURES[label(op)]) throw new Error(`No fixture for ${label(op)}, which takes a body: add one to FIXTURES in operation-matrix.test.ts`);
  const fixture = (await FIXTURES[label(op)]?.(c)) ?? {};
  const query: [string, string][] = [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (parameter.name === 'limit') query.push(['limit', '100']);
    if (parameter.name === 'expand[]') for (const value of parameter.schema.items?.enum ?? []) query.push(['expand[]', String(value)]);
  }
  const path = fixture.path ?? (op.path.includes('{id}') ? op.path.replace('{id}', c.ids[pathIdKind(op.path)] ?? '') : op.path);
  const headers = op.method === 'POST' ? { 'idempotency-key': freshKey() } : undefined;
  return { path, query, headers, ...fixture, ...(fixture.query ? { query: [...query, ...fixture.query] } : {}) };
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

/**
 * Calls every operation once in each mode with `token(mode)`; the fixtures' own objects are
 * made with a token holding every scope. An operation the token has the scope for answers
 * 2xx; one it lacks the scope for answers 403 naming it.
 */
async function walk(world: World, scopes: readonly Scope[], sent: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const mode of ['live', 'test'] as const) {
    const { token } = await make.tokenFor(app.db, world.company, { scopes, livemode: mode === 'live' });
    const context: CallContext = {
      world, mode, ids: world.ids[mode], full: tokenOf(world.company, mode),
      sends: (data) => {
        sent.push(...Object.values(data));
        return data;
      },
    };
    for (const op of operationsOf(mode)) {
      const response = await send(op, await callFor(op, context), token);
      const allowed = op.scope === null || (scopes as readonly string[]).includes(op.scope);
      if (allowed) {
        assert.ok(response.status >= 200 && response.status < 300, `${label(op)} in ${mode} mode answers 2xx to a token with its scope: ${response.status} ${response.text}`);
      } else {
        assert.deepEqual([response.status, response.body.error?.code, response.body.error?.required_scope], [403, 'scope_missing', op.scope], `${label(op)} in ${mode} mode`);
      }
      answers.push({ op, mode, response });
    }
  }
  return answers;
}

const every = (except: Scope) => SCOPES.filter((scope) => scope !== except);
const found = (answers: Answer[], text: string) => answers.filter((a) => a.response.text.toLowerCase().includes(text.toLowerCase()));

let world: World;
let foreign: World;

before(async () => {
  world = await buildWorld();
  foreign = await buildWorld();
});

describe('every operation of the document', () => {
  test('has a fixture: every path id and reference names a kind the matrices know', () => {
    for (const op of operations) {
      if (op.path.includes('{id}')) pathIdKind(op.path);
      listKind(op);
      for (const parameter of op.parameters) if (parameter.schema.pattern && parameter.name !== 'starting_after') assert.ok(idKindOfPattern(parameter.schema.pattern) || parameter.name === 'country', `${label(op)} ${parameter.name}: a pattern the matrices know`);
    }
  });
});

/** A reference to another object an operation takes: in its query, its body, or its list's `starting_after`. */
interface Reference {
  op: Operation;
  name: string;
  in: 'query' | 'body';
  kind: string;
}

function referencesOf(op: Operation): Reference[] {
  const found: Reference[] = [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    const kind = parameter.name === 'starting_after' ? listKind(op) : idKindOfPattern(parameter.schema.pattern);
    if (kind) found.push({ op, name: parameter.name, in: 'query', kind });
  }
  for (const [name, property] of Object.entries(op.body?.properties ?? {})) {
    const kind = idKindOfPattern(property.pattern);
    if (kind) found.push({ op, name, in: 'body', kind });
  }
  return found;
}

/** The answer without what differs between any two requests: the request id, and the id sent, in the message. */
function comparable(response: TestResponse, sentId: string) {
  return JSON.parse(response.text.replaceAll(sentId, '<id>').replace(/"request_id":"req_[A-Za-z0-9]+"/, '"request_id":"<request>"'));
}

describe('references to other objects', () => {
  test("another company's id and the other mode's id answer as an id that names nothing", async () => {
    const references = operations.flatMap(referencesOf);
    assert.ok(references.length >= 15, `references found: ${references.map((r) => `${label(r.op)} ${r.name}`).join(', ')}`);
    for (const mode of ['live', 'test'] as const) {
      const other = mode === 'live' ? 'test' : 'live';
      const token = tokenOf(world.company, mode);
      const context: CallContext = { world, mode, ids: world.ids[mode], full: token, sends: (data) => data };
      for (const reference of references.filter((r) => operationsOf(mode).includes(r.op))) {
        const what = `${label(reference.op)} ${reference.name} in ${mode} mode`;
        const attempt = async (id: string) => {
          const call = await callFor(reference.op, context);
          if (reference.in === 'query') call.query = [...(call.query ?? []), [reference.name, id]];
          else call.body = { ...(call.body as object), [reference.name]: id };
          const response = await send(reference.op, call, token);
          if (response.status >= 400) assertOneErrorShape(reference.op, response, what);
          return response;
        };

        const own = await attempt(world.ids[mode][reference.kind] as string);
        assert.ok(own.status >= 200 && own.status < 300, `${what}: its own id is taken: ${own.status} ${own.text}`);
        const madeUp = `${reference.kind}_${randomAlphanumeric(24)}`;
        const nothing = await attempt(madeUp);
        const isFilter = reference.in === 'query' && reference.name !== 'starting_after';
        if (isFilter) {
          assert.equal(nothing.status, 200, `${what}: a filter naming nothing`);
          assert.deepEqual(nothing.body.data, [], `${what}: a filter naming nothing lists nothing`);
          assert.ok(own.body.data.length > 0, `${what}: the own id's filter lists something, so an empty list means something`);
        } else {
          assert.equal(nothing.body.error?.code, 'resource_missing', `${what}: an id naming nothing: ${nothing.text}`);
          assert.equal(nothing.body.error?.param, reference.name, what);
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

describe('personal data', () => {
  test('reaches no token without recipients:read, in any answer of any operation', async () => {
    const sent: string[] = [];
    const answers = await walk(world, every('recipients:read'), sent);
    for (const text of [...world.personal, ...sent]) {
      const leaks = found(answers, text);
      assert.deepEqual(leaks.map((a) => `${a.mode} ${label(a.op)}`), [], `"${text}" reached a token without recipients:read: ${leaks[0]?.response.text.slice(0, 2000)}`);
    }
  });

  test('reaches a token with recipients:read: recipients, gift codes, expands, events', async () => {
    const answers = await walk(world, SCOPES, []);
    for (const text of world.personal) assert.ok(found(answers, text).length > 0, `"${text}" is shown with recipients:read, so its absence above means something`);
    for (const op of ['GET /v2/recipients', 'GET /v2/events', 'GET /v2/allocations/{id}', 'GET /v2/gift-codes/{id}']) {
      assert.ok(world.personal.some((text) => found(answers, text).some((a) => label(a.op) === op)), `${op} shows personal data with recipients:read`);
    }
  });
});

describe('download links', () => {
  const signedLink = /\/download\?expires=/;

  test('reach no token without certificates:read, in any answer of any operation', async () => {
    const answers = await walk(world, every('certificates:read'), []);
    const leaks = answers.filter((a) => signedLink.test(a.response.text) || a.response.text.includes('"download_url"'));
    assert.deepEqual(leaks.map((a) => `${a.mode} ${label(a.op)}`), [], `a download link reached a token without certificates:read: ${leaks[0]?.response.text.slice(0, 2000)}`);
  });

  test("allocations:read alone expands an allocation's recipient with its certificate but no download link", async () => {
    const { token } = await make.tokenFor(app.db, world.company, { scopes: ['allocations:read'] });
    const allocation = await ok(app.get(`/v2/allocations/${world.ids.live.alloc}?expand[]=recipient`, token), 'allocation');
    assert.equal(allocation.recipient.certificate.id, world.ids.live.cert, 'the certificate is shown');
    assert.equal(allocation.recipient.certificate.download_url, undefined, 'without its download link');
    assert.equal(allocation.recipient.first_name, undefined, 'and without names');
  });

  test('reach a token with certificates:read: certificates, recipients and events carry them', async () => {
    const answers = await walk(world, SCOPES, []);
    const withLinks = new Set(answers.filter((a) => signedLink.test(a.response.text)).map((a) => label(a.op)));
    for (const op of ['GET /v2/certificates/{id}', 'GET /v2/recipients/{id}', 'GET /v2/events', 'GET /v2/allocations/{id}']) {
      assert.ok(withLinks.has(op), `${op} gives a download link with certificates:read (it gave: ${[...withLinks].join(', ')})`);
    }
  });
});
