import type { Config } from '../../config.ts';

/**
 * How long a client may hold a connection, so that slow ones cannot hold the server:
 *
 * - the request line and headers must arrive within `headersSeconds`, the whole request
 *   (body included) within `requestSeconds`; either way the client gets 408
 *   `request_timeout` (http/client-errors.ts) and the connection is closed. Node checks
 *   these every `connectionsCheckingInterval` (30 s by default, which would stretch a 10 s
 *   limit to 40 s), so every second here;
 * - a connection on which nothing moves either way for IDLE_SECONDS while a request is
 *   under way (a client that stops reading its answer) is closed;
 * - an idle kept-alive connection is closed after `keepAliveSeconds`.
 *
 * While the server closes (a graceful shutdown), a request that arrives on a kept-alive
 * connection is still answered, with `Connection: close`, rather than Fastify's 503 in a
 * shape of its own: it was sent before the client could know.
 */
export const IDLE_SECONDS = 60;
const CHECK_EVERY_MS = 1000;

export function serverTimeouts(timeouts: Config['timeouts']) {
  return {
    fastify: {
      requestTimeout: timeouts.requestSeconds * 1000,
      keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
      connectionTimeout: Math.max(IDLE_SECONDS, timeouts.requestSeconds) * 1000,
      return503OnClosing: false,
    },
    node: {
      headersTimeout: Math.min(timeouts.headersSeconds, timeouts.requestSeconds) * 1000,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
  };
}
