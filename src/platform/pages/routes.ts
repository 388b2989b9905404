import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../core/errors.ts';
import type { ModuleOptions } from '../http/module.ts';
import { createLimiter, type WindowLimiter } from '../http/rate-limit.ts';
import { countRateLimited } from '../../observability/counters.ts';
import { TEXTS } from './texts.ts';
import { apiReferencePages } from './api-reference.ts';
import { certificatePages } from '../../modules/certificates/pages.ts';
import { giftPages } from '../../modules/gift-codes/pages.ts';
import { initialsLogoSvg } from '../../modules/company/logo.ts';
import { messagePage, pageLanguage } from './page.ts';

/**
 * What Canopy shows without a login: certificate pages and their PDFs, and the generated
 * logo of a company without one of its own (the logo_url GET /v2/company gives), the
 * gift claim pages, and the API reference. The impact page joins here. The pages people
 * open (claim, certificate, PDF) count together against the visitor's address:
 * PUBLIC_PAGE_REQUESTS_PER_MINUTE a minute.
 */
export const publicRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  await app.register(async (pages) => {
    const perAddress = { name: 'public_page', points: config.publicPageRequestsPerMinute, windowSeconds: 60, shared: config.databaseUrl !== null };
    limitPageRequests(pages, createLimiter(db, perAddress));
    await pages.register(certificatePages, { db, config });
    await pages.register(giftPages, { db, config });
  });
  await app.register(apiReferencePages);

  app.get(
    '/impact/:slug/logo.svg',
    { schema: { hide: true, params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,80}$' }) }) } },
    async (request, reply) => {
      const company = await db.selectFrom('companies').select(['name', 'slug']).where('slug', '=', request.params.slug).executeTakeFirst();
      if (!company) throw errors.notFound('company', request.params.slug, 'slug');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(initialsLogoSvg(company.name, company.slug));
    },
  );
};

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
