import compress from '@fastify/compress';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import Fastify, { type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { errorBody, errors } from './core/errors.ts';
import { FEATURES, installFeatures, JOBS } from './features.ts';
import { isCalendarDate, isTimestamp } from './core/formats.ts';
import { newId } from './core/ids.ts';
import type { DB } from './db/schema.ts';
import { foundationRoutes } from './foundation/routes.ts';
import { createReadiness, type Readiness } from './health/readiness.ts';
import { healthRoutes } from './health/routes.ts';
import { registerApiRateLimits } from './platform/http/api-rate-limits.ts';
import { authenticateV2 } from './platform/http/auth.ts';
import { clientErrorHandler, connectHandler, requireHostHeader } from './platform/http/client-errors.ts';
import { BODY_LIMIT_BYTES, errorHandler } from './platform/http/error-handler.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { guardJsonBodies } from './platform/http/json-body.ts';
import type { AppConfig, ModuleOptions } from './platform/http/module.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { serverTimeouts } from './platform/http/timeouts.ts';
import { validatorsFor } from './platform/http/validation.ts';
import { type LogStream, loggerOptions, RequestLog, registerMetrics } from './observability/index.ts';
import { dashboardSurface } from './platform/dashboard/surface.ts';
import { publicPages } from './platform/pages/routes.ts';
import { legacyV1Routes } from './legacy-v1/routes.ts';

/** The integrators' API: every request authenticated by a company token, then routed to its feature (src/features.ts). */
const v2Api: FastifyPluginAsyncTypebox<ModuleOptions> = async (v2, { config, db }) => {
  v2.addHook('onRequest', authenticateV2(db, config.publicBaseUrl, config.secretKey));
  registerApiRateLimits(v2, { config, db });
  registerIdempotency(v2);
  v2.addHook('onSend', async (request, reply) => {
    // Translated texts follow Accept-Language; caches must key on it.
    if (request.ctx) reply.header('Content-Language', request.ctx.language).header('Vary', 'Accept-Language');
  });
  for (const feature of FEATURES) if (feature.api) await v2.register(feature.api, { config, db });
};

/** Every surface Canopy serves, each with its own authentication. */
const SURFACES: readonly { prefix: string; routes: FastifyPluginAsyncTypebox<ModuleOptions> }[] = [
  { prefix: '/v2', routes: v2Api },
  { prefix: '/foundation/v1', routes: foundationRoutes },
  { prefix: '/v1', routes: legacyV1Routes },
  { prefix: '/dashboard', routes: dashboardSurface(FEATURES) },
  { prefix: '', routes: publicPages(FEATURES) },
];

/** Unknown parameters are refused (not stripped); how each part is coerced is http/validation.ts's. */
const AJV_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false };

export interface AppOptions {
  config: AppConfig;
  db: Kysely<DB>;
  logger?: boolean;
  /** Where the log lines go instead of stdout (a test reading them). */
  logStream?: LogStream;
  /** What /readyz reports; the process's own (which shutdown marks) in main.ts, else one of this app's. */
  readiness?: Readiness;
}

