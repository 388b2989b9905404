import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { SCOPES, type Scope } from '../src/core/scopes.ts';
import { setCompanyPlan } from '../src/operator/companies.ts';
import { createToken, revokeToken } from '../src/operator/tokens.ts';
import { createUser, removeUser, setUserRole } from '../src/operator/users.ts';
import { startTestApp, } from './helpers/app.ts';
import * as make from './helpers/factories.ts';
import { assertOneErrorShape, BEFORE_ROUTING, isTestHelper, label, listKind, type Operation, type Parameter, pathIdKind, readOperations } from './helpers/operations.ts';
import {
  brokenQueryValues, brokenValue, headerText, type IdSource, junk, malformedId, NAMED_VALUES, unknownId, validQueryValues, validValue,
} from './helpers/request-arbitraries.ts';

/**
 * A property-based fuzz of every operation of the OpenAPI document (read at run time, so a
 * new operation is fuzzed the day it is added): requests built from each operation's path,
 * parameters and body schema, valid and broken in every part at once (ids, query, body,
 * content type, Authorization, Idempotency-Key, Accept-Language). Whatever is sent:
 *
 * - no answer is a 5xx;
 * - every answer other than a 2xx is the one error shape, with a code docs/errors.md lists at
 *   its status and type, that the document names for the operation (assertOneErrorShape).
 *
 * Seeded: FUZZ_SEED=<n> reruns a run (the seed is printed on failure and in the summary),
 * FUZZ_RUNS_PER_OPERATION sets the runs (12 by default), FUZZ_OPERATION='POST /v2/recipients'
 * fuzzes one operation.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS_PER_OPERATION ?? 12);
const ONLY = process.env.FUZZ_OPERATION;
/** Bounds a failing operation's shrinking: each attempt is a real request. */
const TIME_LIMIT_MS = 60_000;

const app = await startTestApp();
const operations = (await readOperations(app)).filter((op) => !ONLY || label(op) === ONLY);
const MODES = ['live', 'test'] as const;
type Mode = (typeof MODES)[number];
type Ids = Record<string, string[]>;

/** The caller's own objects, and another company's, of every kind an operation names, in both modes. */
interface World {
  own: Record<Mode, Ids>;
  foreign: Record<Mode, Ids>;
  /** A token with every scope, by mode. */
  full: Record<Mode, string>;
  /** Tokens lacking one scope, by mode and scope. */
  lacking: Record<Mode, Record<Scope, string>>;
  /** Authorization headers that must be refused, or that name another company or the other mode. */
  refused: Record<Mode, string[]>;
}

const ok = async (response: Promise<{ status: number; text: string; body: { id: string } }>, what: string) => {
  const answered = await response;
  assert.ok(answered.status < 300, `${what}: ${answered.status} ${answered.text}`);
  return answered.body;
};

/** A company's objects in one mode: several of each kind a write uses up (recipients to delete, codes to claim). */
async function populate(company: make.TestCompany, mode: Mode): Promise<Ids> {
  const livemode = mode === 'live';
  const token = livemode ? company.live : company.test;
  const post = (path: string, body: unknown) => ok(app.request('POST', path, { token, body, headers: { 'idempotency-key': randomUUID() } }), `POST ${path}`);
  const project = await make.project(app.db);
  const planting = await make.planting(app.db, project, { trees: 1_000_000, livemode });
  const alloc = [
    (await make.allocation(app.db, company, planting, { trees: 100_000, livemode })).id,
    (await make.allocation(app.db, company, planting, { trees: 5, livemode, status: 'pledged' })).id,
  ];
  const monitoring = await make.monitoring(app.db, project, { plantingId: planting.id });
  await app.db.updateTable('monitorings').set({ livemode }).where('id', '=', monitoring.id).execute();
  const rcp = [];
  for (let i = 0; i < 8; i++) rcp.push((await post('/v2/recipients', { trees: 1, first_name: 'Fuzz', last_name: `Person ${i}`, email: `fuzz${i}@example.com` })).id);
  const gift = [];
  for (let i = 0; i < 5; i++) gift.push((await post('/v2/gift-codes', { trees: 1, sent_to: { name: 'Fuzz', email: 'gift@example.com' } })).id);
  if (!livemode) {
    // Allocations the test helpers move: pledged ones to plant, planted ones to monitor.
    for (let i = 0; i < 4; i++) {
      const made = await post('/v2/test_helpers/allocations', { trees: 5, project: project.id });
      if (i % 2 === 1) await post(`/v2/test_helpers/allocations/${made.id}/plant`, {});
      alloc.push(made.id);
    }
  }
  await app.runJobs();
  // After the worker ran, so that no delivery is attempted: the fuzz never runs the worker.
  const whe = [(await post('/v2/webhook-endpoints', { url: 'https://1.1.1.1/fuzz' })).id, (await post('/v2/webhook-endpoints', { url: 'https://1.1.1.1/fuzz2' })).id];
  const list = async (path: string) => ((await app.get(`${path}?limit=100`, token)).body.data as { id: string }[]).map((object) => object.id);
  return {
    alloc, plt: [planting.id], prj: [project.id], rcp, gift, whe, cert: await list('/v2/certificates'), evt: await list('/v2/events'),
    ver: [(await make.verification(app.db, project)).id], mon: [monitoring.id],
  };
}

