import swagger from '@fastify/swagger';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { LANGUAGES } from '../../core/i18n.ts';
import { idPattern } from '../../core/ids.ts';
import { type DocumentSchema, documentedFormsById, Nullable, StringEnum } from '../../core/schema.ts';
import type { RouteScope } from '../../core/scopes.ts';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../jobs/purge-idempotency-keys.ts';
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from './api-rate-limits.ts';
import { errorExample, type OpenApiExamples, openApiExamples } from './openapi-examples.ts';
import { type OperationError, operationErrors } from './operation-errors.ts';
import { emptyBodyAsObject, IdempotencyKeyHeader } from './params.ts';

/** Where the document is served, without a token: the API reference (GET /docs) reads it. */
export const OPENAPI_JSON_PATH = '/v2/openapi.json';

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Nullable(Type.String()),
      doc_url: Type.String(),
      request_id: Type.String(),
    }, { additionalProperties: true }),
  },
  { $id: 'Error', description: 'The one error shape of the API; see docs/errors.md for every code.' },
);

/** How the API reference titles the errors of one status, before naming their codes. */
const ERROR_STATUS_TITLES: Record<number, string> = {
  400: 'The request is wrong',
  401: 'No valid token',
  403: 'Not allowed',
  404: 'No such object',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  415: 'Body not JSON',
  422: 'Refused',
  429: 'Too many requests; wait Retry-After seconds',
  500: 'Our fault; retry later',
};

function scopeSentence(scope: RouteScope): string {
  return scope === 'any' ? '**Scope:** any; every valid token may call it.' : `**Scope:** \`${scope}\``;
}

/** The codes an operation answers, by status. Not Map.groupBy: Node 20 lacks it. */
function codesByStatus(errors: readonly OperationError[]): [number, OperationError['code'][]][] {
  const statuses = [...new Set(errors.map((error) => error.status))];
  return statuses.map((status) => [status, errors.filter((error) => error.status === status).map(({ code }) => code)]);
}

