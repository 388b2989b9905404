import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { countRateLimited } from '../counters.ts';
import type { Feature } from '../feature.ts';
import type { ModuleOptions } from '../http/module.ts';
import { createLimiter, type WindowLimiter } from '../http/rate-limit.ts';
import { apiReferencePages } from './api-reference.ts';
import { guidePages } from './guides.ts';
import { messagePage, pageLanguage } from './page.ts';
import { sitePages } from './site.ts';
import { tileMapAssets } from './tile-map.ts';
import { TEXTS } from './texts.ts';

/**
 * What Canopy shows without a login: every feature's pages (certificate pages and PDFs,
 * the gift claim pages; the impact page joins them), the files they link to (a company's
 * generated logo), the home page and its icon, the guides of docs/, and the API reference.
 * The feature pages people open count together against the visitor's address:
 * PUBLIC_PAGE_REQUESTS_PER_MINUTE a minute. Canopy's own pages are answered from memory and
 * do not count.
 */
export function publicPages(features: readonly Feature[]): FastifyPluginAsyncTypebox<ModuleOptions> {
  return async (app, options) => {
    const { db, config } = options;
    await app.register(async (pages) => {
      const perAddress = { name: 'public_page', points: config.publicPageRequestsPerMinute, windowSeconds: 60, shared: config.databaseUrl !== null };
      limitPageRequests(pages, createLimiter(db, perAddress));
      for (const feature of features) if (feature.pages) await pages.register(feature.pages, options);
    });
    for (const feature of features) if (feature.assets) await app.register(feature.assets, options);
    await app.register(sitePages);
    await app.register(tileMapAssets);
    await app.register(guidePages);
    await app.register(apiReferencePages);
  };
}

/**
 * The public pages' own limit: every request to the pages registered on `app` counts
 * against the client address (`request.ip`, so behind TRUSTED_PROXIES the visitor's);
 * past the limiter's points in its window, 429 with Retry-After and a page saying when to
 * come back. A PDF takes tens of milliseconds to draw: this keeps one address from
 * taking the server's time from everyone else's.
 */
function limitPageRequests(app: FastifyInstance, limiter: WindowLimiter): void {
  app.addHook('onRequest', async (request, reply) => {
    const wait = await limiter.take(request.ip);
    if (wait === 0) return;
    countRateLimited('public_page');
    const language = pageLanguage(request);
    const t = TEXTS[language];
    return messagePage(reply.header('Retry-After', String(wait)), 429, language, {
      heading: t.tooManyRequestsTitle,
      text: t.tooManyRequestsBody(t.minutes(Math.ceil(wait / 60))),
      // The limit covers claim and certificate pages alike: the footer that fits both.
      footer: t.giftFooter,
    });
  });
}
