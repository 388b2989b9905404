import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errors } from '../../core/errors.ts';
import { isId } from '../../core/ids.ts';
import type { Language } from '../../core/i18n.ts';
import type { Db } from '../../db/schema.ts';
import { entityTag, ifNoneMatch } from '../../platform/http/etag.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { clientErrorStatus, countryName, messagePage, pageLanguage, type PreviewMeta, page } from '../../platform/pages/page.ts';
import { tileMapOf, tileMapPolicy } from '../../platform/pages/tile-map.ts';
import { findCompanyBrand } from '../company/brand.ts';
import { MONITORING_METHODS, wordFor } from '../proof/words.ts';
import { remembered } from './cache.ts';
import { findImpactCompany, impactFigures } from './figures.ts';
import { presentImpact } from './present.ts';
import { TEXTS } from './texts.ts';
import { type ImpactView, impactPlantingView, impactView } from './view.ts';

const IMPACT_TEMPLATE = new URL('./templates/impact.eta', import.meta.url);
const PLANTING_TEMPLATE = new URL('./templates/planting.eta', import.meta.url);

/** A slug as companies get them (operator/companies.ts slugify): lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * A company's public impact page, `GET /impact/{slug}`, for every plan and without a
 * login, and its figures as JSON, `GET /impact/{slug}.json`. Both read the company's live
 * trees from its aggregates (figures.ts, view.ts), never from a scan of its allocations.
 * Each answer carries an ETag of its bytes and may be kept by a browser or a cache only
 * as long as it checks back (`no-cache`): when the company's trees or their proof change,
 * the next request gets the new page, and until then a 304. A hidden page keeps its
 * address and answers a plain "not public" page (404, noindex); so does the JSON.
 */
