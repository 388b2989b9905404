import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { Nullable, Timestamp } from '../../http/common-schemas.ts';
import { iso } from '../../http/common-schemas.ts';

export const TokenSchema = Type.Object(
  {
    object: Type.Literal('token'),
    name: Type.String(),
    livemode: Type.Boolean(),
    scopes: Type.Array(Type.String()),
    expires_at: Nullable(Timestamp()),
    ip_allowlist: Type.Array(Type.String()),
    company: Type.Object({ id: Type.String(), object: Type.Literal('company'), name: Type.String(), slug: Type.String() }),
    owner: Type.Object({ object: Type.Literal('user'), name: Type.String(), email: Type.String() }),
    rate_limits: Type.Object({
      per_token_per_minute: Type.Integer(),
      per_company_per_minute: Type.Integer(),
      writes_per_company_per_minute: Type.Integer(),
    }),
  },
  { $id: 'Token', description: 'The token making the request.' },
);

/** GET /me: the token itself. Any scope will do; a 200 shows that a token works. */
export const meRoutes: FastifyPluginAsyncTypebox<{ rateLimits: Config['rateLimits'] }> = async (app, { rateLimits }) => {
  app.get(
    '/me',
    {
      config: { scope: 'any' },
      schema: {
        operationId: 'getMe',
        summary: 'Retrieve the token making the request',
        tags: ['Token'],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Ref(TokenSchema) },
      },
    },
    async (request) => {
      const { token, company, owner, livemode } = request.ctx;
      return {
        object: 'token' as const,
        name: token.name,
        livemode,
        scopes: token.scopes,
        expires_at: iso(token.expiresAt),
        ip_allowlist: token.ipAllowlist,
        company: { id: company.id, object: 'company' as const, name: company.name, slug: company.slug },
        owner: { object: 'user' as const, name: owner.name, email: owner.email },
        rate_limits: {
          per_token_per_minute: rateLimits.perTokenPerMinute,
          per_company_per_minute: rateLimits.perCompanyPerMinute,
          writes_per_company_per_minute: rateLimits.writesPerCompanyPerMinute,
        },
      };
    },
  );
};
