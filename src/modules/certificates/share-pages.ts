import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isId } from '../../core/ids.ts';
import { LANGUAGES, type Language } from '../../core/i18n.ts';
import { ifNoneMatch } from '../../platform/http/etag.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { drawnImages } from '../../platform/pages/drawn-images.ts';
import { messagePage, pageLanguage } from '../../platform/pages/page.ts';
import { type ShareCard, shareCardOf, shareCardPng, shareCardSvg, shareCardTag } from './share-image.ts';
import { TEXTS } from './texts.ts';
import { lookUpCertificate } from './view.ts';

/**
 * `GET /certificates/{id}/share.png`: the picture a shared link to a certificate shows
 * (share-image.ts), in the certificate's language or `?lang=`. The same card gives the
 * same ETag, so a client or crawler that has it gets 304 without anything being drawn;
 * the PNG is kept in memory by that tag, since drawing one takes longer than reading the
 * certificate. It names the recipient only once their certificate was shared
 * (certificates.shared_at). A withdrawn or unknown certificate is a 404 page: no picture,
 * no name.
 */
export const certificateSharePages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const links = { publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'certificate share image failed');
    return messagePage(reply, 500, pageLanguage(request), { heading: 'Something went wrong', text: 'Please try again in a moment.' });
  });

  app.get<{ Params: { id: string }; Querystring: { lang?: unknown } }>('/certificates/:id/share.png', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const row = isId('certificate', id)
      ? await db
          .selectFrom('certificates')
          .innerJoin('companies', 'companies.id', 'certificates.company_id')
          .select(['certificates.language', 'certificates.withdrawn_at', 'certificates.shared_at', 'companies.slug'])
          .where('certificates.id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row || row.withdrawn_at) return notFound(reply, pageLanguage(request));
    const asked = request.query.lang;
    const language = typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked) ? (asked as Language) : (row.language as Language);
    const found = await lookUpCertificate(db, links, id, language);
    if (found.found !== 'certificate') return notFound(reply, pageLanguage(request));
    // The recipient's name only once their certificate's page was shared (its share form sets shared_at).
    const card = shareCardOf(found.view, { slug: row.slug }, row.shared_at ? found.view.issuedTo : null);
    const tag = shareCardTag(card);
    reply.header('ETag', tag).header('Cache-Control', 'public, max-age=3600').header('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.type('image/png').send(await pngOf(card, tag));
  });
};

function notFound(reply: FastifyReply, language: Language) {
  const t = TEXTS[language];
  return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
}

/** The share images drawn, by tag, 16 MB in all (platform/pages/drawn-images.ts). */
const drawn = drawnImages(16 * 1024 * 1024);

function pngOf(card: ShareCard, tag: string): Promise<Buffer> {
  return drawn.get(tag, () => shareCardPng(shareCardSvg(card)));
}
