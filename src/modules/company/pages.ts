import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors } from '../../core/errors.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { initialsLogoSvg } from './logo.ts';

/** The generated logo of a company without one of its own: the logo_url GET /v2/company gives, and certificates show. */
export const companyAssets: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db }) => {
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
