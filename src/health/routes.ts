import type { FastifyPluginAsync } from 'fastify';
import type { Readiness } from './readiness.ts';

/**
 * Probes for load balancers and orchestrators, outside /v2 and without a token (they hold
 * none), hidden from the OpenAPI document (not part of the integrators' API), never cached,
 * and logged only when something is wrong (they come every few seconds).
 *
 * - GET /healthz: 200 while the process runs ("restart me if this fails").
 * - GET /readyz: 200 when the database answers, every migration is applied and the
 *   process is not shutting down; else 503 with the check that failed ("send me no work").
 */
export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (app, { readiness }) => {
  const options = { schema: { hide: true }, logLevel: 'warn' } as const;

  app.get('/healthz', options, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', options, async (request, reply) => {
    const report = await readiness.check();
    if (report.databaseError) request.log.warn({ err: report.databaseError }, 'readiness: the database check failed');
    reply.code(report.ready ? 200 : 503).header('Cache-Control', 'no-store');
    return { status: report.ready ? 'ready' : 'not_ready', checks: report.checks };
  });
};