/** One response per status, in the one error shape, its description naming each code (as docs/errors lists them). */
function errorResponses(errors: readonly OperationError[]) {
  return Object.fromEntries(
    codesByStatus(errors).map(([status, codes]) => {
      const description = `${ERROR_STATUS_TITLES[status] ?? 'Refused'}: ${codes.map((code) => `\`${code}\``).join(', ')}.`;
      return [status, { description, ...Type.Ref(ErrorSchema) }];
    }),
  );
}

/** Carries each error status's example from an operation's transform to the finished document, which puts it on the answer. */
const ERROR_EXAMPLES = 'x-canopy-error-examples';

/** The example of each error status of an operation: one of its codes there, as Canopy answers it (openapi-examples.ts). */
function errorExamples(route: DocumentedRoute, schema: FastifySchema, url: string, errors: readonly OperationError[], base: string) {
  const own = route.config?.errors ?? [];
  const body = schema.body as { required?: string[] } | undefined;
  const query = schema.querystring as { properties?: Record<string, unknown> } | undefined;
  const context = {
    base, method: methodsOf(route)[0] ?? 'GET', url, scope: route.config?.scope, resource: route.config?.resource,
    bodyRequired: body?.required ?? [], query: Object.keys(query?.properties ?? {}),
  };
  return Object.fromEntries(codesByStatus(errors).map(([status, codes]) => [status, errorExample(codes, own, context)]));
}

/**
 * The OpenAPI 3.1 document, generated from the routes' own schemas: every operation
 * shows the scope it needs, the error codes it can answer (operation-errors.ts) in the
 * one error shape, and the headers every v2 request and answer carries. Register before
 * the routes, so that it sees them.
 */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (scope) route.schema = { ...route.schema, security: [{ bearer: scope === 'any' ? [] : [scope] }] };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Canopy Tree Impact API',
        version: '2.0.0',
        description: apiDescription(publicBaseUrl),
        license: { name: 'Proprietary', identifier: 'LicenseRef-Canopy' },
      },
      servers: [{ url: publicBaseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'canopy_live_... or canopy_test_...' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Documentation only (validation and serialisation are untouched): the scope in words, as
    // renderers do not show a bearer scheme's scopes, the error codes by status with an
    // example of each, the request headers of a v2 operation, and whether its body may be left out.
    transform: ({ schema, url, route }) => {
      if (!schema || schema.hide) return { schema, url };
      const scope = route.config?.scope;
      const description = [scope && scopeSentence(scope), schema.description].filter(Boolean).join('\n\n') || undefined;
      const errors = operationErrors(route);
      const response = { ...(schema.response as object), ...errorResponses(errors) };
      const documented = { ...schema, description, response, [ERROR_EXAMPLES]: errorExamples(route, schema, url, errors, publicBaseUrl) };
      if (!scope) return { schema: documented, url };
      return { schema: { ...documented, headers: requestHeaders(route, schema), ...(bodyMayBeLeftOut(route) ? { [BODY_OPTIONAL]: true } : {}) }, url };
    },
    transformObject: (document) => ('openapiObject' in document ? finishDocument(document.openapiObject, openApiExamples(publicBaseUrl)) : document.swaggerObject),
  });
  app.addSchema(ErrorSchema);
  // Schemas only the document has (core/schema.ts, withDocumentedForm), once each: shared
  // schemas, so that swagger writes them as it writes the others. No route refers to them.
  const documentOnly = new Map<string, TSchema>();
  for (const form of documentedFormsById().values()) for (const schema of form.components ?? []) documentOnly.set(schema.$id as string, schema);
  for (const schema of documentOnly.values()) app.addSchema(schema);
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/**
 * What the reference opens with (Redoc shows its `##` headings first in the menu): how to
 * authenticate, and four calls from a new test token to a recipient, with this server's URL.
 */
function apiDescription(base: string): string {
  return `Read the trees your company contributes to and the proof behind them, pass trees on to people, and hear of every change by webhook.

## Authentication

Every request sends one of your company's API tokens as a bearer token:

\`\`\`
Authorization: Bearer canopy_test_...
\`\`\`

Your Canopy operator gives you tokens (\`canopy tokens create\`). A **test** token (\`canopy_test_...\`) reads and writes test data only, a **live** one (\`canopy_live_...\`) live data only; the two never see each other's objects, and each object says which it is in \`livemode\`. A token has scopes: each operation below names the one it needs (**Scope:**). A token may also have an expiry date and an IP allowlist.

Without a valid token the answer is 401 (\`token_missing\`, \`token_invalid\`, \`token_expired\`, ...), with a token that lacks the scope 403 \`scope_missing\`. A member's token may only read; a write needs a token created by an admin (else 403 \`owner_role_not_allowed\`).

## Quick start

With a test token in \`TOKEN\`:

1. Check the token: its company, scopes and rate limits.

   \`\`\`sh
   curl ${base}/v2/me \\
     -H "Authorization: Bearer $TOKEN"
   \`\`\`

2. Make trees to give. In test mode a test helper does what the foundation does for live trees:

   \`\`\`sh
   curl ${base}/v2/test_helpers/allocations \\
     -H "Authorization: Bearer $TOKEN" \\
     -H "Content-Type: application/json" \\
     -d '{"trees": 10}'
   \`\`\`

3. Give 3 of them to a person, who gets a certificate. The \`Idempotency-Key\` makes a retry safe: the same key and body within ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours get the first answer again instead of giving trees twice.

   \`\`\`sh
   curl ${base}/v2/recipients \\
     -H "Authorization: Bearer $TOKEN" \\
     -H "Content-Type: application/json" \\
     -H "Idempotency-Key: order-1042" \\
     -d '{"trees": 3, "first_name": "Ada"}'
   \`\`\`

4. List the recipients, newest first. While \`has_more\` is true, \`starting_after\` with the last id of a page gets the next one.

   \`\`\`sh
   curl "${base}/v2/recipients?limit=10" \\
     -H "Authorization: Bearer $TOKEN"
   \`\`\`

Every error has one shape, \`{"error": {"type", "code", "message", "param", "doc_url", "request_id"}}\`; [the error guide](/docs/errors) says when each code is answered and what to do. Changes reach you by [webhook](/docs/webhooks). Coming from v1: [migrating from v1](/docs/migrating-from-v1).`;
}

/** Carries "the body may be left out" from an operation's transform to the finished document, which removes it. */
const BODY_OPTIONAL = 'x-canopy-body-optional';

type DocumentedRoute = Pick<RouteOptions, 'method' | 'config' | 'preValidation'>;

const methodsOf = (route: Pick<RouteOptions, 'method'>) => [route.method].flat().map(String);

/** A route that takes a request without a body as `{}` (emptyBodyAsObject) has a body that may be left out. */
function bodyMayBeLeftOut(route: DocumentedRoute): boolean {
  return [route.preValidation].flat().includes(emptyBodyAsObject);
}

/**
 * The headers a v2 request may send: Accept-Language on every operation, and on every POST
 * an Idempotency-Key (http/idempotency.ts), required where the route says so. Header
 * names are case-insensitive; the document writes them as the guides do.
 */
function requestHeaders(route: DocumentedRoute, schema: FastifySchema) {
  const post = methodsOf(route).includes('POST');
  const required = route.config?.idempotency === 'required';
  const replay = `a retry with the same key and body within ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours gets the first answer again, with \`Idempotent-Replayed: true\`, instead of acting twice. At most 255 characters.`;
  const ours = Type.Object({
    'Accept-Language': Type.Optional(StringEnum(LANGUAGES, {
      default: 'en',
      description: 'The language of translated texts (names, descriptions, captions, notes): `en` (the default) or `nl`; Content-Language says which the answer uses. A full header such as `nl-NL, nl;q=0.9` is matched on its base tags.',
    })),
    ...(post ? { 'Idempotency-Key': required ? IdempotencyKeyHeader(`Required: ${replay}`) : Type.Optional(IdempotencyKeyHeader(`Optional: ${replay}`)) } : {}),
  });
  const declared = schema.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!declared) return ours;
  return { ...ours, properties: { ...ours.properties, ...declared.properties }, required: [...(ours.required ?? []), ...(declared.required ?? [])] };
}

interface DocumentedMedia {
  schema?: DocumentSchema;
  example?: unknown;
}

interface DocumentedResponse {
  headers?: Record<string, unknown>;
  content?: Record<string, DocumentedMedia>;
}

interface DocumentedOperation {
  operationId?: string;
  security?: unknown;
  parameters?: { in: string; name: string; schema?: DocumentSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, DocumentedMedia> };
  responses?: Record<string, DocumentedResponse>;
  [BODY_OPTIONAL]?: true;
  [ERROR_EXAMPLES]?: Record<string, unknown>;
}

interface OpenApiDocument {
  components?: { schemas?: Record<string, DocumentSchema>; headers?: Record<string, unknown> } & Record<string, unknown>;
  paths?: Record<string, Record<string, DocumentedOperation>>;
}

/** The document as generated, finished: the schemas' documented forms, optional bodies, examples, and the headers of every answer. */
function finishDocument<T>(openapiObject: T, examples: OpenApiExamples): T {
  const document = openapiObject as OpenApiDocument;
  withDocumentedForms(document);
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (operation[BODY_OPTIONAL] && operation.requestBody) operation.requestBody.required = false;
      delete operation[BODY_OPTIONAL];
    }
  }
  withExamples(document, examples);
  return withResponseHeaders(openapiObject);
}

