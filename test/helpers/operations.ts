import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../../src/core/errors.ts';
import { newId } from '../../src/core/ids.ts';
import { sealSecret } from '../../src/core/secrets.ts';
import { recordEvent } from '../../src/platform/events/record.ts';
import { SIGNING_SECRET_PURPOSE } from '../../src/platform/webhooks/deliveries.ts';
import { newSigningSecret } from '../../src/platform/webhooks/signature.ts';
import { type TestApp, TEST_SECRET_KEY } from './app.ts';
import * as make from './factories.ts';

/**
 * The v2 operations as the OpenAPI document describes them, for tests that walk every
 * operation (route guards, the fuzz, the matrices): a new route is covered the day it is
 * added, and a test fails when it has no fixture for it.
 */

/** The part of JSON Schema the document's parameters and bodies use. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  scope: string | null;
  /** The codes the document names for each error status (the descriptions the API reference shows). */
  documented: Record<string, string[]>;
  parameters: Parameter[];
  /** The JSON body's schema; null when the operation takes no body. */
  body: JsonSchema | null;
}

interface DocumentedOperation {
  security?: { bearer: string[] }[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string }>;
}

export const label = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Every operation of GET /v2/openapi.json. */
export async function readOperations(app: TestApp): Promise<Operation[]> {
  const doc = (await app.get('/v2/openapi.json')).body;
  return Object.entries(doc.paths as Record<string, Record<string, DocumentedOperation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      scope: op.security?.[0]?.bearer[0] ?? null,
      documented: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, [...r.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string)])),
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json'].schema ?? null,
    })),
  );
}

/** The id prefix of the objects a path segment names. */
const KIND_OF_SEGMENT: Record<string, string> = {
  allocations: 'alloc', plantings: 'plt', projects: 'prj', events: 'evt', recipients: 'rcp', certificates: 'cert',
  'gift-codes': 'gift', gift_codes: 'gift', 'webhook-endpoints': 'whe', verifications: 'ver', monitoring: 'mon',
};

/** The prefix of the `{id}` in a path: the kind of the segment before it. */
export function pathIdKind(path: string): string {
  const segment = /\/([a-z_-]+)\/\{id\}/.exec(path)?.[1] ?? '';
  const kind = KIND_OF_SEGMENT[segment];
  if (!kind) throw new Error(`No fixture id for ${path}: add its resource to KIND_OF_SEGMENT in test/helpers/operations.ts`);
  return kind;
}

/** The prefix of the objects a list returns (what its `starting_after` names); null for an operation that is no list. */
export function listKind(op: Operation): string | null {
  if (!op.parameters.some((p) => p.name === 'starting_after')) return null;
  const segment = op.path.split('/').at(-1) ?? '';
  const kind = KIND_OF_SEGMENT[segment];
  if (!kind) throw new Error(`No kind for the list ${label(op)}: add it to KIND_OF_SEGMENT in test/helpers/operations.ts`);
  return kind;
}

/**
 * The prefix an id pattern asks for (`^prj_[A-Za-z0-9]{24}$` is `prj`, `^none$|^rcp_...` is
 * `rcp`); null for a pattern that is not one id kind (`starting_after` takes any prefix).
 */
export function idKindOfPattern(pattern: string | undefined): string | null {
  return pattern ? (/\^([a-z]+)_\[A-Za-z0-9\]\{24\}\$/.exec(pattern)?.[1] ?? null) : null;
}

export function withId(path: string, ids: Record<string, string>): string {
  const id = ids[pathIdKind(path)];
  if (!id) throw new Error(`No ${pathIdKind(path)} fixture for ${path}`);
  return path.replace('{id}', id);
}

export const isTestHelper = (op: Pick<Operation, 'path'>) => op.path.startsWith('/v2/test_helpers/');

/** The answer's status and code are among those the OpenAPI document names for the operation. */
export function assertDocumented(op: Operation, response: { status: number; body: { error: { code: string } } }) {
  const named = op.documented[String(response.status)] ?? [];
  assert.ok(named.includes(response.body.error.code), `${label(op)} documents ${response.status} ${response.body.error.code} (it names ${named.join(', ') || 'nothing'})`);
}

/** Every code docs/errors.md lists in its tables. */
export const DOCUMENTED_CODES: ReadonlySet<string> = new Set(
  readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const code = /^\| \d{3} \| [a-z_]+ \| [^|]*?`([a-z_]+)`/.exec(line)?.[1];
      return code ? [code] : [];
    }),
);

/** Codes given before a request reaches an operation (docs/errors.md, "Order of the checks"). */
export const BEFORE_ROUTING: ReadonlySet<string> = new Set(['request_malformed', 'request_timeout', 'headers_too_large', 'route_not_found']);

/**
 * An error answer is the one shape (docs/errors.md) with a code docs/errors.md lists, at its
 * status and type, that the document names for the operation, and with the response's
 * Request-Id. Returns the error for further checks.
 */
