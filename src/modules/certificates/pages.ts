import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isId } from '../../core/ids.ts';
import type { Language } from '../../core/i18n.ts';
import { derivedKey } from '../../core/secrets.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { certificatePageUrl, checkDownloadLink } from './links.ts';
import { TEXTS } from './texts.ts';
import { chosenLanguage, clientErrorStatus, messagePage, page, pageLanguage } from '../../platform/pages/page.ts';
import { tileMapOf, tileMapPolicy } from '../../platform/pages/tile-map.ts';

const CERTIFICATE_TEMPLATE = new URL('./templates/certificate.eta', import.meta.url);
import { certificatePdf } from './pdf.ts';
import { withdrawnMessage } from './issuer.ts';
import { certificateStanding, previewOf, setCertificateShared, shareLinks } from './sharing.ts';
import { type CertificateView, certifiedSentence, lookUpCertificate, pdfLogoOf } from './view.ts';

/**
 * The certificate as a person sees it, without a login: its public verification page
 * and its PDF behind a signed, expiring link. Every answer is a page, never JSON: a
 * missing certificate 404, a withdrawn one 410 (no personal data), a changed download
 * link 403 and an expired one 410, each saying what to do. A certificate is a document in
 * a language: its pages speak the certificate's language unless the reader chose another
 * (`?lang=`). The page is private (noindex, a preview without the recipient's name) until
 * someone holding it shares it with its share form (sharing.ts), a POST with a CSRF token
 * like the gift claim form's.
 */
export const certificatePages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const links = { publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };
  // The interactive map, when the operator configured tiles (MAP_TILE_URL): the page then runs this origin's scripts and shows the tile server's images.
  const tileMap = tileMapOf(config.mapTiles);
  const tilePolicy = tileMapPolicy(config.mapTiles);
  // The share form's body is parsed here only: the API keeps answering 415 to anything but JSON.
  await app.register(fastifyFormbody, { bodyLimit: 4096 });
  await app.register(fastifyCookie, { secret: derivedKey(config.secretKey, 'certificate-form-cookie').toString('hex') });
  await app.register(fastifyCsrf, {
    cookieKey: 'canopy_certificate_csrf',
    cookieOpts: { path: '/certificates', httpOnly: true, sameSite: 'lax', secure: config.publicBaseUrl.startsWith('https://'), signed: true },
    getToken: (request) => (request.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
  });

  app.setErrorHandler((error, request, reply) => {
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const status = clientErrorStatus(error);
    const id = (request.params as { id?: unknown } | undefined)?.id;
    // An address no certificate can have (a NUL in it): not found, as any other.
    if (status !== null && request.method === 'GET') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    if (status !== null) {
      // A share form sent without its token (another site's, or an old page's), too large, or not a form: nothing changed.
      const back = typeof id === 'string' && isId('certificate', id) ? { linkUrl: `/certificates/${id}?lang=${language}`, linkText: t.toCertificate } : {};
      return messagePage(reply, status, language, { heading: t.formExpiredTitle, text: t.formExpiredBody, ...back });
    }
    request.log.error({ err: error }, 'certificate page failed');
    return messagePage(reply, 500, language, { heading: t.somethingWrongTitle, text: t.somethingWrongBody });
  });

  app.get<{ Params: { id: string } }>('/certificates/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const standing = isId('certificate', id) ? await certificateStanding(db, id) : null;
    const language = certificateLanguage(request, standing);
    const t = TEXTS[language];
    const found = standing ? await lookUpCertificate(db, links, id, language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') {
      return messagePage(reply, 410, language, await withdrawnMessage(db, config.publicBaseUrl, request.params.id, found.number, language));
    }
    const view = found.view;
    const shared = standing?.shared === true;
    const meta = previewOf(view, shared, t, config.publicBaseUrl);
    reply.header('Cache-Control', 'no-store'); // the page carries a fresh download link and the share form's token
    return page(reply, 200, language, CERTIFICATE_TEMPLATE, {
      t,
      view, heading: headingOf(view, language), sentence: certifiedSentence(view, t), title: meta.title,
      // A test certificate certifies no trees: never listed, even when shared.
      indexable: shared && view.livemode,
      meta,
      share: {
        shared,
        action: `/certificates/${id}/share?lang=${language}`,
        csrfToken: reply.generateCsrf(),
        url: view.pageUrl,
        links: shared ? shareLinks(view.pageUrl, meta.title, t) : [],
      },
      tileMap,
    }, tilePolicy);
  });

  /** The share form: `shared=true` shares the page, `shared=false` stops; then back to the page (303), at its share section. */
  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/certificates/:id/share',
    { schema: { hide: true }, preHandler: app.csrfProtection },
    async (request, reply) => {
      const { id } = request.params;
      const language = pageLanguage(request);
      const t = TEXTS[language];
      const asked = request.body?.shared;
      if (asked !== 'true' && asked !== 'false') return messagePage(reply, 400, language, { heading: t.formExpiredTitle, text: t.formExpiredBody });
      const outcome = isId('certificate', id) ? await setCertificateShared(db, id, asked === 'true') : 'nothing';
      if (outcome === 'nothing') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
      if (outcome === 'withdrawn') return messagePage(reply, 410, language, { heading: t.withdrawnTitle, text: t.withdrawnBody });
      // A relative address: the browser stays on the host it used.
      return reply.redirect(`/certificates/${id}?lang=${language}#share`, 303);
    },
  );

  /** The share form's address opened in a browser (the language switch of a page it answered): the certificate's page. */
  app.get<{ Params: { id: string } }>('/certificates/:id/share', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const language = chosenLanguage(request);
    const t = TEXTS[pageLanguage(request)];
    if (!isId('certificate', id)) return messagePage(reply, 404, pageLanguage(request), { heading: t.notFoundTitle, text: t.notFoundBody });
    return reply.redirect(`/certificates/${id}${language ? `?lang=${language}` : ''}`, 303);
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/certificates/:id/download', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const standing = isId('certificate', id) ? await certificateStanding(db, id) : null;
    const language = certificateLanguage(request, standing);
    const t = TEXTS[language];
    const back = { linkUrl: certificatePageUrl(config.publicBaseUrl, id, chosenLanguage(request) ?? undefined), linkText: t.toCertificate };
    if (!isId('certificate', id)) return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    const link = checkDownloadLink(config.secretKey, id, request.query.expires, request.query.signature);
    if (link === 'invalid') return messagePage(reply, 403, language, { heading: t.linkInvalidTitle, text: t.linkInvalidBody, ...back });
    if (link === 'expired') return messagePage(reply, 410, language, { heading: t.linkExpiredTitle, text: t.linkExpiredBody, ...back });
    // The PDF speaks the certificate's language, whatever the reader's browser says.
    const found = standing ? await lookUpCertificate(db, links, id, standing.language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') return messagePage(reply, 410, language, await withdrawnMessage(db, config.publicBaseUrl, id, found.number, language));
    const pdf = await certificatePdf(found.view, { logoImage: await pdfLogoOf(db, found.view) });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="certificate-${found.view.number}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex')
      .send(pdf);
  });
};

/** A certificate's pages speak the language the reader chose (`?lang=`), else the certificate's own, else the browser's (no such certificate). */
function certificateLanguage(request: FastifyRequest, standing: { language: Language } | null): Language {
  return chosenLanguage(request) ?? standing?.language ?? pageLanguage(request);
}

function headingOf(view: CertificateView, language: Language): string {
  const t = TEXTS[language];
  return view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate;
}
