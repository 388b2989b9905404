import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { FOUNDATION_KEY_PATTERN, TOKEN_PATTERN, V1_TOKEN_PATTERN } from '../core/secrets.ts';

/** A route pattern (`/v2/recipients/:id`), or `unmatched` when no route took the request. */
export function routeOf(request: FastifyRequest): string {
  return request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
}

/**
 * The one log line of a request, written when its response has been sent, in place of
 * Fastify's two (`incoming request`, `request completed`); Fastify's other lines (a failing
 * serializer, a broken stream) stay. Besides the request id (`reqId`, bound by Fastify) it
 * holds who called and what answered: never the URL (a gift code is a path segment, and ids
 * are unbounded), never a header, a body or a whole credential.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** Fastify's own 404 line names the raw URL; the request line says `unmatched` instead. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      company_id: request.ctx?.companyId ?? request.v1?.company.id ?? null,
      token_prefix: credentialPrefix(request.raw.rawHeaders),
      // Only when the token was accepted: which of a company's tokens called.
      token_id: request.ctx?.token.id ?? request.v1?.tokenId ?? null,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}

const CREDENTIALS = [TOKEN_PATTERN, V1_TOKEN_PATTERN, FOUNDATION_KEY_PATTERN];
/** As much of a credential as Canopy shows the operator (`canopy_live_AbCd`, core/secrets.ts newSecret). */
const SHOWN_AFTER_PREFIX = 4;

/**
 * The public prefix of the credential the request sent (`canopy_live_AbCd`, `canopy_fdn_WxYz`),
 * the part `canopy tokens list` shows, whether or not the credential worked: so an operator
 * can tell which token is failing. Null without one, or when the header holds anything that
 * is not shaped like a Canopy credential, of which not even a prefix is logged.
 */
export function credentialPrefix(rawHeaders: readonly string[]): string | null {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() !== 'authorization') continue;
    const value = /^Bearer\s+(\S+)\s*$/i.exec(rawHeaders[i + 1] ?? '')?.[1];
    if (!value || !CREDENTIALS.some((pattern) => pattern.test(value))) return null;
    return value.slice(0, value.lastIndexOf('_') + 1 + SHOWN_AFTER_PREFIX);
  }
  return null;
}