export function assertOneErrorShape(op: Operation, response: { status: number; headers: Headers; body: unknown }, context = '') {
  const where = `${label(op)} ${response.status}${context ? ` (${context})` : ''}`;
  const body = response.body as { error?: Record<string, unknown> };
  assert.ok(body !== null && typeof body === 'object' && !Array.isArray(body), `${where}: the body is a JSON object`);
  assert.deepEqual(Object.keys(body), ['error'], `${where}: the body holds one error`);
  const error = body.error as Record<string, unknown>;
  for (const field of ['type', 'code', 'message', 'doc_url', 'request_id']) {
    assert.equal(typeof error[field], 'string', `${where}: error.${field} is a string`);
  }
  assert.ok(error.param === null || typeof error.param === 'string', `${where}: error.param is a string or null`);
  const code = error.code as string;
  assert.ok(DOCUMENTED_CODES.has(code), `${where}: ${code} is listed in docs/errors.md`);
  const known = ERROR_CODES[code as keyof typeof ERROR_CODES];
  assert.ok(known, `${where}: ${code} is in ERROR_CODES`);
  const startingAfter = code === 'resource_missing' && response.status === 400 && error.param === 'starting_after';
  assert.ok(response.status === known[0] || startingAfter, `${where}: ${code} answers ${known[0]}`);
  assert.equal(error.type, known[1], `${where}: the type of ${code}`);
  if (!BEFORE_ROUTING.has(code) || (op.documented[String(response.status)] ?? []).includes(code)) {
    assertDocumented(op, { status: response.status, body: { error: { code } } });
  }
  assert.equal(error.request_id, response.headers.get('request-id'), `${where}: request_id is the Request-Id header`);
  assert.ok((error.doc_url as string).endsWith(`/docs/errors#${code}`), `${where}: doc_url points at ${code}`);
  assert.ok((error.message as string).length > 0, `${where}: a message`);
  return error;
}

/** A company with every fixture a walk of the operations needs, another company, and their tokens. */
export interface GuardWorld {
  owner: make.TestCompany;
  stranger: make.TestCompany;
  /** Ids owned by `owner`, by id prefix, in live mode and in test mode. */
  liveIds: Record<string, string>;
  testIds: Record<string, string>;
}

/**
 * The owner's objects of every kind an operation names, in both modes: live objects in one
 * project, test objects in another, so each mode's ids are its own. The stranger has
 * nothing; its tokens see none of them.
 */
export async function buildGuardWorld(app: TestApp): Promise<GuardWorld> {
  const owner = await make.companyWithTokens(app.db);
  const stranger = await make.companyWithTokens(app.db);
  const ids = async (livemode: boolean) => {
    const project = await make.project(app.db);
    const planting = await make.planting(app.db, project, { livemode });
    const allocation = await make.allocation(app.db, owner, planting, { livemode });
    const event = await recordEvent(app.db, { companyId: owner.id, livemode, type: 'allocation.created', object: { id: allocation.id } });
    const verification = await make.verification(app.db, project);
    const monitoring = await make.monitoring(app.db, project, { plantingId: planting.id });
    await app.db.updateTable('monitorings').set({ livemode }).where('id', '=', monitoring.id).execute();
    return {
      alloc: allocation.id, plt: planting.id, prj: project.id, evt: event, ver: verification.id, mon: monitoring.id,
      ...(await companyObjects(app, owner, livemode)),
    };
  };
  return { owner, stranger, liveIds: await ids(true), testIds: await ids(false) };
}

/**
 * A recipient, a company certificate (not the recipient's, so deleting the recipient leaves
 * it), an open gift code (reserving nothing, so revoking it frees nothing) and a webhook
 * endpoint.
 */
async function companyObjects(app: TestApp, owner: make.TestCompany, livemode: boolean) {
  const secretKey = process.env.CANOPY_SECRET_KEY ?? TEST_SECRET_KEY;
  const rcp = newId('recipient');
  const cert = newId('certificate');
  const gift = newId('gift_code');
  const whe = newId('webhook_endpoint');
  await app.db.insertInto('recipients').values({ id: rcp, company_id: owner.id, livemode, trees: 1, source: 'api' }).execute();
  await app.db.insertInto('certificates').values({ id: cert, company_id: owner.id, livemode, type: 'company', number: `CNP-TEST-${cert}`, trees: 10 }).execute();
  await app.db
    .insertInto('webhook_endpoints')
    .values({ id: whe, company_id: owner.id, livemode, url: 'https://hooks.example.com/canopy', secret_encrypted: sealSecret(secretKey, SIGNING_SECRET_PURPOSE, newSigningSecret()) })
    .execute();
  await app.db
    .insertInto('gift_codes')
    .values({ id: gift, company_id: owner.id, livemode, code: `TEST-${gift.slice(-9)}`, status: 'open', trees: 1, valid_until: new Date(Date.now() + 86_400_000) })
    .execute();
  return { rcp, cert, gift, whe };
}
