import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../core/i18n.ts';
import { OPENAPI_JSON_PATH } from '../http/openapi.ts';
import { page, pageLanguage } from './page.ts';
import { SITE_TEXTS } from './site-texts.ts';

/**
 * Canopy's front door: `/`, a page saying what Canopy is, in the reader's language, with
 * the ways in (claiming a gift code, the API reference, the guides), and the icon browsers
 * ask every site for (`/favicon.ico`, and the SVG the layout links to). Answered from memory
 * and outside the public pages' limit, like the API reference.
 */

/**
 * The guides of docs/ published at /docs/<name>, in the order the pages list them: an error's
 * doc_url goes to the first, a webhook delivery's User-Agent to the second, the legacy v1
 * API's Link header and 410 answers to the third; the fourth describes v1 as it answers.
 */
export const GUIDES = ['errors', 'webhooks', 'impact-page', 'migrating-from-v1', 'legacy-v1'] as const;

/** The styles of the home page and the guides, beside the layout's own (templates/layout.eta). */
export const SITE_STYLE = readFileSync(new URL('./assets/site.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\/\n?/g, '');

/**
 * The links of a page that keep the reader's language: with `?lang=` when the reader chose
 * one (the layout's language switch), else bare, as Accept-Language will choose again.
 */
export function siteLink(request: FastifyRequest, language: Language): (path: string) => string {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  const chosen = typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked);
  return (path) => (chosen ? `${path}?lang=${language}` : path);
}

const HOME_TEMPLATE = new URL('./templates/home.eta', import.meta.url);

/**
 * The same icon twice: an SVG for browsers that take one, and for the others an ICO holding
 * PNGs of 16, 32 and 48 px, drawn from the SVG by Chromium (a screenshot at each size).
 */
const ICONS = [
  { path: '/favicon.svg', type: 'image/svg+xml; charset=utf-8', body: readFileSync(new URL('./assets/favicon.svg', import.meta.url)) },
  { path: '/favicon.ico', type: 'image/x-icon', body: readFileSync(new URL('./assets/favicon.ico', import.meta.url)) },
];

export const sitePages: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const language = pageLanguage(request);
    const t = SITE_TEXTS[language];
    return page(reply, 200, language, HOME_TEMPLATE, {
      t,
      title: t.homeHeading,
      guides: GUIDES,
      openApiPath: OPENAPI_JSON_PATH,
      link: siteLink(request, language),
      headStyle: SITE_STYLE,
      footer: t.footerSite,
      indexable: true,
    });
  });

  for (const icon of ICONS) {
    // PNGs inside the ICO: compressing them again gains nothing.
    app.get(icon.path, { schema: { hide: true }, compress: false }, async (_request, reply) =>
      reply
        .type(icon.type)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        // An SVG opened on its own is a document: it may run nothing.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(icon.body),
    );
  }
};