/** Tokens that must be refused (revoked, expired, their owner gone or demoted, their company downgraded or suspended) and odd headers. */
async function refusedAuthorizations(company: make.TestCompany, mode: Mode): Promise<string[]> {
  const livemode = mode === 'live';
  const token = (owner = company.adminEmail, options: { expiresAt?: Date; ipAllowlist?: string[] } = {}) =>
    createToken(app.db, { companyId: company.id, ownerEmail: owner, scopes: 'all', livemode, ...options });
  const revoked = await token();
  await revokeToken(app.db, revoked.id);
  const expired = await token(company.adminEmail, { expiresAt: new Date(Date.now() + 60_000) });
  await app.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expired.id).execute();
  const allowlisted = await token(company.adminEmail, { ipAllowlist: ['203.0.113.0/24'] });
  const [leaver, demoted] = [`leaver-${mode}-${randomUUID()}@example.com`, `demoted-${mode}-${randomUUID()}@example.com`];
  for (const email of [leaver, demoted]) await createUser(app.db, { companyId: company.id, email, name: 'Fuzz Admin', role: 'admin' });
  const left = await token(leaver);
  await removeUser(app.db, company.id, leaver);
  const member = await token(demoted);
  await setUserRole(app.db, company.id, demoted, 'member');
  const downgraded = await make.companyWithTokens(app.db);
  await setCompanyPlan(app.db, downgraded.id, 'grow');
  const suspended = await make.companyWithTokens(app.db);
  await app.db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', suspended.id).execute();
  const v1 = await createToken(app.db, { companyId: company.id, ownerEmail: company.adminEmail, scopes: [], livemode: true, apiVersion: 'v1' });
  const own = livemode ? company.live : company.test;
  const other = livemode ? company.test : company.live;
  return [
    ...[revoked, expired, allowlisted, left, member, v1].map((t) => `Bearer ${t.token}`),
    `Bearer ${livemode ? downgraded.live : downgraded.test}`, `Bearer ${livemode ? suspended.live : suspended.test}`, `Bearer ${other}`,
    'Bearer', 'Bearer ', `Basic ${Buffer.from('user:pass').toString('base64')}`, `Token ${own}`, `bearer ${own}`, `Bearer  ${own}`, `Bearer ${own}x`,
    `Bearer ${own.slice(0, -1)}`, `Bearer ${own} ${own}`, `Bearer ${own.toUpperCase()}`, `Bearer canopy_live_${'x'.repeat(32)}`, `Bearer ${'A'.repeat(40)}`,
    `Bearer ${'x'.repeat(10_000)}`, 'Bearer a|b',
  ];
}

let world: World;
let setupMs = 0;

before(async () => {
  const started = performance.now();
  const owner = await make.companyWithTokens(app.db);
  const stranger = await make.companyWithTokens(app.db);
  const lacking = async (mode: Mode) =>
    Object.fromEntries(
      await Promise.all(SCOPES.map(async (scope) => [scope, (await make.tokenFor(app.db, owner, { scopes: SCOPES.filter((s) => s !== scope), livemode: mode === 'live' })).token])),
    ) as Record<Scope, string>;
  world = {
    own: { live: await populate(owner, 'live'), test: await populate(owner, 'test') },
    foreign: { live: await populate(stranger, 'live'), test: await populate(stranger, 'test') },
    full: { live: owner.live, test: owner.test },
    lacking: { live: await lacking('live'), test: await lacking('test') },
    refused: { live: [...(await refusedAuthorizations(owner, 'live')), `Bearer ${stranger.live}`], test: [...(await refusedAuthorizations(owner, 'test')), `Bearer ${stranger.test}`] },
  };
  setupMs = performance.now() - started;
});

