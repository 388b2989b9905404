import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, negotiateLanguage } from '../../core/i18n.ts';
import { polygonSvgPath } from './polygon.ts';
import { renderTemplate } from './render.ts';
import { formatNumber, longDate, percent, regionName, TEXTS, words } from './texts.ts';

/** What the public pages share: the reader's language, and one way to answer with a page. */

/** `?lang=` first, then the browser's Accept-Language, English when neither says. */
export function pageLanguage(request: FastifyRequest): Language {
  return chosenLanguage(request) ?? negotiateLanguage(request.headers['accept-language']);
}

/** The language the reader chose with `?lang=` (the layout's switch, or a link that carries it), or null. */
export function chosenLanguage(request: FastifyRequest): Language | null {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  return typeof asked === 'string' && isLanguage(asked) ? asked : null;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The languages as the switch names them, each in itself. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', nl: 'Nederlands' };

/**
 * The layout's language switch: for each language, the page's own address with `lang`
 * set and every other query parameter kept (a download link's expiry and signature), as a
 * relative `?...` link. A page with a form switches through the form instead (LanguageForm).
 */
export function languageLinks(url: string): { code: Language; label: string; href: string }[] {
  const query = new URL(url, 'http://page.invalid').searchParams;
  return LANGUAGES.map((code) => {
    const kept = new URLSearchParams(query);
    kept.set('lang', code);
    return { code, label: LANGUAGE_NAMES[code], href: `?${kept}` };
  });
}

/**
 * A page whose form holds what the reader typed switches language by submitting that form
 * (without any script): the layout's switch becomes buttons of the form `id`, each sent to
 * `actions[language]` with `switch_to=<language>`, which answers with the same form, filled
 * in, in that language. `submit` names the form's own action, for the button that Enter
 * presses (the first submit button of a form in the document; the switch comes before it).
 */
export interface LanguageForm {
  id: string;
  submit: string;
  actions: Record<Language, string>;
}

/** What `switch_to` a form sent with the layout's language switch names, or null for the form's own submit. */
export function switchedLanguage(fields: unknown): Language | null {
  const asked = (fields as Record<string, unknown> | undefined)?.switch_to;
  return isLanguage(asked) ? asked : null;
}

/**
 * What a link preview (Open Graph, Twitter cards) shows of a page: absolute URLs, the
 * picture 1200 by 630 px. Only pages meant to be passed on have one.
 */
export interface PreviewMeta {
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
}

/** og:locale of a language. */
export const OG_LOCALES: Record<Language, string> = { en: 'en_GB', nl: 'nl_NL' };

/**
 * Features no Canopy page uses, denied to the page and to anything it could embed: a page
 * that is ever made to run someone else's script still cannot film, listen, locate or pay.
 * Only features Chromium knows: it logs a console error for any other.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'fullscreen', 'geolocation',
  'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'publickey-credentials-get',
  'screen-wake-lock', 'usb', 'xr-spatial-tracking',
].map((feature) => `${feature}=()`).join(', ');

/** The policy of the public pages: inline styles, images from here only (photos and logos are copied: modules/photos), forms to here, and nothing else. */
export const PAGE_CONTENT_SECURITY_POLICY = pagePolicy({});

/**
 * What a page may load beyond the default policy: its scripts and style sheets from here
 * ('self'), images from other origins (a map's tiles). Only a page that needs one asks for it.
 */
export interface PagePolicyExtension {
  scriptSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
  /** Who may frame the page (a widget made for other sites' iframes: `['*']`); by default no one. */
  frameAncestors?: string[];
}

/** The public pages' policy, with a page's own additions; with none, the default. */
export function pagePolicy(extension: PagePolicyExtension): string {
  return [
    "default-src 'none'",
    ...(extension.scriptSrc?.length ? [`script-src ${extension.scriptSrc.join(' ')}`] : []),
    ["img-src 'self' data:", ...(extension.imgSrc ?? [])].join(' '),
    ['style-src', ...(extension.styleSrc ?? []), "'unsafe-inline'"].join(' '),
    "form-action 'self'",
    `frame-ancestors ${extension.frameAncestors?.length ? extension.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The headers every HTML page of Canopy carries, with its own Content-Security-Policy (which
 * should say `base-uri 'none'`): no sniffing another type, no referrer, no powerful features.
 */
export function securePageHeaders(reply: FastifyReply, contentSecurityPolicy: string): FastifyReply {
  return reply
    .header('Content-Security-Policy', contentSecurityPolicy)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Permissions-Policy', PERMISSIONS_POLICY);
}

/** Adds a request header to Vary, keeping those already named (a page that also varies on Accept). */
export function addVary(reply: FastifyReply, header: string): FastifyReply {
  const named = String(reply.getHeader('Vary') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (named.some((name) => name.toLowerCase() === header.toLowerCase())) return reply;
  return reply.header('Vary', [...named, header].join(', '));
}

/**
 * Answers with a template of views/templates in the reader's language, with the helpers
 * templates use, and the headers every public page carries: no scripts (unless `policy` lets
 * this origin's run: pagePolicy), no framing, no
 * referrer, no base URL but the page's own, no powerful features, no type sniffing, and a
 * cache key on the language; `noindex` unless `data.indexable`. The layout gets the language
 * switch (languageLinks, or `data.languageForm`) and a link preview when `data.meta` is given.
 */
export function page(reply: FastifyReply, status: number, language: Language, template: URL, data: Record<string, unknown>, policy: PagePolicyExtension = {}) {
  // A feature's page passes its own texts (featureTexts, which hold the shared ones too).
  const t = data.t ?? TEXTS[language];
  const html = renderTemplate(template, {
    ...data,
    title: data.title ?? data.heading,
    language,
    t,
    languageLinks: languageLinks(reply.request.url),
    ogLocale: OG_LOCALES[language],
    ogLocaleAlternate: LANGUAGES.filter((other) => other !== language).map((other) => OG_LOCALES[other]),
    longDate: (value: string | Date) => longDate(value, language),
    percent: (fraction: number) => percent(fraction, language),
    number: (n: number) => formatNumber(n, language),
    words,
    polygon: (rings: number[][][]) => polygonSvgPath(rings),
    country: (code: string) => countryName(code, language),
  });
  securePageHeaders(reply, pagePolicy(policy));
  // The layout says it too (<meta name="robots">); the header also reaches crawlers that read no HTML.
  if (!data.indexable) reply.header('X-Robots-Tag', 'noindex');
  return addVary(reply, 'Accept-Language')
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Language', language)
    .send(html);
}

/**
 * The 4xx status of an error a page's request raised before or in its handler (Fastify's
 * `statusCode`, or a CanopyError's `status`, e.g. a NUL in the address), or null for any
 * other error: a page's error handler answers those with a page, never with a 500.
 */
export function clientErrorStatus(error: unknown): number | null {
  const { statusCode, status } = (error ?? {}) as { statusCode?: unknown; status?: unknown };
  const found = typeof statusCode === 'number' ? statusCode : typeof status === 'number' ? status : null;
  return found !== null && found >= 400 && found < 500 ? found : null;
}

/** The shared page that says one thing: a heading, a sentence, and perhaps a link (templates/message.eta). */
const MESSAGE_TEMPLATE = new URL('./templates/message.eta', import.meta.url);

/** Answers with the shared message page. */
export function messagePage(reply: FastifyReply, status: number, language: Language, data: Record<string, unknown>) {
  return page(reply, status, language, MESSAGE_TEMPLATE, data);
}

/** A country's name in the reader's language: NL is Netherlands, or Nederland. */
export function countryName(code: string, language: Language): string {
  return regionName(code, language) ?? code;
}
