import type { Kysely } from 'kysely';
import { addressAllowed } from '../../core/ip.ts';
import { hashSecret } from '../../core/secrets.ts';
import type { TokenRefusal } from '../../core/token-refusal.ts';
import type { DB } from '../../db/schema.ts';
import { TokenCache } from './token-cache.ts';

/**
 * The one check of an API token, for v2 and the legacy v1 API alike (spec section 5): the
 * token, its owner and its company are read in one query (or taken from the token cache,
 * which every change to them empties), and the rules are checked in one order, so the most
 * useful refusal wins. Each surface turns a refusal into its own error shape.
 */

export type VerifiedToken = NonNullable<Awaited<ReturnType<typeof readToken>>>;

/**
 * How often a token's last use (time and address) is written: once a minute of use, not on
 * every request. The write is conditional, so however many processes serve a token, at most
 * one of them writes it in a minute.
 */
const LAST_USED_PRECISION_MS = 60_000;

/** A verifier of one API version's tokens (`v2`, or `v1` for `canopy_v1_...`), with its own cache. */
export function tokenVerifier(db: Kysely<DB>, apiVersion: 'v1' | 'v2') {
  const cache = new TokenCache<VerifiedToken>(db);
  return async function verifyToken(token: string, ip: string): Promise<{ token: VerifiedToken } | { refused: TokenRefusal }> {
    const hash = hashSecret(token);
    let row = cache.get(hash);
    if (!row) {
      const readAt = cache.now;
      row = await readToken(db, hash, apiVersion);
      if (row) cache.remember(hash, row, readAt);
    }
    const refusal = row ? refusalOf(row, ip) : { reason: 'unknown' as const };
    if (refusal || !row) return { refused: refusal ?? { reason: 'unknown' } };
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
      await noteUse(db, row, ip);
    }
    return { token: row };
  };
}

/**
 * Writes when and from which address a token was used, unless that was written less than a
 * minute ago (by this process or another). The remembered row keeps the time, so this
 * process does not try again within the minute. Neither column is news to the token cache.
 */
async function noteUse(db: Kysely<DB>, row: VerifiedToken, ip: string): Promise<void> {
  const now = new Date();
  row.last_used_at = now; // the remembered row too
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now, last_used_ip: ip })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(now.getTime() - LAST_USED_PRECISION_MS))]))
    .execute();
}

function refusalOf(row: VerifiedToken, ip: string): TokenRefusal | null {
  // Removing a person also revokes their tokens; say why first.
  if (row.owner_removed_at || row.owner_company_id !== row.company_id) return { reason: 'owner_removed' };
  if (row.revoked_at) return { reason: 'revoked' };
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return { reason: 'expired', expiresAt: row.expires_at };
  if (row.plan !== 'automate') return { reason: 'plan', plan: row.plan };
  if (row.company_status !== 'active') return { reason: 'company_inactive', status: row.company_status };
  if (!addressAllowed(ip, row.ip_allowlist)) return { reason: 'address', ip };
  return null;
}

/** The token, its owner and its company, in one query. */
function readToken(db: Kysely<DB>, hash: string, apiVersion: 'v1' | 'v2') {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .innerJoin('users as u', 'u.id', 't.owner_user_id')
    .select([
      't.id', 't.name', 't.livemode', 't.scopes', 't.expires_at', 't.ip_allowlist', 't.revoked_at', 't.last_used_at',
      'c.id as company_id', 'c.name as company_name', 'c.slug as company_slug', 'c.plan', 'c.status as company_status',
      'c.country as company_country', 'c.website_url as company_website_url', 'c.created_at as company_created_at',
      'c.rate_limit_per_token_per_minute', 'c.rate_limit_per_company_per_minute', 'c.rate_limit_writes_per_company_per_minute',
      'u.id as owner_id', 'u.name as owner_name', 'u.email as owner_email', 'u.role as owner_role', 'u.removed_at as owner_removed_at',
      'u.company_id as owner_company_id',
    ])
    .where('t.token_hash', '=', hash)
    .where('t.api_version', '=', apiVersion)
    .executeTakeFirst();
}
