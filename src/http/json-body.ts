import type { FastifyInstance } from 'fastify';
import { errors } from '../core/errors.ts';
import { isStorableText } from '../core/formats.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../core/json.ts';

/**
 * The guard every request body passes: the API speaks JSON only (any other body is a 415,
 * not a string handed to validation); a body may nest at most MAX_JSON_DEPTH levels,
 * checked before anything walks it (validation, hashing, storage would overflow the
 * stack on a body nested thousands deep); and PostgreSQL cannot store the NUL character
 * or a lone surrogate in text, so they are refused at the door as a 400 rather than
 * failing with a 500 at the first query. The URL gets the same check.
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
}

function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => !isStorableText(key) || containsUnstorableText(inner));
  }
  return false;
}
