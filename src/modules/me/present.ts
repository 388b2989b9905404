import type { ApiContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { type RateLimits, rateLimitsInForce } from '../../core/rate-limits.ts';

/**
 * The token making the request, from what authentication already read: no query of its
 * own. Its rate limits are those in force: the company's own where the operator set them.
 */
export function presentToken(ctx: ApiContext, defaultRateLimits: RateLimits) {
  const { token, company, owner, livemode } = ctx;
  const rateLimits = rateLimitsInForce(defaultRateLimits, company.rateLimits);
  return {
    object: 'token' as const,
    name: token.name,
    livemode,
    scopes: token.scopes,
    expires_at: iso(token.expiresAt),
    ip_allowlist: token.ipAllowlist,
    company: { id: company.id, object: 'company' as const, name: company.name, slug: company.slug },
    owner: { object: 'user' as const, name: owner.name, email: owner.email },
    rate_limits: {
      per_token_per_minute: rateLimits.perTokenPerMinute,
      per_company_per_minute: rateLimits.perCompanyPerMinute,
      writes_per_company_per_minute: rateLimits.writesPerCompanyPerMinute,
    },
  };
}
