import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import { Counter, Histogram, Registry } from 'prom-client';
import { CanopyError } from '../core/errors.ts';
import type { DB } from '../db/schema.ts';
import { collectProcessMetrics, processRegistry } from '../platform/counters.ts';
import { databaseGauges } from './database-gauges.ts';
import { routeOf } from './request-log.ts';

export interface MetricsOptions {
  db: Kysely<DB>;
  /** When set, GET /metrics wants `Authorization: Bearer <metricsToken>`; when null, it answers loopback only. */
  metricsToken: string | null;
  /** The job kinds the gauges report, each even when none waits (src/features.ts, JOBS). */
  jobKinds: readonly string[];
}

/**
 * The metrics of one app: a hook that counts every response, and `GET /metrics`
 * (Prometheus text) showing the app's registry (requests; queue and pool gauges read from
 * its database) beside the process's (platform/counters.ts: deliveries, emails, 429s, Node). A
 * registry per app, so that tests building many apps in one process never register a metric
 * twice. Called before any route is registered, so that the hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, { db, metricsToken, jobKinds }: MetricsOptions): void {
  const registry = new Registry();
  const requests = new Counter({
    name: 'canopy_http_requests_total',
    help: 'HTTP responses by method, route pattern (unmatched when no route took the request) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'canopy_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const gauges = databaseGauges(registry, db, jobKinds);
  collectProcessMetrics();
  const scraped = Registry.merge([registry, processRegistry]);

  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true }, onRequest: metricsGuard(metricsToken) }, async (request, reply) => {
    try {
      await gauges.refresh();
    } catch (error) {
      request.log.error({ err: error }, 'metrics: the job and delivery gauges could not be read');
    }
    return reply.header('Cache-Control', 'no-store').type(scraped.contentType).send(await scraped.metrics());
  });
}

/**
 * Who may read GET /metrics. With METRICS_TOKEN, a matching bearer token only, compared in
 * constant time (both sides hashed to the same length first). Without it, a connection from
 * a loopback address that no proxy forwarded: Prometheus or a person on the same machine,
 * not the internet through a reverse proxy on that machine (docs/decisions.md).
 */
export function metricsGuard(metricsToken: string | null) {
  const expected = metricsToken === null ? null : sha256(metricsToken);
  return async (request: FastifyRequest) => {
    if (expected === null) {
      if (isDirectLoopback(request)) return;
      throw new CanopyError('ip_not_allowed', 'GET /metrics answers only local connections while METRICS_TOKEN is not set. Set METRICS_TOKEN and send "Authorization: Bearer <METRICS_TOKEN>".');
    }
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!given) throw new CanopyError('token_missing', 'GET /metrics needs the metrics token: send "Authorization: Bearer <METRICS_TOKEN>".');
    if (!timingSafeEqual(sha256(given), expected)) throw new CanopyError('token_invalid', 'The metrics token is not the one this server has (METRICS_TOKEN).');
  };
}

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** The socket's peer (not request.ip, which trusted proxies rewrite) is a loopback address, and nothing says it was forwarded. */
function isDirectLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress;
  if (!peer || !ipaddr.isValid(peer) || ipaddr.process(peer).range() !== 'loopback') return false;
  return !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
