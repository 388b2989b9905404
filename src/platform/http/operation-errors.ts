import type { FastifySchema, RouteOptions } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../../core/errors.ts';
import { isScope, roleAllowsScope } from '../../core/scopes.ts';
import { takesNoBody } from './json-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The codes a route's own work can refuse with (its service verb, the tree ledger),
     * beyond those its scope, schemas and idempotency already give. Documentation: the
     * OpenAPI document lists every code an operation can answer.
     */
    errors?: readonly ErrorCode[];
  }
}

/** One code an operation can answer with, at the status it answers it with. */
export interface OperationError {
  status: number;
  code: ErrorCode;
}

/** Refused by the v2 authentication hook (http/auth.ts), in the order it checks. */
const AUTHENTICATION: readonly ErrorCode[] = [
  'token_missing', 'token_ambiguous', 'token_invalid', 'token_wrong_version', 'token_owner_removed', 'token_revoked', 'token_expired',
  'plan_not_allowed', 'company_inactive', 'ip_not_allowed',
];
/** What any request whose body is read can be refused with before its schema is checked (http/json-body.ts, http/error-handler.ts). */
const BODY: readonly ErrorCode[] = ['body_invalid_json', 'body_too_deep', 'body_too_large', 'unsupported_media_type'];
/** Every v2 POST accepts an Idempotency-Key (http/idempotency.ts); a route may require one. */
const IDEMPOTENCY: readonly ErrorCode[] = ['idempotency_key_too_long', 'request_in_progress', 'idempotency_key_reused'];

type DocumentedRoute = Pick<RouteOptions, 'method' | 'config' | 'schema'>;

/**
 * Every error code an operation can answer, read from how its route is declared: its scope
 * (authentication and permission), its schemas (parameters, path id, body, paging), its
 * method (body, idempotency) and the codes it names itself in `config.errors`. The codes
 * answered before routing (request_malformed, request_timeout, headers_too_large, and
 * route_not_found unless a route answers it itself) belong to no operation.
 */
export function operationErrors(route: DocumentedRoute): OperationError[] {
  const config = route.config ?? {};
  const schema = (route.schema ?? {}) as FastifySchema;
  const methods = [route.method].flat().map(String);
  // Fastify reads the body of every method but GET and HEAD: a DELETE sent with one is refused like a POST's.
  const takesBody = methods.some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method));
  const found: OperationError[] = [];
  const add = (codes: readonly ErrorCode[], status?: number) => {
    for (const code of codes) {
      const at = status ?? ERROR_CODES[code][0];
      if (!found.some((e) => e.code === code && e.status === at)) found.push({ status: at, code });
    }
  };

  const scope = config.scope;
  if (scope) {
    add(AUTHENTICATION);
    if (isScope(scope)) add(roleAllowsScope('member', scope) ? ['scope_missing'] : ['scope_missing', 'owner_role_not_allowed']);
    // Every authenticated v2 request counts against the rate limits (http/api-rate-limits.ts).
    add(['rate_limited']);
  }
  if (scope && methods.includes('POST')) add(config.idempotency === 'required' ? ['idempotency_key_missing', ...IDEMPOTENCY] : IDEMPOTENCY);
  if (schema.params) add(['resource_missing']);
  // An operation without a body schema refuses a body with any key (http/json-body.ts).
  if (schema.querystring || schema.body || takesNoBody(route)) add(['parameter_unknown']);
  if (hasRequired(schema.querystring) || hasRequired(schema.body)) add(['parameter_missing']);
  // A NUL character or broken percent-encoding in any URL, a value a schema refuses, or a
  // body that is no object sent to an operation that takes none.
  add(['parameter_invalid']);
  if (takesBody) add(BODY);
  if (hasProperty(schema.querystring, 'starting_after')) add(['resource_missing'], 400);
  add(config.errors ?? []);
  add(['internal_error']);
  return found.sort((a, b) => a.status - b.status);
}

function hasRequired(schema: unknown): boolean {
  return ((schema as { required?: unknown[] } | undefined)?.required?.length ?? 0) > 0;
}

function hasProperty(schema: unknown, name: string): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && name in properties;
}
