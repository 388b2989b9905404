import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { presentToken } from './present.ts';
import { MeQuery, TokenSchema } from './schemas.ts';

/** GET /me: the token itself. Any scope will do; a 200 shows that a token works. */
export const meRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config }) => {
  app.get(
    '/me',
    {
      config: { scope: 'any' },
      schema: {
        operationId: 'getMe',
        summary: 'Retrieve the token making the request',
        tags: ['Token'],
        querystring: MeQuery,
        response: { 200: Type.Ref(TokenSchema) },
      },
    },
    async (request) => presentToken(request.ctx, config.rateLimits),
  );
};
