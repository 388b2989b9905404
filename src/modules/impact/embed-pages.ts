import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { drawnImages } from '../../platform/pages/drawn-images.ts';
import type { ReadContext } from '../../core/context.ts';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { entityTag, ifNoneMatch } from '../../platform/http/etag.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { addVary, chosenLanguage, messagePage, pageLanguage, pagePolicy, securePageHeaders } from '../../platform/pages/page.ts';
import { renderTemplate } from '../../platform/pages/render.ts';
import { TEXTS } from '../../platform/pages/texts.ts';
import { findCompanyBrand } from '../company/brand.ts';
import { BADGE_COLOURS, BADGE_THEMES, type BadgeTheme, badgeFacts, badgeSvg, notFoundBadgeSvg, notPublicBadgeSvg } from './badge.ts';
import { EMBED_TEXTS } from './embed-texts.ts';
import { remembered } from './cache.ts';
import { findImpactCompany, type ImpactCompany, impactCounts, impactFigures } from './figures.ts';
import { cardLogoPng, type ImpactCard, impactCardOf, impactCardPng, impactCardSvg, impactCardTag } from './share-image.ts';

/**
 * What a company's impact page gives other sites (docs/impact-page.md): its badge
 * (`/impact/{slug}/badge.svg`, an image to wrap in a link), its widget (`/impact/{slug}/widget`,
 * a small page for an iframe: the same facts as text), and its share image
 * (`/impact/{slug}/share.png`, for link previews). The badge and the widget in
 * `?theme=light|dark` and in the language of `?lang=` or Accept-Language; the share image in
 * `?lang=`'s, else English. They read the same figures as the
 * page (figures.ts), live trees only, nothing personal. A hidden page's embeddables say only
 * that it is not public; an unknown address's, that there is none: both 404.
 */

const WIDGET_TEMPLATE = new URL('./templates/widget.eta', import.meta.url);

/** A slug as companies get them (operator/companies.ts slugify). */
const SLUG = /^[a-z0-9-]{1,80}$/;

/** An SVG opened by itself runs nothing and loads nothing (an <img> never does either). */
const BADGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; sandbox";
/** The widget is made to be framed by any site: the pages' policy, with every ancestor allowed. */
const WIDGET_POLICY = pagePolicy({ frameAncestors: ['*'] });

/** How long a badge or widget may be kept without asking again: a counter on someone's website need not be to the second. */
const EMBED_CACHE = 'public, max-age=300';

type Found<F> =
  | { state: 'unknown' }
  | { state: 'hidden'; company: ImpactCompany }
  | { state: 'public'; company: ImpactCompany; figures: F; pageUrl: string };

type EmbedRequest = FastifyRequest<{ Params: { slug: string }; Querystring: { theme?: unknown; lang?: unknown } }>;

