import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_JSON_PATH } from '../http/openapi.ts';
import { renderTemplate } from './render.ts';

/**
 * GET /docs: the API reference, rendered in the browser by Redoc from the live OpenAPI
 * document. Redoc's standalone bundle comes from the `redoc` package and is served by
 * Canopy itself, so the page works where the internet does not reach; nothing on it loads
 * from another origin (its Content-Security-Policy says so to the browser).
 */

/**
 * Only this origin. Redoc styles itself with inline <style> elements (styled-components)
 * and runs its search index in a worker it makes from a blob: URL. The one outside image
 * in its bundle (Redocly's logo beside "API docs by Redocly") is refused, and hides itself.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A script served under a name that changes with its content, so browsers may keep it for a year. */
interface ScriptAsset {
  path: string;
  body: Buffer;
}

function scriptAsset(name: string, file: string | URL): ScriptAsset {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { path: `/docs/assets/${name}.${hash}.js`, body };
}

export const apiReferencePages: FastifyPluginAsync = async (app) => {
  // Read once, at boot.
  const renderer = scriptAsset('redoc.standalone', createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  const init = scriptAsset('api-reference', new URL('./assets/api-reference.js', import.meta.url));
  const html = renderTemplate(new URL('./templates/api-reference.eta', import.meta.url), { specPath: OPENAPI_JSON_PATH, rendererPath: renderer.path, initPath: init.path });

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Content-Type-Options', 'nosniff')
      // Asks again after an upgrade, which renames the scripts.
      .header('Cache-Control', 'no-cache')
      .send(html),
  );

  for (const asset of [renderer, init]) {
    app.get(asset.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(asset.body),
    );
  }
};