export const impactPages: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const links = { publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };
  const tileMap = tileMapOf(config.mapTiles);
  const tilePolicy = tileMapPolicy(config.mapTiles);

  app.setErrorHandler((error, request, reply) => {
    // The JSON answers in the API's one error shape: the application's handler writes it.
    if (request.url.split('?')[0]?.endsWith('.json')) throw error;
    const language = pageLanguage(request);
    const t = TEXTS[language];
    // An address no company can have (a NUL, a malformed escape): a page saying so, not an error.
    if (clientErrorStatus(error) !== null) {
      return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.notFoundTitle, text: t.notFoundBody, footer: t.footerImpact });
    }
    request.log.error({ err: error }, 'impact page failed');
    return messagePage(reply, 500, language, { heading: t.somethingWrongTitle, text: t.somethingWrongBody, footer: t.footerImpact });
  });

  app.get<{ Params: { slug: string } }>('/impact/:slug', { schema: { hide: true } }, async (request, reply) => {
    const asJson = request.params.slug.endsWith('.json');
    const slug = asJson ? request.params.slug.slice(0, -'.json'.length) : request.params.slug;
    const language = pageLanguage(request);
    const company = SLUG.test(slug) ? await findImpactCompany(db, slug) : null;
    const pageUrl = `${config.publicBaseUrl}/impact/${slug}`;

    if (asJson) {
      if (!company) throw errors.notFound('company', slug, 'slug');
      if (!company.public) throw errors.impactPageNotPublic(slug);
      const ctx = { db, companyId: company.id, livemode: true, language, scopes: [], publicBaseUrl: config.publicBaseUrl, secretKey: config.secretKey };
      const body = await remembered(`json:${company.id}:${language}`, company.stamp, async () => {
        const brand = await brandOf(db, links.publicBaseUrl, company.id);
        return JSON.stringify(presentImpact({ ...brand, slug }, await impactFigures(ctx), pageUrl, language));
      });
      // A company's own website may read it from the browser: public figures, no credentials.
      reply.header('Access-Control-Allow-Origin', '*').header('Vary', 'Accept-Language');
      return cached(reply, request.headers['if-none-match'], body, 'application/json; charset=utf-8');
    }

    const t = TEXTS[language];
    if (!company) return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.notFoundTitle, text: t.notFoundBody, footer: t.footerImpact });
    if (!company.public) return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.hiddenTitle, text: t.hiddenBody, footer: t.footerImpact });

    // Kept while the company and its trees stay as they are (cache.ts); the proof alone for at most a few minutes.
    const view = await remembered(`page:${company.id}:${language}`, company.stamp, () => impactView(db, links, company, language));
    const meta = previewOf(view, pageUrl, language);
    reply.header('Cache-Control', 'public, no-cache');
    // page() renders and sends; the tag is taken of the rendered page in onSend (below), so a 304 needs no second render.
    return page(reply, 200, language, IMPACT_TEMPLATE, {
      t,
      view,
      heading: t.title(view.company.name),
      title: t.title(view.company.name),
      indexable: true,
      meta,
      tileMap,
      jsonPath: `/impact/${slug}.json?lang=${language}`,
      footer: t.footerImpact,
      method: (code: string) => wordFor(MONITORING_METHODS, code, language) ?? code.replace(/_/g, ' '),
    }, tilePolicy);
  });

  /** One planting of the company's with its proof and timeline: where the map links a planting the page does not describe. */
  app.get<{ Params: { slug: string; id: string } }>('/impact/:slug/plantings/:id', { schema: { hide: true } }, async (request, reply) => {
    const { slug, id } = request.params;
    const language = pageLanguage(request);
    const t = TEXTS[language];
    const company = SLUG.test(slug) ? await findImpactCompany(db, slug) : null;
    if (!company) return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.notFoundTitle, text: t.notFoundBody, footer: t.footerImpact });
    if (!company.public) return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, { heading: t.hiddenTitle, text: t.hiddenBody, footer: t.footerImpact });
    const view = isId('planting', id)
      ? await remembered(`planting:${company.id}:${id}:${language}`, company.stamp, () => impactPlantingView(db, links, company, id, language))
      : null;
    const impactPath = `/impact/${slug}?lang=${language}`;
    if (!view) {
      return messagePage(reply.header('Cache-Control', 'no-store'), 404, language, {
        heading: t.noPlantingTitle, text: t.noPlantingBody, linkUrl: impactPath, linkText: t.backToImpact(company.name), footer: t.footerImpact,
      });
    }
    const heading = t.plantingPageTitle(view.planting.projectObject?.name ?? '', view.company.name);
    reply.header('Cache-Control', 'public, no-cache');
    return page(reply, 200, language, PLANTING_TEMPLATE, {
      t, view, heading, title: heading, indexable: true, impactPath, footer: t.footerImpact, tileMap,
      method: (code: string) => wordFor(MONITORING_METHODS, code, language) ?? code.replace(/_/g, ' '),
    }, tilePolicy);
  });

  // The page's tag is a hash of what is sent: a reader who has these bytes gets 304.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')) return payload;
    // The templates' indentation and empty lines are a tenth of a large page: dropped. Whitespace at the start of a
    // line shows nowhere on this page (no <pre>; the company's text is pre-line, which drops it too).
    const html = payload.replace(/\n\s+/g, '\n');
    const tag = entityTag(html);
    reply.header('ETag', tag);
    if (ifNoneMatch(request.headers['if-none-match'], tag)) {
      reply.code(304);
      return '';
    }
    return html;
  });
};

/** Sends a body that a client may keep while it checks back: its ETag, and 304 when the client has it. */
function cached(reply: FastifyReply, ifNoneMatchHeader: string | undefined, body: string, type: string) {
  const tag = entityTag(body);
  reply.header('ETag', tag).header('Cache-Control', 'public, no-cache').header('X-Content-Type-Options', 'nosniff');
  if (ifNoneMatch(ifNoneMatchHeader, tag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

async function brandOf(db: Db, publicBaseUrl: string, companyId: string) {
  const brand = await findCompanyBrand(db, publicBaseUrl, companyId);
  return { name: brand.name, websiteUrl: brand.websiteUrl, logoUrl: brand.logoUrl };
}

/** The link preview of the page: the company's planted (or pledged) trees and where, with its share image. */
function previewOf(view: ImpactView, pageUrl: string, language: Language): PreviewMeta {
  const t = TEXTS[language];
  const f = view.figures;
  const count = f.trees.planted > 0 ? t.planted(t.trees(f.trees.planted)) : f.trees.pledged > 0 ? t.pledgedOnly(t.trees(f.trees.pledged)) : t.noTreesYet;
  const title = t.previewTitle(view.company.name, count);
  const countries = [...new Set(view.projects.map((entry) => countryName(entry.project.country, language)))];
  return {
    title,
    description: countries.length > 0 ? t.previewDescription(countries.slice(0, 3).join(', ')) : t.previewNoTrees(view.company.name),
    url: pageUrl,
    image: `${pageUrl}/share.png?lang=${language}`,
    imageAlt: t.previewImageAlt(title),
  };
}