export const impactEmbedPages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  /**
   * The company behind a slug, and when its page is public, its figures as `read` gives them:
   * the counts for the badge and the widget (impactCounts, two reads), with the projects for
   * the share image (impactFigures).
   */
  async function lookUp<F>(slug: string, language: Language, read: (ctx: ReadContext) => Promise<F>): Promise<Found<F>> {
    const company = SLUG.test(slug) ? await findImpactCompany(db, slug) : null;
    if (!company) return { state: 'unknown' };
    if (!company.public) return { state: 'hidden', company };
    const ctx: ReadContext = { db, companyId: company.id, livemode: true, language, scopes: [], publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };
    const pageUrl = `${config.publicBaseUrl}/impact/${company.slug}?lang=${language}`;
    // Kept while the company's stamp holds (cache.ts): an embedded badge is read on every view of the page it is on.
    return { state: 'public', company, figures: await remembered(`${read.name}:${company.id}:${language}`, company.stamp, () => read(ctx)), pageUrl };
  }

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'impact embed failed');
    const language = pageLanguage(request);
    return messagePage(reply, 500, language, { heading: TEXTS[language].somethingWrongTitle, text: TEXTS[language].somethingWrongBody });
  });

  app.get('/impact/:slug/badge.svg', { schema: { hide: true } }, async (request: EmbedRequest, reply) => {
    const language = pageLanguage(request);
    const theme = themeOf(request.query.theme);
    const found = await lookUp(request.params.slug, language, impactCounts);
    const svg =
      found.state === 'public'
        ? badgeSvg(found.figures, { companyName: found.company.name, theme, language, pageUrl: found.pageUrl })
        : found.state === 'hidden'
          ? notPublicBadgeSvg(theme, language)
          : notFoundBadgeSvg(theme, language);
    reply.header('Content-Security-Policy', BADGE_POLICY).header('X-Content-Type-Options', 'nosniff');
    return sendEmbed(request, reply, found.state === 'public' ? 200 : 404, language, svg, 'image/svg+xml; charset=utf-8');
  });

  app.get('/impact/:slug/widget', { schema: { hide: true } }, async (request: EmbedRequest, reply) => {
    const language = pageLanguage(request);
    const theme = themeOf(request.query.theme);
    const t = EMBED_TEXTS[language];
    const found = await lookUp(request.params.slug, language, impactCounts);
    const shown =
      found.state === 'public'
        ? {
            title: t.widgetTitle(found.company.name),
            companyName: found.company.name,
            facts: badgeFacts(found.figures, found.company.name, language),
            pageUrl: found.pageUrl,
            linkText: found.figures.trees.total > 0 ? t.widgetLink : t.widgetLinkNoTrees,
          }
        : found.state === 'hidden'
          ? { title: t.notPublic, facts: null, message: t.widgetNotPublic }
          : { title: t.notFound, facts: null, message: t.widgetNotFound };
    const html = renderTemplate(WIDGET_TEMPLATE, { ...shown, language, theme, t, colours: BADGE_COLOURS });
    securePageHeaders(reply, WIDGET_POLICY).header('X-Robots-Tag', 'noindex');
    return sendEmbed(request, reply, found.state === 'public' ? 200 : 404, language, html, 'text/html; charset=utf-8');
  });

  app.get('/impact/:slug/share.png', { schema: { hide: true } }, async (request: EmbedRequest, reply) => {
    // `?lang=` (the page's og:image names it), else English: a crawler's Accept-Language says nothing of who sees the preview.
    const language = chosenLanguage(request) ?? 'en';
    const found = await lookUp(request.params.slug, language, impactFigures);
    if (found.state !== 'public') {
      const t = EMBED_TEXTS[language];
      const [heading, text] = found.state === 'hidden' ? [t.notPublic, t.widgetNotPublic] : [t.notFound, t.widgetNotFound];
      return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading, text });
    }
    const brand = await findCompanyBrand(db, config.publicBaseUrl, found.company.id);
    const card = impactCardOf(found.figures, found.company, brand.logoCopyKey, language);
    const tag = impactCardTag(card);
    reply.header('ETag', tag).header('Cache-Control', 'public, max-age=3600').header('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.type('image/png').send(await pngOf(db, card, tag));
  });
};

function themeOf(value: unknown): BadgeTheme {
  return (BADGE_THEMES as readonly unknown[]).includes(value) ? (value as BadgeTheme) : 'light';
}

/**
 * Sends a badge or a widget, kept for EMBED_CACHE; a 200 with an ETag of its bytes, and 304
 * to a client that has them (a 404 is not revalidated: RFC 9110 evaluates If-None-Match
 * only for a 2xx answer).
 */
function sendEmbed(request: FastifyRequest, reply: FastifyReply, status: number, language: Language, body: string, type: string) {
  addVary(reply.header('Cache-Control', EMBED_CACHE).header('Content-Language', language), 'Accept-Language');
  if (status === 200) {
    const tag = entityTag(body);
    reply.header('ETag', tag);
    if (ifNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
  }
  return reply.code(status).type(type).send(body);
}

/** The share images drawn, by tag: 16 MB in all, as certificates keep theirs. */
const drawn = drawnImages(16 * 1024 * 1024);

function pngOf(db: Db, card: ImpactCard, tag: string): Promise<Buffer> {
  return drawn.get(tag, async () => impactCardPng(impactCardSvg(card, await cardLogoPng(db, card.logoCopyKey))));
}
