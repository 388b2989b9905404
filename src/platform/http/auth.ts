import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiContext } from '../../core/context.ts';
import { errors } from '../../core/errors.ts';
import { negotiateLanguage } from '../../core/i18n.ts';
import { isScope, roleAllowsScope, type RouteScope } from '../../core/scopes.ts';
import { TOKEN_PATTERN, V1_TOKEN_PATTERN } from '../../core/secrets.ts';
import type { TokenRefusal } from '../../core/token-refusal.ts';
import type { DB } from '../../db/schema.ts';
import { tokenVerifier } from './token-verifier.ts';

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

/**
 * The v2 authentication hook. A request passes only when every rule of spec section 5
 * holds, checked in this order so the most useful error wins: a token is sent and
 * known, its creator is still a member, it is not revoked nor expired, the company is on
 * `automate` and active, the caller's address is allowed (tokenVerifier), the route's
 * scope is granted, and the creator's current role allows that scope.
 */
export function authenticateV2(db: Kysely<DB>, publicBaseUrl: string, secretKey: string) {
  const verifyToken = tokenVerifier(db, 'v2');
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const scope = request.routeOptions.config.scope;
    if (!scope) return; // not a v2 API route (the 404 handler)

    const tokenValue = bearerToken(request.raw.rawHeaders);
    if (!TOKEN_PATTERN.test(tokenValue)) {
      const legacy = V1_TOKEN_PATTERN.test(tokenValue) || /^[A-Za-z0-9]{20,}$/.test(tokenValue) || tokenValue.includes('|');
      throw legacy ? errors.legacyTokenOnV2() : errors.tokenInvalid();
    }
    const verified = await verifyToken(tokenValue, request.ip);
    if ('refused' in verified) throw v2Refusal(verified.refused);
    const row = verified.token;

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
  };
}

function v2Refusal(refusal: TokenRefusal) {
  switch (refusal.reason) {
    case 'unknown': return errors.tokenInvalid();
    case 'owner_removed': return errors.tokenOwnerRemoved();
    case 'revoked': return errors.tokenRevoked();
    case 'expired': return errors.tokenExpired(refusal.expiresAt);
    case 'plan': return errors.planNotAllowed(refusal.plan);
    case 'company_inactive': return errors.companyInactive(refusal.status);
    case 'address': return errors.ipNotAllowed(refusal.ip);
  }
}

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
