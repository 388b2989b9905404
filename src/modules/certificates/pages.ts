import type { FastifyPluginAsync } from 'fastify';
import { isId } from '../../core/ids.ts';
import type { Language } from '../../core/i18n.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { certificatePageUrl, checkDownloadLink } from './links.ts';
import { TEXTS } from './texts.ts';
import { messagePage, page, pageLanguage } from '../../platform/pages/page.ts';

const CERTIFICATE_TEMPLATE = new URL('./templates/certificate.eta', import.meta.url);
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
    return messagePage(reply, 500, language, { heading: 'Something went wrong', text: 'Please try again in a moment.' });
  });

  app.get<{ Params: { id: string } }>('/certificates/:id', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const found = isId('certificate', request.params.id) ? await lookUpCertificate(db, links, request.params.id, language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') {
      return messagePage(reply, 410, language, { heading: t.withdrawnTitle, text: `${t.number} ${found.number}. ${t.withdrawnBody}` });
    }
    reply.header('Cache-Control', 'no-store'); // the page carries a fresh download link
    return page(reply, 200, language, CERTIFICATE_TEMPLATE, {
      t,
      view: found.view, heading: headingOf(found.view, language), sentence: certifiedSentence(found.view, t), title: `${found.view.number} · ${found.view.issuedTo}`,
    });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/certificates/:id/download', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const back = { linkUrl: certificatePageUrl(config.publicBaseUrl, id), linkText: t.toCertificate };
    if (!isId('certificate', id)) return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    const link = checkDownloadLink(config.secretKey, id, request.query.expires, request.query.signature);
    if (link === 'invalid') return messagePage(reply, 403, language, { heading: t.linkInvalidTitle, text: t.linkInvalidBody, ...back });
    if (link === 'expired') return messagePage(reply, 410, language, { heading: t.linkExpiredTitle, text: t.linkExpiredBody, ...back });
    const row = await db.selectFrom('certificates').select('language').where('id', '=', id).executeTakeFirst();
    // The PDF speaks the certificate's language, whatever the reader's browser says.
    const found = row ? await lookUpCertificate(db, links, id, row.language as Language) : { found: 'nothing' as const };
    if (found.found === 'nothing') return messagePage(reply, 404, language, { heading: t.notFoundTitle, text: t.notFoundBody });
    if (found.found === 'withdrawn') return messagePage(reply, 410, language, { heading: t.withdrawnTitle, text: t.withdrawnBody });
    const pdf = await certificatePdf(found.view);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="certificate-${found.view.number}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
};

function headingOf(view: CertificateView, language: Language): string {
  const t = TEXTS[language];
  return view.type === 'company' ? t.companyCertificate : view.type === 'gift' ? t.giftCertificate : t.certificate;
}
