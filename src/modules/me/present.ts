import type { Config } from '../../config.ts';
import type { ApiContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';

/** The token making the request, from what authentication already read: no query of its own. */
export function presentToken(ctx: ApiContext, rateLimits: Config['rateLimits']) {
  const { token, company, owner, livemode } = ctx;
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
