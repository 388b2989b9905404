/**
 * The API's three rate limits (spec section 8), each a number of requests a minute:
 * per token, per company (all its tokens together), and writes (POST, PATCH, DELETE)
 * per company. The configuration gives the defaults; an operator may override any of
 * them for one company (`canopy companies set-limits`).
 */
export interface RateLimits {
  perTokenPerMinute: number;
  perCompanyPerMinute: number;
  writesPerCompanyPerMinute: number;
}

/** A company's own values; null where the configuration's default applies. */
export type RateLimitOverrides = { [K in keyof RateLimits]: number | null };

export type RateLimitName = keyof RateLimits;

/** The limits' names as GET /v2/me, the rate limit headers and a 429 spell them. */
export const RATE_LIMIT_API_NAMES = {
  perTokenPerMinute: 'per_token_per_minute',
  perCompanyPerMinute: 'per_company_per_minute',
  writesPerCompanyPerMinute: 'writes_per_company_per_minute',
} as const satisfies Record<RateLimitName, string>;

export type RateLimitApiName = (typeof RATE_LIMIT_API_NAMES)[RateLimitName];

/** The values in force for a company: its overrides where it has them, else the defaults. */
export function rateLimitsInForce(defaults: RateLimits, overrides: RateLimitOverrides): RateLimits {
  return {
    perTokenPerMinute: overrides.perTokenPerMinute ?? defaults.perTokenPerMinute,
    perCompanyPerMinute: overrides.perCompanyPerMinute ?? defaults.perCompanyPerMinute,
    writesPerCompanyPerMinute: overrides.writesPerCompanyPerMinute ?? defaults.writesPerCompanyPerMinute,
  };
}