/**
 * Real values where a renderer would make up `"string"` (openapi-examples.ts): each named
 * schema's example on the schema, so every answer of it shows it; on an operation, its
 * request body's, its answer's where that is not the named schema's, a list's (built from
 * its objects' example), and one error of each status.
 */
function withExamples(document: OpenApiDocument, examples: OpenApiExamples): void {
  const schemas = document.components?.schemas ?? {};
  for (const [id, example] of Object.entries(examples.components)) {
    if (schemas[id]) schemas[id] = { ...schemas[id], examples: [example] };
  }
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const operationId = operation.operationId ?? '';
      const body = operation.requestBody?.content?.['application/json'];
      if (body && examples.requests[operationId]) body.example = examples.requests[operationId];
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        const example = /^2/.test(status)
          ? (examples.responses[operationId] ?? listExample(path, operation, media.schema, examples))
          : operation[ERROR_EXAMPLES]?.[status];
        if (example !== undefined) media.example = example;
      }
      delete operation[ERROR_EXAMPLES];
    }
  }
}

/**
 * A page of a list, holding the example of its objects. Its url is the list's path, with
 * the parent's id taken from that object (a project's verifications name their project).
 */
function listExample(path: string, operation: DocumentedOperation, schema: DocumentSchema | undefined, examples: OpenApiExamples) {
  const properties = schema?.properties as Record<string, DocumentSchema> | undefined;
  if ((properties?.object?.enum as unknown[] | undefined)?.[0] !== 'list') return undefined;
  const itemRef = (properties?.data?.items as DocumentSchema | undefined)?.$ref as string | undefined;
  const item = itemRef ? examples.components[itemRef.split('/').at(-1) as string] : undefined;
  if (!item) return undefined;
  const url = path.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const pattern = operation.parameters?.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema?.pattern;
    const prefix = typeof pattern === 'string' ? /^\^([a-z]+_)/.exec(pattern)?.[1] : undefined;
    const parent = prefix ? Object.values(item).find((value) => typeof value === 'string' && value.startsWith(prefix)) : undefined;
    return typeof parent === 'string' ? parent : placeholder;
  });
  return { object: 'list', url, has_more: true, data: [item] };
}

