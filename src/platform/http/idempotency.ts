import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ClosingWrite, IdempotencyClaim } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { canonicalJson } from '../../core/json.ts';
import type { Db } from '../../db/schema.ts';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../jobs/purge-idempotency-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `required`: the POST refuses to run without an Idempotency-Key (spec section 8). Every other POST accepts one. */
    idempotency?: 'required';
  }
  interface FastifyRequest {
    idempotentRequest?: IdempotentRequest;
  }
}

const MAX_KEY_LENGTH = 255;
/** How long a claim written by a Canopy process from before migration 0018 holds its key (see that migration). */
export const IDEMPOTENCY_LOCK_TIMEOUT_SECONDS = 30;

/**
 * A stored response to answer with instead of running the request again: thrown by the
 * claim, so that the unit of work rolls back, and sent by the error handler.
 */
export class IdempotentReplay extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('The stored response of an earlier request with this Idempotency-Key.');
  }
}

/** A request's Idempotency-Key and what makes another request the same one. */
class IdempotentRequest implements IdempotencyClaim {
  /** The response was handed to the unit of work to store (it is stored if the work commits). */
  stored = false;

  constructor(
    readonly where: { companyId: string; livemode: boolean; key: string },
    readonly fingerprint: Fingerprint,
  ) {}

  /** See IdempotencyClaim.claim, and migration 0018 for the function that does it. */
  async claim(db: Db): Promise<void> {
    const claimed = await this.claimIn(db);
    if (claimed.outcome === 'replay') throw new IdempotentReplay(claimed.response_status!, claimed.response_body);
    if (claimed.outcome === 'reused') throw errors.idempotencyKeyReused(this.where.key);
    if (claimed.outcome === 'in_progress') throw errors.requestInProgress(this.where.key);
  }

  /**
   * Outside a transaction, the claim's lock ends with its statement, so this only reads:
   * whatever else the function answers is left to the claim in the write's transaction.
   */
  async replayIfAnswered(db: Db): Promise<void> {
    const claimed = await this.claimIn(db);
    if (claimed.outcome === 'replay') throw new IdempotentReplay(claimed.response_status!, claimed.response_body);
  }

  /** What claim_idempotency_key says of this request's key, taking the key in `db`'s transaction. */
  private async claimIn(db: Db) {
    const { where, fingerprint } = this;
    const { rows } = await sql<{ outcome: 'new' | 'replay' | 'reused' | 'in_progress'; response_status: number | null; response_body: unknown }>`
      SELECT outcome, response_status, response_body FROM claim_idempotency_key(
        ${where.companyId}, ${where.livemode}, ${where.key}, ${fingerprint.method}, ${fingerprint.path}, ${fingerprint.hash},
        ${IDEMPOTENCY_KEY_RETENTION_HOURS}, ${IDEMPOTENCY_LOCK_TIMEOUT_SECONDS})`.execute(db);
    return rows[0]!;
  }

  /** The key's row with its response, written at the end of the work (over an expired row, or a dead claim from before migration 0018). */
  responseWrite(status: number, body: unknown): ClosingWrite {
    this.stored = true;
    const { companyId, livemode, key } = this.where;
    const { method, path, hash } = this.fingerprint;
    return {
      // Over a row only when it is expired, or a dead claim of a process from before
      // migration 0018. A live claim of such a process (it runs the same request now, during
      // an upgrade) or its stored answer is left alone, and this request fails with 409
      // rather than run twice. Written as SQL rather than built: it ends every write request.
      query: sql`INSERT INTO idempotency_keys AS stored
          (company_id, livemode, key, request_method, request_path, request_hash, response_status, response_body, locked_at, locked_by, created_at)
        VALUES (${companyId}, ${livemode}, ${key}, ${method}, ${path}, ${hash}, ${status}, ${JSON.stringify(body)}, NULL, NULL, date_trunc('milliseconds', now()))
        ON CONFLICT (company_id, livemode, key) DO UPDATE SET
          request_method = excluded.request_method, request_path = excluded.request_path, request_hash = excluded.request_hash,
          response_status = excluded.response_status, response_body = excluded.response_body,
          locked_at = NULL, locked_by = NULL, created_at = excluded.created_at
        WHERE stored.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_RETENTION_HOURS})
          OR (stored.response_status IS NULL AND stored.locked_at < now() - make_interval(secs => ${IDEMPOTENCY_LOCK_TIMEOUT_SECONDS}))
        RETURNING 1`,
      mustWrite: () => errors.requestInProgress(key),
    };
  }
}

