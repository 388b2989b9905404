import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { messagePage, pageLanguage } from '../../platform/pages/page.ts';
import { PHOTO_KEY_PATTERN, PHOTO_SIZES, readCopyFile } from './copies.ts';
import { TEXTS } from './texts.ts';

/** A year: a copy under a key never changes (its key is its source URL's, and a source is fetched once). */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The copies, as files: `GET /photos/<key>/phone.webp` and `desktop.webp`, cached for a
 * year by browsers and proxies alike. Files, not pages: they do not count against the
 * page limit. A key without a stored copy (unknown, waiting, failed) is a 404 page, never
 * cached, so that a copy stored later is seen.
 */
export const photoAssets: FastifyPluginAsync<ModuleOptions> = async (app, { db }) => {
  app.get<{ Params: { key: string; file: string } }>('/photos/:key/:file', { schema: { hide: true } }, async (request, reply) => {
    const { key, file } = request.params;
    const size = PHOTO_KEY_PATTERN.test(key) ? PHOTO_SIZES.find((name) => file === `${name}.webp`) : undefined;
    const etag = `"${key}-${size}"`;
    // Only a stored copy ever had this tag, and a copy is never changed: no need to read it.
    if (size && request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).header('Cache-Control', FOREVER).header('ETag', etag).send();
    }
    const bytes = size ? await readCopyFile(db, key, size) : null;
    if (!bytes) {
      const language = pageLanguage(request);
      reply.header('Cache-Control', 'no-store');
      return messagePage(reply, 404, language, { heading: TEXTS[language].notFoundTitle, text: TEXTS[language].notFoundBody });
    }
    return reply
      .type('image/webp')
      .header('Cache-Control', FOREVER)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(bytes);
  });
};
