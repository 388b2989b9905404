import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors } from '../core/errors.ts';
import type { ModuleOptions } from '../http/module.ts';
import { apiReferencePages } from './api-reference/routes.ts';
import { certificatePages } from './certificates/routes.ts';
import { giftPages } from './gift/routes.ts';
import { initialsLogoSvg } from './logo.ts';

/**
 * What Canopy shows without a login: certificate pages and their PDFs, and the generated
 * logo of a company without one of its own (the logo_url GET /v2/company gives), the
 * gift claim pages, and the API reference. The impact page joins here.
 */
export const publicRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  await app.register(certificatePages, { db, config });
  await app.register(giftPages, { db, config });
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