/** Where the ids of a plan come from, in one mode. */
function idSource(mode: Mode): IdSource {
  const other: Mode = mode === 'live' ? 'test' : 'live';
  const pick = (ids: string[] | undefined, kind: string) => (ids && ids.length > 0 ? fc.constantFrom(...ids) : unknownId(kind));
  const otherKinds = (kind: string) => Object.entries(world.own[mode]).filter(([k]) => k !== kind).flatMap(([, ids]) => ids);
  return {
    own: (kind) => pick(world.own[mode][kind], kind),
    strange: (kind) =>
      fc.oneof(
        pick(world.own[other][kind], kind),
        pick(world.foreign[mode][kind], kind),
        pick(world.foreign[other][kind], kind),
        unknownId(kind),
        fc.constantFrom(...otherKinds(kind)),
        malformedId(kind),
      ),
  };
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'text'; text: string; contentType: string | null }
  /** A body larger than the server takes: only its length is kept, so a counterexample stays readable. */
  | { kind: 'oversized'; bytes: number };

/** One request to an operation, in the terms the fuzz varies. */
interface Plan {
  mode: Mode;
  /** The whole request is one a client with the scope would send. */
  valid: boolean;
  authorization: string | null;
  /** The path id, percent-encoded when sent. */
  id: string | null;
  query: [string, string][];
  /** Appended to the query string as it is: bad percent-encoding and the like. */
  rawQuery: string;
  body: Body;
  headers: Record<string, string>;
  /** Headers sent a second time, beside the first: two Authorization headers, two keys. */
  repeated: [string, string][];
  /** How many copies of the request are sent at once: two race each other for one key, one object. */
  copies: number;
}

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
/** Mostly the valid thing, sometimes the broken one. */
const mostly = <T>(valid: fc.Arbitrary<T>, broken: fc.Arbitrary<T>) => fc.oneof(weighted(3, valid), weighted(1, broken));

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16',
  'APPLICATION/JSON', 'application/vnd.api+json', 'application/jsonx', 'application/json, text/plain', '*/*', 'json',
];
const NON_JSON = [
  '', '{', '{"trees":', 'trees=1', '<xml/>', "{'trees': 1}", '{"trees":1,}', '{"trees":1}{"trees":2}', '{"trees":1,"trees":"x"}', '\ufeff{}', 'null', '[]', '"text"', '\u0000',
  '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"trees":1e400}', '{"trees":-0}', `{"a":"${'\\'.repeat(3)}"}`, '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
];

function bodyArbitrary(op: Operation, ids: IdSource): { valid: fc.Arbitrary<Body>; broken: fc.Arbitrary<Body> } {
  const json = (value: unknown, contentType: string | null = 'application/json'): Body => ({ kind: 'json', value, contentType });
  const wronglyTyped = fc.oneof(
    fc.record({ kind: fc.constant('text' as const), text: fc.oneof(fc.constantFrom(...NON_JSON), fc.string({ unit: 'binary', maxLength: 50 })), contentType: fc.constant('application/json') }),
    fc.record({ kind: fc.constant('text' as const), text: fc.constantFrom('{}', '{"trees":1}', 'trees=1&first_name=a'), contentType: fc.constantFrom(null, ...CONTENT_TYPES) }),
    fc.record({ kind: fc.constant('oversized' as const), bytes: fc.constantFrom(1_100_000) }),
  );
  if (!op.body) {
    // No body in the document: none is valid; a body, JSON or not, must still not break anything.
    return { valid: fc.constant({ kind: 'none' }), broken: fc.oneof(fc.constant(json({})), junk.map((value) => json(value)), fc.constant(json({ trees: 1 })), wronglyTyped) };
  }
  const schema = op.body;
  const properties = Object.keys(schema.properties ?? {});
  const valid = validValue(schema, ids, NAMED_VALUES) as fc.Arbitrary<Record<string, unknown>>;
  const broken: fc.Arbitrary<Body>[] = [
    valid.map((value) => json(value)),
    fc.tuple(valid, fc.oneof(fc.constantFrom('unknown', 'id', 'livemode', 'company', '__proto__', 'constructor', 'Trees', 'trees '), fc.string({ maxLength: 10 })), junk).map(([value, name, extra]) => json({ ...value, [name]: extra })),
    junk.map((value) => json(value)),
    wronglyTyped,
  ];
  if (properties.length > 0) {
    broken.push(
      fc.constantFrom(...properties).chain((name) => fc.tuple(valid, fc.constant(name), brokenValue(schema.properties?.[name] ?? {}, ids))).map(([value, name, bad]) => json({ ...value, [name]: bad })),
    );
  }
  if ((schema.required ?? []).length > 0) {
    broken.push(fc.tuple(valid, fc.constantFrom(...(schema.required ?? []))).map(([value, name]) => json(Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)))));
  }
  return { valid: valid.map((value) => json(value)), broken: fc.oneof(...broken) };
}