/**
 * Each named schema in its documented form (core/schema.ts, withDocumentedForm), and the
 * schemas only the document has listed right after the schema that brought them.
 */
function withDocumentedForms(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const forms = documentedFormsById();
  const documentOnly = new Set([...forms.values()].flatMap((form) => (form.components ?? []).map((schema) => schema.$id as string)));
  const ordered: Record<string, DocumentSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (documentOnly.has(id)) continue;
    const form = forms.get(id);
    ordered[id] = form?.document ? form.document(schema) : schema;
    for (const added of form?.components ?? []) {
      const addedId = added.$id as string;
      if (!(addedId in ordered) && schemas[addedId]) ordered[addedId] = schemas[addedId];
    }
  }
  for (const id of documentOnly) if (!(id in ordered) && schemas[id]) ordered[id] = schemas[id];
  document.components = { ...document.components, schemas: ordered };
}

/** Refused by authentication, before the rate limits count the request and the answer's language is known: neither kind of header. */
const BEFORE_RATE_LIMITS = ['401', '403'];

/** The headers of v2 answers beyond the rate limits', as the document describes them. */
const ANSWER_HEADERS = {
  'Request-Id': {
    description: 'The id of this request (`req_` and 24 characters), the same as `request_id` in an error body: quote it when asking about a request.',
    schema: { type: 'string', pattern: idPattern('request') },
  },
  'Content-Language': {
    description: 'The language of the translated texts in the answer, `en` or `nl`, as chosen from Accept-Language (the answer also says `Vary: Accept-Language`).',
    schema: { type: 'string', enum: [...LANGUAGES] },
  },
  'Idempotent-Replayed': {
    description: '`true` when this answer is the stored one of an earlier request with the same Idempotency-Key, sent again; absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

/**
 * The headers of every answer of every v2 operation, each defined once under components:
 * Request-Id on all; after authentication Content-Language and the rate limit headers,
 * with Retry-After on a 429; and Idempotent-Replayed on a POST's success, which a replay
 * repeats.
 */
function withResponseHeaders<T>(openapiObject: T): T {
  const document = openapiObject as OpenApiDocument;
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const rateLimitHeaders = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, ref(name)]));
  document.components = {
    ...document.components,
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER_HEADER, ...ANSWER_HEADERS },
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.security) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const authenticated = !BEFORE_RATE_LIMITS.includes(status);
        response.headers = {
          'Request-Id': ref('Request-Id'),
          ...(authenticated ? { 'Content-Language': ref('Content-Language') } : {}),
          ...(method === 'post' && /^2/.test(status) ? { 'Idempotent-Replayed': ref('Idempotent-Replayed') } : {}),
          ...(status === '429' ? { 'Retry-After': ref('Retry-After') } : {}),
          ...response.headers,
          ...(authenticated ? rateLimitHeaders : {}),
        };
      }
    }
  }
  return openapiObject;
}
