import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_JSON_PATH } from '../http/openapi.ts';
import { preferredEncoding } from './negotiate.ts';
import { securePageHeaders } from './page.ts';
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
  /** Its compressed forms, each made once, when first asked for. */
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

function scriptAsset(name: string, file: string | URL): ScriptAsset {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { path: `/docs/assets/${name}.${hash}.js`, body, encoded: new Map() };
}

/**
 * Redoc's bundle is 1.1 MB, 0.3 MB compressed. The app compresses answers as it sends them
 * (app.ts), which for this file would cost each new visitor about 0.2 s of CPU; it never
 * changes, so each form is made once (off the event loop, better than per answer: brotli at
 * quality 6 takes about 0.5 s) and kept.
 */
const ENCODERS = {
  br: (body: Buffer) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 9 }),
};

/** Below this the app's own compression (which skips answers under 1 KiB) decides. */
const PRECOMPRESS_FROM_BYTES = 64 * 1024;

async function encodedBody(asset: ScriptAsset, acceptEncoding: string | undefined): Promise<{ encoding: 'br' | 'gzip' | null; body: Buffer }> {
  const encoding = asset.body.length >= PRECOMPRESS_FROM_BYTES ? preferredEncoding(acceptEncoding) : null;
  if (encoding === null) return { encoding, body: asset.body };
  let made = asset.encoded.get(encoding);
  if (!made) {
    made = ENCODERS[encoding](asset.body);
    asset.encoded.set(encoding, made);
    // A failure is not kept: the next request tries again.
    made.catch(() => asset.encoded.delete(encoding));
  }
  return { encoding, body: await made };
}

export const apiReferencePages: FastifyPluginAsync = async (app) => {
  // Read once, at boot.
  const renderer = scriptAsset('redoc.standalone', createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  const init = scriptAsset('api-reference', new URL('./assets/api-reference.js', import.meta.url));
  const html = renderTemplate(new URL('./templates/api-reference.eta', import.meta.url), { specPath: OPENAPI_JSON_PATH, rendererPath: renderer.path, initPath: init.path });

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    securePageHeaders(reply, CONTENT_SECURITY_POLICY)
      .type('text/html; charset=utf-8')
      // Asks again after an upgrade, which renames the scripts.
      .header('Cache-Control', 'no-cache')
      .send(html),
  );

  for (const asset of [renderer, init]) {
    app.get(asset.path, { schema: { hide: true } }, async (request, reply) => {
      const { encoding, body } = await encodedBody(asset, request.headers['accept-encoding']);
      // Content-Encoding set here tells the app's compression to leave the answer alone.
      if (encoding) reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    });
  }
};