function queryArbitrary(op: Operation, ids: IdSource): { valid: fc.Arbitrary<[string, string][]>; broken: fc.Arbitrary<[string, string][]> } {
  const parameters = op.parameters.filter((p) => p.in === 'query');
  const kind = listKind(op);
  const validValues = (p: Parameter) => (p.name === 'starting_after' && kind ? ids.own(kind).map((id) => [id]) : validQueryValues(p.schema, ids));
  const pairs = (name: string) => (values: string[] | null): [string, string][] => (values ?? []).map((value) => [name, value]);
  const each = (choose: (p: Parameter) => fc.Arbitrary<string[] | null>) => fc.tuple(...parameters.map((p) => choose(p).map(pairs(p.name)))).map((lists) => lists.flat());
  const valid = each((p) => fc.option(validValues(p), { freq: 2 }));
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom('unknown', 'expand', 'limit[]', 'LIMIT', '__proto__', 'constructor', 'api_key', 'starting_after[0]', 'expand[0]', ''), headerText(12)), fc.oneof(fc.string({ maxLength: 20 }), fc.constant(''))),
    { maxLength: 2 },
  );
  const broken = fc
    .tuple(each((p) => fc.oneof(weighted(3, fc.constant(null)), weighted(2, validValues(p)), weighted(2, brokenQueryValues(p.schema, ids)))), extra)
    .map(([known, unknown]) => [...known, ...unknown]);
  return { valid, broken };
}

const RAW_QUERIES = ['', '', '', '&', '&&', '=', '==x', '%', '%zz', '%C3%28', '%ED%A0%80', '%00', 'limit=%FF', 'a[b]=1', 'a[]=1&a[]=2', 'expand[]', 'x=1;y=2', `x=${'y'.repeat(20_000)}`];

const idempotencyKey = fc.oneof(
  weighted(3, fc.uuid()),
  weighted(2, fc.constantFrom('fuzz-shared-1', 'fuzz-shared-2')),
  weighted(1, fc.constantFrom('', ' ', 'k'.repeat(255), 'k'.repeat(256), 'k'.repeat(8_000))),
  weighted(1, headerText()),
);

