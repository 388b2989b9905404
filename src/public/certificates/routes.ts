import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isId } from '../../core/ids.ts';
import { LANGUAGES, type Language, negotiateLanguage } from '../../core/i18n.ts';
import type { ModuleOptions } from '../../http/module.ts';
import { certificatePageUrl, checkDownloadLink } from '../../modules/certificates/links.ts';
import { polygonSvgPath } from '../../views/polygon.ts';
import { renderPage } from '../../views/render.ts';
import { longDate, percent, TEXTS, words } from '../../views/texts.ts';
import { certificatePdf } from './pdf.ts';
import { type CertificateView, certifiedSentence, lookUpCertificate } from './view.ts';

/**
 * The certificate as a person sees it, without a login: its public verification page
 * and its PDF behind a signed, expiring link. Every answer is a page, never JSON: a
 * missing certificate 404, a withdrawn one 410 (no personal data), a changed download
 * link 403 and an expired one 410, each saying what to do.
 */
export const certificatePages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const links = { publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'certificate page failed');
    const language = pageLanguage(request);
    return page(reply, 500, language, 'message', { heading: 'Something went wrong', text: 'Please try again in a moment.' });
  });

  app.get<{ Params: { id: string } }>('/certificates/:id', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const found = isId('certificate', request.params.id) ? await lookUpCertificate(db, links, request.params.id, language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return page(reply, 404, language, 'message', { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') {
      return page(reply, 410, language, 'message', { heading: t.withdrawnTitle, text: `${t.number} ${found.number}. ${t.withdrawnBody}` });
    }
    reply.header('Cache-Control', 'no-store'); // the page carries a fresh download link
    return page(reply, 200, language, 'certificate', {
      view: found.view, heading: headingOf(found.view, language), sentence: certifiedSentence(found.view, t), title: `${found.view.number} · ${found.view.issuedTo}`,
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/certificates/:id/download', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const back = { linkUrl: certificatePageUrl(config.publicBaseUrl, id), linkText: t.toCertificate };
    if (!isId('certificate', id)) return page(reply, 404, language, 'message', { heading: t.notFoundTitle, text: t.notFoundBody });
    const link = checkDownloadLink(config.secretKey, id, request.query.expires, request.query.signature);
    if (link === 'invalid') return page(reply, 403, language, 'message', { heading: t.linkInvalidTitle, text: t.linkInvalidBody, ...back });
    if (link === 'expired') return page(reply, 410, language, 'message', { heading: t.linkExpiredTitle, text: t.linkExpiredBody, ...back });
    const row = await db.selectFrom('certificates').select('language').where('id', '=', id).executeTakeFirst();
    // The PDF speaks the certificate's language, whatever the reader's browser says.
    const found = row ? await lookUpCertificate(db, links, id, row.language as Language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return page(reply, 404, language, 'message', { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') return page(reply, 410, language, 'message', { heading: t.withdrawnTitle, text: t.withdrawnBody });
    const pdf = await certificatePdf(found.view);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="certificate-${found.view.number}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
};

/** `?lang=` first, then the browser's Accept-Language, English when neither says. */
function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
  return negotiateLanguage(request.headers['accept-language']);
}

function headingOf(view: CertificateView, language: Language): string {
  const t = TEXTS[language];
  return view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate;
}

function page(reply: FastifyReply, status: number, language: Language, template: string, data: Record<string, unknown>) {
  const t = TEXTS[language];
  const html = renderPage(template, {
    ...data,
    title: data.title ?? data.heading,
    language,
    t,
    longDate: (value: string | Date) => longDate(value, language),
    percent: (fraction: number) => percent(fraction, language),
    words,
    polygon: (rings: number[][][]) => polygonSvgPath(rings),
    country: (code: string) => countryName(code, language),
  });
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Language', language)
    .header('Vary', 'Accept-Language')
    .header('Content-Security-Policy', "default-src 'none'; img-src https: data: 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
