import { maskedSecret } from '../../core/secrets.ts';
import type { listCompanyTokens } from './queries.ts';

export type TokenRow = Awaited<ReturnType<typeof listCompanyTokens>>[number];

/**
 * Where a token stands: `expiring` is the old value of a rolled token during its overlap;
 * a rolled token past its overlap is `expired`, as the API then says (token_expired).
 */
export type TokenStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export function tokenStatus(row: Pick<TokenRow, 'revoked_at' | 'expires_at' | 'rolled_to_token_id'>, now: Date): TokenStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  return row.rolled_to_token_id ? 'expiring' : 'active';
}

/**
 * A token as the dashboard and the CLI list it. Written out field by field, so that the
 * value's hash can never leak: only the prefix and the last four characters are shown.
 */
export function presentTokenListItem(row: TokenRow, now: Date) {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    api_version: row.api_version,
    mode: row.api_version === 'v1' ? ('v1' as const) : row.livemode ? ('live' as const) : ('test' as const),
    livemode: row.livemode,
    scopes: row.scopes,
    display: maskedSecret({ displayPrefix: row.token_prefix, last4: row.token_last4 }),
    status: tokenStatus(row, now),
    owner: { id: row.owner_id, name: row.owner_name, email: row.owner_email, role: row.owner_role, removed: row.owner_removed_at !== null },
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    ip_allowlist: row.ip_allowlist,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    rolled_from: row.rolled_from_token_id,
    rolled_to: row.rolled_to_token_id,
  };
}

export type ListedToken = ReturnType<typeof presentTokenListItem>;