function planArbitrary(op: Operation, mode: Mode): fc.Arbitrary<Plan> {
  const ids = idSource(mode);
  const body = bodyArbitrary(op, ids);
  const query = queryArbitrary(op, ids);
  const kind = op.path.includes('{id}') ? pathIdKind(op.path) : null;
  const full = fc.constant(`Bearer ${world.full[mode]}`);
  const lacking = op.scope ? fc.constant(`Bearer ${world.lacking[mode][op.scope as Scope]}`) : full;
  const validHeaders = op.method === 'POST' ? fc.uuid().map((key) => ({ 'idempotency-key': key })) : fc.constant({});
  const validPlan = fc.record({
    // A test helper called in live mode is no operation at all (404 route_not_found).
    mode: fc.constant(mode), valid: fc.constant(!(isTestHelper(op) && mode === 'live')), authorization: full, id: kind ? ids.own(kind) : fc.constant(null),
    query: query.valid, rawQuery: fc.constant(''), body: body.valid, headers: validHeaders, repeated: fc.constant<[string, string][]>([]), copies: fc.constant(1),
  });
  const headers = fc
    .record(
      {
        'idempotency-key': idempotencyKey,
        'accept-language': fc.oneof(fc.constantFrom('en', 'nl', 'nl-NL,nl;q=0.9,en;q=0.8', '*', 'xx', ''), headerText(30)),
        accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', ''),
      },
      { requiredKeys: [] },
    )
    .map((sent) => Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Record<string, string>);
  const brokenPlan = fc.record({
    mode: fc.constant(mode),
    valid: fc.constant(false),
    authorization: mostly(full, fc.oneof(lacking, fc.constant(null), fc.constantFrom(...world.refused[mode]), headerText().map((text) => `Bearer ${text}`))),
    id: kind ? mostly(ids.own(kind), ids.strange(kind)) : fc.constant(null),
    query: mostly(query.valid, query.broken),
    rawQuery: fc.constantFrom(...RAW_QUERIES),
    body: mostly(body.valid, body.broken),
    headers,
    repeated: fc.oneof(
      weighted(6, fc.constant<[string, string][]>([])),
      weighted(1, fc.constantFrom(...world.refused[mode], `Bearer ${world.full[mode]}`).map((value): [string, string][] => [['Authorization', value]])),
      weighted(1, fc.tuple(fc.constantFrom('idempotency-key', 'Idempotency-Key', 'content-type', 'accept-language'), fc.oneof(fc.uuid(), fc.constantFrom('text/plain', 'nl'))).map((pair) => [pair])),
    ),
    copies: fc.oneof(weighted(5, fc.constant(1)), weighted(1, fc.constant(2))),
  });
  return fc.oneof(weighted(2, validPlan), weighted(3, brokenPlan));
}

function modesOf(op: Operation): fc.Arbitrary<Mode> {
  // Test helpers are test mode's; a live token is refused with 404 route_not_found.
  return isTestHelper(op) ? fc.oneof(weighted(5, fc.constant('test' as const)), weighted(1, fc.constant('live' as const))) : fc.constantFrom(...MODES);
}

