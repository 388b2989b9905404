import swagger from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Nullable } from '../core/schema.ts';
import type { RouteScope } from '../core/scopes.ts';
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from './api-rate-limits.ts';
import { type OperationError, operationErrors } from './operation-errors.ts';

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

/** One response per status, in the one error shape, its description naming each code (as docs/errors lists them). */
function errorResponses(errors: readonly OperationError[]) {
  // Not Map.groupBy: Node 20 lacks it.
  const statuses = [...new Set(errors.map((error) => error.status))];
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = errors.filter((error) => error.status === status).map(({ code }) => `\`${code}\``);
      const description = `${ERROR_STATUS_TITLES[status] ?? 'Refused'}: ${codes.join(', ')}.`;
      return [status, { description, ...Type.Ref(ErrorSchema) }];
    }),
  );
}

/**
 * The OpenAPI 3.1 document, generated from the routes' own schemas: every operation
 * shows the scope it needs and the error codes it can answer (operation-errors.ts), in
 * the one error shape. Register before the routes, so that it sees them.
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
        description: 'Read the trees your company contributes to and the proof behind them. Errors: see /docs/errors.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Canopy' },
      },
      servers: [{ url: publicBaseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'canopy_live_... or canopy_test_...' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Documentation only (validation and serialisation are untouched): the scope in words, as
    // renderers do not show a bearer scheme's scopes, and the error codes by status.
    transform: ({ schema, url, route }) => {
      if (!schema || schema.hide) return { schema, url };
      const scope = route.config?.scope;
      const description = [scope && scopeSentence(scope), schema.description].filter(Boolean).join('\n\n') || undefined;
      const response = { ...(schema.response as object), ...errorResponses(operationErrors(route)) };
      return { schema: { ...schema, description, response }, url };
    },
    transformObject: (document) => ('openapiObject' in document ? withRateLimitHeaders(document.openapiObject) : document.swaggerObject),
  });
  app.addSchema(ErrorSchema);
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}

interface OpenApiDocument {
  components?: Record<string, unknown>;
  paths?: Record<string, Record<string, { security?: unknown; responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
}

/** Refused by authentication, before the rate limits count the request: no rate limit headers. */
const BEFORE_RATE_LIMITS = ['401', '403'];

/**
 * The rate limit headers (defined once, under components) on every answer of every v2
 * operation after authentication, and Retry-After on its 429.
 */
function withRateLimitHeaders<T>(openapiObject: T): T {
  const document = openapiObject as OpenApiDocument;
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const headers = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, ref(name)]));
  document.components = { ...document.components, headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER_HEADER } };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation.security) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (BEFORE_RATE_LIMITS.includes(status)) continue;
        response.headers = { ...(status === '429' ? { 'Retry-After': ref('Retry-After') } : {}), ...response.headers, ...headers };
      }
    }
  }
  return openapiObject;
}
