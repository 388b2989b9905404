import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import { newId } from './ids.ts';
import { authenticateV2 } from './http/auth.ts';
import { Type } from '@sinclair/typebox';
import { ErrorSchema } from './http/common-schemas.ts';
import { BODY_LIMIT_BYTES, errorHandler } from './http/error-handler.ts';
import { errorBody, errors } from './http/errors.ts';
import { isCalendarDate, isStorableText, isTimestamp } from './http/formats.ts';
import { foundationRoutes } from './foundation-api/routes.ts';
import { allocationRoutes } from './modules/allocations/routes.ts';
import { AllocationSchema } from './modules/allocations/schemas.ts';
import { CompanySchema, companyRoutes } from './modules/company/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { EventSchema } from './modules/events/schemas.ts';
import { meRoutes, TokenSchema } from './modules/me/routes.ts';
import { plantingRoutes } from './modules/plantings/routes.ts';
import { PartnerSchema, PlantingSchema } from './modules/plantings/schemas.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { MonitoringSchema, ProjectSchema, VerificationSchema } from './modules/projects/schemas.ts';
import { RecipientSchema } from './modules/recipients/present.ts';
import { testHelperRoutes } from './modules/test-helpers/routes.ts';
import { WebhookEndpointSchema, webhookEndpointRoutes } from './modules/webhook-endpoints/routes.ts';

export type App = FastifyInstance;

export interface AppOptions {
  config: Pick<Config, 'publicBaseUrl' | 'trustedProxies' | 'logLevel' | 'rateLimits'>;
  db: Kysely<DB>;
  logger?: boolean;
}

/** Builds the HTTP app: the cross-cutting edge, then one line per module it mounts. */
export async function buildApp({ config, db, logger = true }: AppOptions) {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    genReqId: () => newId('request'),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
      plugins: [formatsPlugin],
    },
    // Errors Fastify raises before routing (a malformed percent-encoded URL) get the one shape too.
    frameworkErrors: (error, request, reply) => {
      const apiError = errors.parameterInvalid(null, `The request URL is malformed: ${error.message}`);
      (reply as FastifyReply).code(apiError.status).header('Request-Id', request.id).type('application/json')
        .send(errorBody(apiError, request.id, config.publicBaseUrl));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('Request-Id', request.id);
  });
  app.addHook('onRoute', (route) => {
    // The scope a route needs is part of its contract: show it in the OpenAPI document.
    const scope = route.config?.scope;
    if (scope) route.schema = { ...route.schema, security: [{ bearer: scope === 'any' ? [] : [scope] }] };
  });
  // The API speaks JSON only: any other body is a 415, not a string handed to validation.
  app.removeContentTypeParser(['text/plain']);
  // PostgreSQL cannot store the NUL character or a lone surrogate in text: refuse them at
  // the door, as a 400, rather than fail with a 500 at the first query.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error);
      if (containsUnstorableText(value)) return done(errors.unstorableText(), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw errors.unstorableText();
  });
  app.setErrorHandler(errorHandler(config.publicBaseUrl));
  app.setNotFoundHandler((request) => {
    throw errors.routeNotFound(request.method, request.url);
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
      servers: [{ url: config.publicBaseUrl }],
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
  for (const schema of [
    ErrorSchema, TokenSchema, CompanySchema, AllocationSchema, PlantingSchema, PartnerSchema, ProjectSchema,
    MonitoringSchema, VerificationSchema, RecipientSchema, WebhookEndpointSchema, EventSchema,
  ]) {
    app.addSchema(schema);
  }

  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/markdown; charset=utf-8').send(readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8')),
  );

  await app.register(
    async (v2) => {
      v2.addHook('onRequest', authenticateV2(db, config.publicBaseUrl));
      v2.addHook('onSend', async (request, reply) => {
        // Translated texts follow Accept-Language; caches must key on it.
        if (request.ctx) reply.header('Content-Language', request.ctx.language).header('Vary', 'Accept-Language');
      });
      await v2.register(meRoutes, { rateLimits: config.rateLimits });
      await v2.register(companyRoutes);
      await v2.register(allocationRoutes);
      await v2.register(plantingRoutes);
      await v2.register(projectRoutes);
      await v2.register(webhookEndpointRoutes);
      await v2.register(eventRoutes);
      await v2.register(testHelperRoutes);
    },
    { prefix: '/v2' },
  );
  await app.register(foundationRoutes(db, config.publicBaseUrl), { prefix: '/foundation/v1' });

  return app;
}

function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => !isStorableText(key) || containsUnstorableText(inner));
  }
  return false;
}

/**
 * Ajv's standard formats, with date and date-time held to what PostgreSQL stores (see
 * http/formats.ts). Named formatsPlugin so Fastify does not add its own copy after it.
 */
function formatsPlugin(ajv: Ajv) {
  // ajv-formats is CommonJS; its function is on .default when imported from ESM.
  ajvFormats.default(ajv);
  ajv.addFormat('date', isCalendarDate);
  ajv.addFormat('date-time', isTimestamp);
  return ajv;
}