/** Percent-encodes any string, a lone surrogate as the bytes a careless client would send for it. */
function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** The request line's target and the raw headers and body of a plan, as sent (node:http, so headers may repeat and a GET may carry a body). */
function requestOf(op: Operation, plan: Plan) {
  // '.' and '..' are dot segments a URL parser may resolve: they would name another route.
  const id = plan.id === null ? '' : percentEncode(plan.id).replace(/^\.{1,2}$/, (dots) => dots.replaceAll('.', '%252E'));
  const query = [...plan.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`), plan.rawQuery].filter(Boolean).join('&');
  const headers: [string, string][] = [['host', new URL(app.baseUrl).host], ...Object.entries(plan.headers)];
  if (!('accept' in plan.headers)) headers.push(['accept', 'application/json']);
  if (plan.authorization !== null) headers.push(['authorization', plan.authorization]);
  let body: Buffer | undefined;
  if (plan.body.kind === 'json') body = Buffer.from(JSON.stringify(plan.body.value) ?? '');
  if (plan.body.kind === 'text') body = Buffer.from(plan.body.text);
  if (plan.body.kind === 'oversized') body = Buffer.from(`{"a":"${'x'.repeat(plan.body.bytes)}"}`);
  const contentType = plan.body.kind === 'json' || plan.body.kind === 'text' ? plan.body.contentType : plan.body.kind === 'oversized' ? 'application/json' : null;
  if (contentType) headers.push(['content-type', contentType]);
  // As fetch and curl do: without it, node:http would send an empty chunked body, which needs a content type.
  headers.push(['content-length', String(body?.length ?? 0)]);
  headers.push(...plan.repeated);
  return { target: `${op.path.replace('{id}', id)}${query ? `?${query}` : ''}`, headers, body };
}

function send(op: Operation, plan: Plan): Promise<Answer> {
  const { target, headers, body } = requestOf(op, plan);
  const { port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: op.method, path: target, headers: headers.flat(), agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answered.set(name, [value].flat().join(', '));
        let parsed: unknown = text;
        if (answered.get('content-type')?.includes('json')) {
          try {
            parsed = JSON.parse(text);
          } catch {
            reject(new Error(`${label(op)} ${response.statusCode}: a JSON content type with a body that is not JSON: ${text.slice(0, 300)}`));
          }
        }
        resolve({ status: response.statusCode ?? 0, headers: answered, body: parsed, text });
      });
    });
    request.on('error', (error) => reject(new Error(`${label(op)}: the connection failed (${error.message}) for ${target.slice(0, 200)}`)));
    request.end(body);
  });
}

/** What each operation answered over the whole run: status and code, counted. */
const seen = new Map<string, Map<string, number>>();
function record(op: Operation, plan: Plan, answer: Answer) {
  const outcomes = seen.get(label(op)) ?? new Map<string, number>();
  const code = (answer.body as { error?: { code?: string } })?.error?.code;
  const key = `${answer.status}${code ? ` ${code}` : ''}${plan.valid ? '' : ' (broken)'}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  seen.set(label(op), outcomes);
}

/**
 * Codes a request a client with the scope sends, well-formed, is never refused with: were
 * one answered, the fuzz would be testing its own mistakes rather than the operation.
 */
const NEVER_FOR_A_VALID_REQUEST = new Set([
  ...BEFORE_ROUTING, 'token_missing', 'token_ambiguous', 'token_invalid', 'token_wrong_version', 'token_owner_removed', 'token_revoked', 'token_expired',
  'plan_not_allowed', 'company_inactive', 'ip_not_allowed', 'scope_missing', 'owner_role_not_allowed', 'body_invalid_json', 'body_too_deep', 'body_too_large',
  'unsupported_media_type', 'idempotency_key_missing', 'idempotency_key_too_long', 'idempotency_key_reused', 'request_in_progress', 'parameter_unknown',
]);

function check(op: Operation, plan: Plan, answer: Answer) {
  assert.ok(answer.status < 500, `${label(op)} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  if (answer.status >= 200 && answer.status < 300) {
    // The CSV export is the one answer that is not JSON (its GeoJSON sibling is).
    if (answer.headers.get('content-type')?.startsWith('text/csv')) {
      assert.ok(answer.text.startsWith('as_of,planting,'), `${label(op)} ${answer.status}: a CSV with its header row: ${answer.text.slice(0, 300)}`);
      return;
    }
    assert.ok(typeof answer.body === 'object' && answer.body !== null, `${label(op)} ${answer.status}: a JSON object: ${answer.text.slice(0, 300)}`);
    return;
  }
  const error = assertOneErrorShape(op, answer);
  if (plan.valid) assert.ok(!NEVER_FOR_A_VALID_REQUEST.has(error.code as string), `${label(op)}: a valid request refused with ${answer.status} ${answer.text.slice(0, 300)}`);
}

const rerun = `FUZZ_SEED=${SEED} node --import tsx --test test/fuzz-openapi.test.ts`;

describe(`every operation of the document, ${RUNS} requests each (seed ${SEED})`, () => {
  for (const [index, op] of operations.entries()) {
    test(label(op), async () => {
      const plans = modesOf(op).chain((mode) => planArbitrary(op, mode));
      try {
        await fc.assert(
          fc.asyncProperty(plans, async (plan) => {
            const answers = await Promise.all(Array.from({ length: plan.copies }, () => send(op, plan)));
            for (const answer of answers) {
              record(op, plan, answer);
              check(op, plan, answer);
            }
          }),
          { seed: SEED + index, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
        );
      } catch (error) {
        if (error instanceof Error) {
          const cause = error.cause instanceof Error ? `\n\nWhat failed: ${error.cause.message}` : '';
          error.message = `${error.message}${cause}\n\nRerun this fuzz with: ${rerun}${ONLY ? '' : ` (or FUZZ_OPERATION='${label(op)}' for this operation alone)`}`;
        }
        throw error;
      }
    });
  }
});

test('valid requests mostly reach the operation and succeed', () => {
  const valid = [...seen.values()].flatMap((outcomes) => [...outcomes].filter(([key]) => !key.endsWith('(broken)')));
  const total = valid.reduce((sum, [, count]) => sum + count, 0);
  const succeeded = valid.filter(([key]) => key.startsWith('2')).reduce((sum, [, count]) => sum + count, 0);
  // The rest ran into the state earlier runs left: deleted objects, codes claimed, trees used up.
  assert.ok(total === 0 || succeeded / total >= 0.5, `${succeeded} of ${total} valid requests succeeded`);
});

after(() => {
  const lines = [...seen].map(([op, outcomes]) => `${op}: ${[...outcomes].map(([key, count]) => `${key} x${count}`).join(', ')}`);
  console.log(`# fuzz seed ${SEED}, ${RUNS} runs per operation, ${operations.length} operations, setup ${Math.round(setupMs)} ms\n${lines.map((line) => `#   ${line}`).join('\n')}`);
});
