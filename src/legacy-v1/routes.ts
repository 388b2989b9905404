import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CanopyError } from '../core/errors.ts';
import type { ModuleOptions } from '../platform/http/module.ts';
import { tokenVerifier } from '../platform/http/token-verifier.ts';
import { type V1Caller, v1Caller, V1Error, v1Refusal, v1TokenOf } from './auth.ts';
import { migrationGuideUrl, setDeprecationHeaders } from './headers.ts';
import { pageEnvelope, requestedPage } from './pages.ts';
import { v1Me, v1Project, v1Stats, v1Tree } from './present.ts';
import { v1ProjectsPage, v1TreesPage } from './queries.ts';
import { RETIRED_ENDPOINTS } from './retired.ts';

declare module 'fastify' {
  interface FastifyRequest {
    v1: V1Caller;
  }
}

/**
 * The legacy v1 API (spec section 9), kept for old integrations until its sunset: the
 * retained read endpoints behind v1 tokens, 410 Gone for the retired ones, the v1 error
 * shape `{"message": ...}`, and deprecation headers on every answer. Live data only.
 */
export const legacyV1Routes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  const lifetime = { deprecatedAt: config.v1DeprecatedAt, sunsetAt: config.v1SunsetAt, publicBaseUrl: config.publicBaseUrl };
  app.addHook('onRequest', async (_request, reply) => {
    setDeprecationHeaders(reply, lifetime);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof V1Error) return reply.code(error.statusCode).send({ message: error.message });
    if (error instanceof CanopyError && error.status < 500) return reply.code(error.status).send({ message: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: (error as Error).message });
    request.log.error({ err: error }, 'v1 request failed');
    return reply.code(500).send({ message: 'Server error.' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}. v1 keeps GET /ping, /me, /get-stats, /get-trees and /get-projects; see ${migrationGuideUrl(config.publicBaseUrl)}.` }),
  );

  // Retired: 410 whatever the token, before any authentication.
  for (const retired of RETIRED_ENDPOINTS) {
    app.route({
      method: retired.method,
      url: retired.path,
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply.code(410).send({ message: `${retired.method} /v1${retired.path.replace(':order_id', '{order_id}')} is retired. ${retired.message}`, documentation: migrationGuideUrl(config.publicBaseUrl, retired.anchor) }),
    });
  }

  const verifyToken = tokenVerifier(db, 'v1');
  /** A retained endpoint: the caller is authenticated first. */
  const retained = (path: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    app.get(path, {
      schema: { hide: true },
      preHandler: async (request) => {
        const verified = await verifyToken(v1TokenOf(request.headers.authorization), request.ip);
        if ('refused' in verified) throw v1Refusal(verified.refused);
        request.v1 = v1Caller(verified.token);
      },
    }, handler);

  retained('/ping', async () => ({ message: 'pong' }));
  retained('/me', async (request) => v1Me(request.v1));
  retained('/get-stats', async (request) => {
    const totals = await db
      .selectFrom('company_totals')
      .select(['trees_pledged', 'trees_planted', 'trees_monitored', 'trees_unassigned'])
      .where('company_id', '=', request.v1.company.id)
      .where('livemode', '=', true)
      .executeTakeFirst();
    return v1Stats(totals);
  });

  /** `path` of the page envelope: the list's public URL without its query. */
  const listPath = (name: string) => `${config.publicBaseUrl}/v1/${name}`;
  retained('/get-trees', async (request) => {
    const page = requestedPage((request.query as Record<string, unknown>).page);
    const { rows, total } = await v1TreesPage(db, request.v1.company.id, page);
    return pageEnvelope({ data: rows.map(v1Tree), page, total, path: listPath('get-trees') });
  });
  retained('/get-projects', async (request) => {
    const page = requestedPage((request.query as Record<string, unknown>).page);
    const { rows, total } = await v1ProjectsPage(db, request.v1.company.id, page);
    return pageEnvelope({ data: rows.map(v1Project), page, total, path: listPath('get-projects') });
  });
};
