import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { ClosingWrite, IdempotencyClaim } from '../core/context.ts';
import { errors } from '../core/errors.ts';
import { canonicalJson } from '../core/json.ts';
import type { DB, Db } from '../db/schema.ts';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../jobs/kinds/purge-idempotency-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `required`: the POST refuses to run without an Idempotency-Key (spec section 8). Every other POST accepts one. */
    idempotency?: 'required';
  }
  interface FastifyRequest {
    idempotencyClaim?: HeldKey;
  }
}

const MAX_KEY_LENGTH = 255;
/** How long a key waits for its first request to store a response before another request may take it over. */
export const IDEMPOTENCY_LOCK_TIMEOUT_SECONDS = 30;

/** A key this request holds: identified by its claim token. */
class HeldKey implements IdempotencyClaim {
  stored = false;

  constructor(
    private readonly db: Kysely<DB>,
    readonly where: { companyId: string; livemode: boolean; key: string },
    readonly token: string,
  ) {}

  /** Stores the response at the end of the caller's transaction; fails, rolling it back, if the claim was taken over meanwhile. */
  responseWrite(db: Db, status: number, body: unknown): ClosingWrite {
    this.stored = true;
    const key = this.where.key;
    return {
      query: db
        .updateTable('idempotency_keys')
        .set({ response_status: status, response_body: JSON.stringify(body), locked_at: null })
        .where('company_id', '=', this.where.companyId)
        .where('livemode', '=', this.where.livemode)
        .where('key', '=', key)
        .where('locked_by', '=', this.token)
        .returning(sql<number>`1`.as('stored')),
      mustWrite: () => new Error(`Idempotency-Key "${key}" was taken over before its response was stored.`),
    };
  }

  /** An error is not stored: the key is free again, so a corrected request can use it. */
  async release(): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('company_id', '=', this.where.companyId)
      .where('livemode', '=', this.where.livemode)
      .where('key', '=', this.where.key)
      .where('locked_by', '=', this.token)
      .where('response_status', 'is', null)
      .execute();
  }
}

/**
 * Idempotent POSTs (spec section 8), for every POST of the v2 API: a route opts into
 * requiring the key with `config: { idempotency: 'required' }`. The key is claimed in a
 * short transaction of its own, so a concurrent request with the same key sees it at
 * once (409 request_in_progress) on any process sharing the database. The write stores its
 * response in its own transaction (inRequestUnitOfWork), so a crash leaves neither the
 * change nor the response; a claim whose request died is taken over after
 * IDEMPOTENCY_LOCK_TIMEOUT_SECONDS. A retry with the same key and request gets the stored
 * response with `Idempotent-Replayed: true`; with another request, 422.
 *
 * Register inside the authenticated v2 scope: the hooks need request.ctx.
 */
export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>): void {
  // Before validation, so that a missing or overlong key gets its own code (the header is
  // in the route's schema for the OpenAPI document); the body is fingerprinted as sent.
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' || !request.ctx) return;
    const key = idempotencyKeyOf(request);
    if (key === null) {
      if (request.routeOptions.config.idempotency === 'required') throw errors.idempotencyKeyMissing();
      return;
    }
    const where = { companyId: request.ctx.companyId, livemode: request.ctx.livemode, key };
    const fingerprint = requestFingerprint(request);
    const claimed = await claim(db, where, fingerprint);
    if ('token' in claimed) {
      const held = new HeldKey(db, where, claimed.token);
      request.idempotencyClaim = held;
      request.ctx.idempotency = held;
      return;
    }
    return replay(reply, claimed.status, claimed.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyClaim;
    if (held && !held.stored && reply.statusCode < 400) {
      // Every v2 write stores its response in its own transaction; a route that does not is a bug.
      // Not the key itself: a client chooses it, and may put an order number or an address in it.
      request.log.error({ route: request.routeOptions.url }, 'a successful POST did not store its idempotent response');
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const held = request.idempotencyClaim;
    // An error after the response was handed to the transaction rolled it back: free the key
    // too (release leaves a stored response alone).
    if (held && (!held.stored || reply.statusCode >= 400)) await held.release();
  });
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

type Claimed = { token: string } | { status: number; body: unknown };

/**
 * Takes the key for this request, or says what to answer instead: the stored response of
 * the same request, or a 409 or 422. An expired key (older than 24 hours, not yet purged)
 * is taken as new; so is one whose first request stopped without storing anything.
 */
async function claim(db: Kysely<DB>, where: HeldKey['where'], fingerprint: Fingerprint): Promise<Claimed> {
  const token = randomUUID();
  const { rows } = await sql<{ token: string | null }>`
    INSERT INTO idempotency_keys (company_id, livemode, key, request_method, request_path, request_hash, locked_at, locked_by)
    VALUES (${where.companyId}, ${where.livemode}, ${where.key}, ${fingerprint.method}, ${fingerprint.path}, ${fingerprint.hash}, now(), ${token})
    ON CONFLICT (company_id, livemode, key) DO UPDATE SET
      request_method = EXCLUDED.request_method, request_path = EXCLUDED.request_path, request_hash = EXCLUDED.request_hash,
      response_status = NULL, response_body = NULL, locked_at = now(), locked_by = EXCLUDED.locked_by, created_at = now()
    WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_RETENTION_HOURS})
    RETURNING locked_by AS token`.execute(db);
  if (rows[0]?.token === token) return { token };

  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['request_method', 'request_path', 'request_hash', 'response_status', 'response_body', 'locked_by'])
    .select(sql<boolean>`locked_at < now() - make_interval(secs => ${IDEMPOTENCY_LOCK_TIMEOUT_SECONDS})`.as('stale'))
    .where('company_id', '=', where.companyId)
    .where('livemode', '=', where.livemode)
    .where('key', '=', where.key)
    .executeTakeFirst();
  // Released by its first request between our insert and this read: take it as new.
  if (!stored) return claim(db, where, fingerprint);
  if (stored.request_method !== fingerprint.method || stored.request_path !== fingerprint.path || stored.request_hash !== fingerprint.hash) {
    throw errors.idempotencyKeyReused(where.key);
  }
  if (stored.response_status !== null) return { status: stored.response_status, body: stored.response_body };
  if (!stored.stale) throw errors.requestInProgress(where.key);

  const taken = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: sql<Date>`now()`, locked_by: token })
    .where('company_id', '=', where.companyId)
    .where('livemode', '=', where.livemode)
    .where('key', '=', where.key)
    .where('response_status', 'is', null)
    .where((eb) => (stored.locked_by === null ? eb('locked_by', 'is', null) : eb('locked_by', '=', stored.locked_by)))
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n) throw errors.requestInProgress(where.key);
  return { token };
}

function replay(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('Idempotent-Replayed', 'true').send(body);
}
