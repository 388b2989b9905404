import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, negotiateLanguage } from '../../core/i18n.ts';
import { polygonSvgPath } from './polygon.ts';
import { renderTemplate } from './render.ts';
import { longDate, percent, TEXTS, words } from './texts.ts';

/** What the public pages share: the reader's language, and one way to answer with a page. */

/** `?lang=` first, then the browser's Accept-Language, English when neither says. */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
  return negotiateLanguage(request.headers['accept-language']);
}

/**
 * Answers with a template of views/templates in the reader's language, with the helpers
 * templates use, and the headers every public page carries: no scripts, no framing, no
 * referrer, and a cache key on the language.
 */
export function page(reply: FastifyReply, status: number, language: Language, template: URL, data: Record<string, unknown>) {
  // A feature's page passes its own texts (featureTexts, which hold the shared ones too).
  const t = data.t ?? TEXTS[language];
  const html = renderTemplate(template, {
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
    .header('Content-Security-Policy', "default-src 'none'; img-src https: data: 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

/** The shared page that says one thing: a heading, a sentence, and perhaps a link (templates/message.eta). */
const MESSAGE_TEMPLATE = new URL('./templates/message.eta', import.meta.url);

/** Answers with the shared message page. */
export function messagePage(reply: FastifyReply, status: number, language: Language, data: Record<string, unknown>) {
  return page(reply, status, language, MESSAGE_TEMPLATE, data);
}

/** A country's name in the reader's language: NL is Netherlands, or Nederland. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