/**
 * Idempotent POSTs (spec section 8), for every POST of the v2 API: a route opts into
 * requiring the key with `config: { idempotency: 'required' }`. This hook checks the key
 * and notes what makes a request the same one; the request's unit of work claims the key
 * in its own transaction, first thing (inRequestUnitOfWork), and stores the response at
 * its end, so a crash leaves neither the change nor the response, and a request that dies
 * frees its key at once. While it runs, another request with the key gets 409
 * request_in_progress, on any process sharing the database. A retry with the same key and
 * request gets the stored response with `Idempotent-Replayed: true`; with another
 * request, 422.
 *
 * Register inside the authenticated v2 scope: the hooks need request.ctx.
 */
export function registerIdempotency(app: FastifyInstance): void {
  // Before validation, so that a missing or overlong key gets its own code (the header is
  // in the route's schema for the OpenAPI document); the body is fingerprinted as sent.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || !request.ctx) return;
    const key = idempotencyKeyOf(request);
    if (key === null) {
      if (request.routeOptions.config.idempotency === 'required') throw errors.idempotencyKeyMissing();
      return;
    }
    const held = new IdempotentRequest({ companyId: request.ctx.companyId, livemode: request.ctx.livemode, key }, requestFingerprint(request));
    request.idempotentRequest = held;
    request.ctx.idempotency = held;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotentRequest;
    if (held && !held.stored && reply.statusCode < 400 && !reply.getHeader('idempotent-replayed')) {
      // Every v2 write stores its response in its own transaction; a route that does not is a bug.
      // Not the key itself: a client chooses it, and may put an order number or an address in it.
      request.log.error({ route: request.routeOptions.url }, 'a successful POST did not store its idempotent response');
    }
    return payload;
  });
}

/** Sends a stored response again (the error handler, for an IdempotentReplay). */
export function replay(reply: FastifyReply, stored: IdempotentReplay) {
  return reply.code(stored.status).header('Idempotent-Replayed', 'true').send(stored.body);
}

/** The key of the request; null without one. Sent twice, or longer than 255 characters: 400. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const sent = request.headers['idempotency-key'];
  if (Array.isArray(sent)) throw errors.parameterInvalid(null, 'Send one Idempotency-Key header, not several.');
  if (sent === undefined || sent === '') return null;
  if (sent.length > MAX_KEY_LENGTH) throw errors.idempotencyKeyTooLong(sent.length);
  return sent;
}

interface Fingerprint {
  method: string;
  path: string;
  hash: string;
}

/** What a token sees only with its scope: a stored response holds it when the first request's token had the scope. */
const SEEN_WITH_SCOPE = ['recipients:read', 'certificates:read'] as const;

/**
 * Method, path, the body as canonical JSON, and what the caller may see: what "the same
 * request" means. A response stored for a token with recipients:read holds names and
 * emails (and with certificates:read, download links), so it is replayed only to a token
 * that would see them too; another is told the key was used for another request.
 */
function requestFingerprint(request: FastifyRequest): Fingerprint {
  const withheld = SEEN_WITH_SCOPE.filter((scope) => !request.ctx.scopes.includes(scope));
  // Nothing withheld hashes the body alone, as before: keys stored by such tokens still replay.
  const view = withheld.length > 0 ? `\nwithout ${withheld.join(' ')}` : '';
  const hash = createHash('sha256').update(canonicalJson(request.body ?? null) + view).digest('hex');
  return { method: request.method, path: request.url, hash };
}
