import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Histogram, Registry } from 'prom-client';
import { CanopyError } from '../core/errors.ts';
import type { DB } from '../db/schema.ts';
import { databaseGauges } from './queue-gauges.ts';
import { routeOf } from './request-log.ts';
import { collectProcessMetrics, workRegistry } from './work-metrics.ts';

export { loggerOptions } from './logger.ts';
export { RequestLog } from './request-log.ts';

export interface MetricsOptions {
  db: Kysely<DB>;
  /** When set, GET /metrics wants `Authorization: Bearer <metricsToken>`. */
  metricsToken: string | null;
}

/**
 * The metrics of one app: a hook that counts every response, and
 * `GET /metrics` (Prometheus text) showing the app's registry (requests, queue and pool
 * gauges read from its database) beside the process's (work-metrics.ts: deliveries, emails,
 * Node). A registry per app, so that tests building many apps in one process never register
 * a metric twice. Called before any route is registered, so the hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, { db, metricsToken }: MetricsOptions): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP responses by method, route pattern (unmatched when no route took the request) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused with 429 Too Many Requests, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const gauges = databaseGauges(registry, db);
  collectProcessMetrics();
  const scraped = Registry.merge([registry, workRegistry]);

  app.addHook('onRequest', async (request, reply) => { let v = 200; Object.defineProperty(reply.raw, 'statusCode', { get: () => v, set: (x) => { if (request.url.startsWith('/gift')) console.error('SET', x, new Error().stack?.split('\n').slice(2,6).join(' / ')); v = x; } }); });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const status = reply.statusCode; console.error("DBG", request.url, status, reply.raw.statusCode);
    requests.inc({ method: request.method, route, status });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 429) rateLimited.inc({ route });
  });

  app.get('/metrics', { schema: { hide: true }, onRequest: requireMetricsToken(metricsToken) }, async (request, reply) => {
    try {
      await gauges.refresh();
    } catch (error) {
      request.log.error({ err: error }, 'metrics: the job and delivery gauges could not be read');
    }
    return reply.header('Cache-Control', 'no-store').type(scraped.contentType).send(await scraped.metrics());
  });
}

/**
 * GET /metrics is open when no METRICS_TOKEN is set (bind it where only Prometheus reaches
 * it, or let the proxy keep it in); with one, it answers a matching bearer token only,
 * compared in constant time (both sides hashed to the same length first).
 */
function requireMetricsToken(metricsToken: string | null) {
  const expected = metricsToken === null ? null : sha256(metricsToken);
  return async (request: FastifyRequest) => {
    if (expected === null) return;
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!given) throw new CanopyError('token_missing', 'GET /metrics needs the metrics token: send "Authorization: Bearer <METRICS_TOKEN>".');
    if (!timingSafeEqual(sha256(given), expected)) throw new CanopyError('token_invalid', 'The metrics token is not the one this server has (METRICS_TOKEN).');
  };
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
