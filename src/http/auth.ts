import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiContext } from '../core/context.ts';
import { errors } from '../core/errors.ts';
import { negotiateLanguage } from '../core/i18n.ts';
import { addressAllowed } from '../core/ip.ts';
import { isScope, roleAllowsScope, type RouteScope } from '../core/scopes.ts';
import { hashSecret, TOKEN_PATTERN, V1_TOKEN_PATTERN } from '../core/secrets.ts';
import type { DB } from '../db/schema.ts';
import { TokenCache } from './token-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a v2 route needs; every v2 route names one. */
    scope?: RouteScope;
    /** The object a route's `{id}` names, for "No such allocation: ..." errors. */
    resource?: string;
  }
  interface FastifyRequest {
    ctx: ApiContext;
  }
}

const LAST_USED_PRECISION_MS = 60_000;

/**
 * The v2 authentication hook. A request passes only when every rule of spec section 5
 * holds, checked in this order so the most useful error wins: a token is sent and
 * known, its creator is still a member, it is not revoked nor expired, the company is on
 * `automate` and active, the caller's address is allowed, the route's scope is granted,
 * and the creator's current role allows that scope.
 */
export function authenticateV2(db: Kysely<DB>, publicBaseUrl: string, secretKey: string) {
  const cache = new TokenCache<TokenRow>(db);
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const scope = request.routeOptions.config.scope;
    if (!scope) return; // not a v2 API route (the 404 handler)

    const tokenValue = bearerToken(request.raw.rawHeaders);
    if (!TOKEN_PATTERN.test(tokenValue)) {
      const legacy = V1_TOKEN_PATTERN.test(tokenValue) || /^[A-Za-z0-9]{20,}$/.test(tokenValue) || tokenValue.includes('|');
      throw legacy ? errors.legacyTokenOnV2() : errors.tokenInvalid();
    }

    const hash = hashSecret(tokenValue);
    let row = cache.get(hash);
    if (!row) {
      const readAt = cache.now;
      row = await readToken(db, hash);
      if (row) cache.remember(hash, row, readAt);
    }

    if (!row) throw errors.tokenInvalid();
    // Removing a person also revokes their tokens; say why first.
    if (row.owner_removed_at || row.owner_company_id !== row.company_id) throw errors.tokenOwnerRemoved();
    if (row.revoked_at) throw errors.tokenRevoked();
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw errors.tokenExpired(row.expires_at);
    if (row.plan !== 'automate') throw errors.planNotAllowed(row.plan);
    if (row.company_status !== 'active') throw errors.companyInactive(row.company_status);
    if (!addressAllowed(request.ip, row.ip_allowlist)) throw errors.ipNotAllowed(request.ip);

    const scopes = row.scopes.filter(isScope);
    if (scope !== 'any') {
      if (!scopes.includes(scope)) throw errors.scopeMissing(scope);
      if (!roleAllowsScope(row.owner_role, scope)) throw errors.ownerRoleNotAllowed(scope);
    }

    request.ctx = {
      db,
      companyId: row.company_id,
      livemode: row.livemode,
      language: negotiateLanguage(request.headers['accept-language']),
      scopes,
      publicBaseUrl,
      secretKey,
      token: { id: row.id, name: row.name, scopes, expiresAt: row.expires_at, ipAllowlist: row.ip_allowlist },
      company: {
        id: row.company_id,
        name: row.company_name,
        slug: row.company_slug,
        // Read with the token, so an operator's change applies to the next request on every process.
        rateLimits: {
          perTokenPerMinute: row.rate_limit_per_token_per_minute,
          perCompanyPerMinute: row.rate_limit_per_company_per_minute,
          writesPerCompanyPerMinute: row.rate_limit_writes_per_company_per_minute,
        },
      },
      owner: { name: row.owner_name, email: row.owner_email, role: row.owner_role },
    };

    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
      row.last_used_at = new Date(); // the remembered row too: written once a minute, not on every request
      await db.updateTable('api_tokens').set({ last_used_at: row.last_used_at }).where('id', '=', row.id).execute();
    }
  };
}

/** What authenticating a token reads: the token, its owner and its company, in one query. */
function readToken(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .innerJoin('users as u', 'u.id', 't.owner_user_id')
    .select([
      't.id', 't.name', 't.livemode', 't.scopes', 't.expires_at', 't.ip_allowlist', 't.revoked_at', 't.last_used_at',
      'c.id as company_id', 'c.name as company_name', 'c.slug as company_slug', 'c.plan', 'c.status as company_status',
      'c.rate_limit_per_token_per_minute', 'c.rate_limit_per_company_per_minute', 'c.rate_limit_writes_per_company_per_minute',
      'u.name as owner_name', 'u.email as owner_email', 'u.role as owner_role', 'u.removed_at as owner_removed_at',
      'u.company_id as owner_company_id',
    ])
    .where('t.token_hash', '=', hash)
    .where('t.api_version', '=', 'v2')
    .executeTakeFirst();
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof readToken>>>;

/**
 * The credential of the one `Authorization: Bearer ...` header, read from the raw header
 * list (name, value, name, value...): Node keeps only the first of repeated Authorization
 * headers in `request.headers`, and picking one of two credentials, perhaps of two
 * companies, would be a guess. 401 token_missing without one, token_ambiguous with several.
 */
export function bearerToken(rawHeaders: readonly string[]): string {
  const values = rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === 'authorization');
  if (values.length > 1) throw errors.tokenAmbiguous(values.length);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(values[0] ?? '');
  if (!match?.[1]) throw errors.tokenMissing();
  return match[1];
}
