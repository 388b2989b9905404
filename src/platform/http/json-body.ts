import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { errors } from '../../core/errors.ts';
import { isStorableText } from '../../core/formats.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../core/json.ts';

/**
 * The guard every request body passes: the API speaks JSON only (any other body is a 415,
 * not a string handed to validation); a body may nest at most MAX_JSON_DEPTH levels,
 * checked before anything walks it (validation, hashing, storage would overflow the
 * stack on a body nested thousands deep); and PostgreSQL cannot store the NUL character
 * or a lone surrogate in text, so they are refused at the door as a 400 rather than
 * failing with a 500 at the first query. The URL gets the same check. A v2 operation that
 * declares no body refuses one (refuseAnyBody).
 */
export function guardJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return done(errors.bodyTooDeep(MAX_JSON_DEPTH), undefined);
      if (containsUnstorableText(value)) return done(errors.unstorableText(), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw errors.unstorableText();
  });
  app.addHook('onRoute', (route) => {
    if (takesNoBody(route)) route.preHandler = [refuseAnyBody, ...[route.preHandler ?? []].flat()];
  });
}

/**
 * Whether a route is a v2 operation (it names a scope) of a method that may carry a body
 * (Fastify reads one for every method but GET and HEAD) whose route declares no body
 * schema. Such an operation has no parameters to take from a body; a route that declares
 * one is left to its schema, which refuses unknown keys and other types itself.
 */
export function takesNoBody(route: Pick<RouteOptions, 'method' | 'config' | 'schema'>): boolean {
  const methods = [route.method].flat().map(String);
  const declared = (route.schema as FastifySchema | undefined)?.body;
  return Boolean(route.config?.scope) && declared === undefined && methods.some((method) => method !== 'GET' && method !== 'HEAD');
}

/**
 * The body of an operation that takes none: left out, or `{}`. Anything else is refused as
 * a schema refuses it, so that a client's mistaken parameter is never silently ignored
 * while the operation acts. Runs after the path and query are validated (a bad id is
 * still 404 first) and before the handler, so nothing has changed.
 */
async function refuseAnyBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === undefined) return;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.parameterInvalid(null, `Invalid body: this endpoint takes no parameters, so send no body or {} (got ${kindOf(body)}).`);
  }
  const [first] = Object.keys(body);
  if (first !== undefined) throw errors.parameterUnknown([first]);
}

/** What a JSON value is, in words: not the value itself, which may be a megabyte long. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => !isStorableText(key) || containsUnstorableText(inner));
  }
  return false;
}
