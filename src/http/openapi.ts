import swagger from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Nullable } from '../core/schema.ts';

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Nullable(Type.String()),
      doc_url: Type.String(),
      request_id: Type.String(),
    }, { additionalProperties: true }),
  },
  { $id: 'Error', description: 'The one error shape of the API; see docs/errors.md for every code.' },
);

/**
 * The OpenAPI 3.1 document, generated from the routes' own schemas: every operation
 * shows the scope it needs and that it can fail with the one error shape. Register
 * before the routes, so that it sees them.
 */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (scope) route.schema = { ...route.schema, security: [{ bearer: scope === 'any' ? [] : [scope] }] };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Canopy Tree Impact API',
        version: '2.0.0',
        description: 'Read the trees your company contributes to and the proof behind them. Errors: see /docs/errors.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Canopy' },
      },
      servers: [{ url: publicBaseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'canopy_live_... or canopy_test_...' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Documentation only (serialisation is untouched): every operation can fail with the one error shape.
    transform: ({ schema, url }) => {
      if (!schema || schema.hide) return { schema, url };
      const errorResponse = { description: 'An error, in the one error shape; see /docs/errors.', ...Type.Ref(ErrorSchema) };
      const response = { ...(schema.response as object), '4XX': errorResponse, '5XX': errorResponse };
      return { schema: { ...schema, response }, url };
    },
  });
  app.addSchema(ErrorSchema);
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