/** Builds the HTTP app: the cross-cutting edge, then every surface from one list, and the health probes. */
export async function buildApp({ config, db, logger = true, logStream, readiness }: AppOptions) {
  installFeatures();
  const timeouts = serverTimeouts(config.timeouts);
  const app = Fastify({
    ...timeouts.fastify,
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    // One line per request (observability/request-log.ts) instead of Fastify's two.
    logController: new RequestLog(),
    genReqId: () => newId('request'),
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Requests Node's parser refuses, and HTTP/1.1 without Host, get the one shape too (http/client-errors.ts).
    clientErrorHandler: clientErrorHandler(config.publicBaseUrl),
    http: { requireHostHeader: false, ...timeouts.node },
    ajv: { customOptions: AJV_OPTIONS, plugins: [formatsPlugin] },
    schemaController: validatorsFor(AJV_OPTIONS),
    // Errors Fastify raises before routing (a malformed percent-encoded URL) get the one shape too.
    frameworkErrors: (error, request, reply) => {
      const canopyError = errors.parameterInvalid(null, `The request URL is malformed: ${error.message}`);
      (reply as FastifyReply).code(canopyError.status).header('Request-Id', request.id).type('application/json')
        .send(errorBody(canopyError, request.id, config.publicBaseUrl));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Answers of 1 KiB and more, JSON and pages alike, compressed for a client that accepts br
  // or gzip (Vary: Accept-Encoding). Before every route, as it hooks each route as it is
  // added. Not PDFs (mime-db: not compressible; they are compressed inside). Request bodies
  // are read as before: a compressed one is not inflated.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  // First, so that its response hook counts every route registered after it.
  registerMetrics(app, { db, metricsToken: config.metricsToken, jobKinds: [...JOBS.kinds.keys()] });
  const probes = readiness ?? createReadiness(db);
  app.server.on('connect', connectHandler(config.publicBaseUrl, app.log));
  app.addHook('onSend', async (request, reply) => {
    reply.header('Request-Id', request.id);
    closeConnectionWhileDraining(probes, reply);
  });
  app.addHook('onRequest', requireHostHeader);
  guardJsonBodies(app);
  app.setErrorHandler(errorHandler(config.publicBaseUrl));
  app.setNotFoundHandler((request) => {
    throw errors.routeNotFound(request.method, request.url);
  });

  await registerOpenApi(app, config.publicBaseUrl);
  for (const feature of FEATURES) for (const schema of feature.schemas ?? []) app.addSchema(schema);
  for (const surface of SURFACES) await app.register(surface.routes, { prefix: surface.prefix, config, db });
  await app.register(healthRoutes, { readiness: probes });
  return app;
}

/** The HTTP app of a `canopy serve --role worker` process: the health probes only, for its orchestrator. */
export async function buildHealthApp({ config, db, readiness, logger = true }: {
  config: Pick<AppConfig, 'logLevel' | 'publicBaseUrl' | 'timeouts' | 'metricsToken'>;
  db: Kysely<DB>;
  readiness: Readiness;
  logger?: boolean;
}) {
  const timeouts = serverTimeouts(config.timeouts);
  const app = Fastify({ ...timeouts.fastify, http: timeouts.node, logger: logger ? loggerOptions(config.logLevel) : false, genReqId: () => newId('request') });
  // A worker's deliveries and emails are counted in its own process: it is scraped here.
  registerMetrics(app, { db, metricsToken: config.metricsToken, jobKinds: [...JOBS.kinds.keys()] });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Request-Id', request.id);
    closeConnectionWhileDraining(readiness, reply);
  });
  app.setErrorHandler(errorHandler(config.publicBaseUrl));
  app.setNotFoundHandler((request) => {
    throw errors.routeNotFound(request.method, request.url);
  });
  await app.register(healthRoutes, { readiness });
  return app;
}

/**
 * Once the process is shutting down, an answer closes its connection: a request routed
 * before the stop began (its body still arriving) is answered, and the kept-alive
 * connection does not outlive it, so the client's next request goes to another process.
 */
function closeConnectionWhileDraining(readiness: Readiness, reply: FastifyReply): void {
  if (readiness.shuttingDown) reply.header('Connection', 'close');
}

/**
 * Ajv's standard formats, with date and date-time held to what PostgreSQL stores (see
 * core/formats.ts). Named formatsPlugin so Fastify does not add its own copy after it.
 */
function formatsPlugin(ajv: Ajv) {
  // ajv-formats is CommonJS; its function is on .default when imported from ESM.
  ajvFormats.default(ajv);
  ajv.addFormat('date', isCalendarDate);
  ajv.addFormat('date-time', isTimestamp);
  return ajv;
}
