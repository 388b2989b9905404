import { newId } from '../core/ids.ts';
import { isAddressOrCidr } from '../core/ip.ts';
import { SCOPES, type Scope } from '../core/scopes.ts';
import { maskedSecret, newSecret, newToken, V1_TOKEN_PREFIX } from '../core/secrets.ts';
import { authChanged } from '../db/notifications.ts';
import type { Db } from '../db/schema.ts';
import { OperatorError } from './errors.ts';
import { findUserByEmail } from './users.ts';

export interface CreateTokenInput {
  companyId: string;
  ownerEmail: string;
  /** Ignored for a v1 token: v1 has no scopes. */
  scopes: readonly string[] | 'all';
  /** Ignored for a v1 token: v1 has no test mode. */
  livemode: boolean;
  /** A token of the legacy v1 API (`canopy_v1_...`), for an old integration; v2 when left out. */
  apiVersion?: 'v1' | 'v2';
  name?: string;
  expiresAt?: Date | null;
  ipAllowlist?: readonly string[];
}

/**
 * Creates an API token for a company member and returns its value, which is shown
 * this once: only its hash is stored. Only admins create tokens (spec section 5).
 */
export async function createToken(db: Db, input: CreateTokenInput) {
  const v1 = input.apiVersion === 'v1';
  const scopes = v1 ? [] : input.scopes === 'all' ? [...SCOPES] : [...new Set(input.scopes)];
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new OperatorError(`Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}, or "all".`);
  if (scopes.length === 0 && !v1) throw new OperatorError('A token needs at least one scope.');
  const livemode = v1 || input.livemode;
  const ipAllowlist = [...(input.ipAllowlist ?? [])];
  const badRanges = ipAllowlist.filter((entry) => !isAddressOrCidr(entry));
  if (badRanges.length > 0) throw new OperatorError(`Not an IP address or CIDR range: ${badRanges.join(', ')}.`);
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new OperatorError('expires_at is not a valid time.');
  // A token dead on arrival is a typo in the date, never what the operator meant.
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new OperatorError(`expires_at ${input.expiresAt.toISOString()} is in the past; a token must expire later than now.`);
  }

  const owner = await findUserByEmail(db, input.companyId, input.ownerEmail);
  if (!owner || owner.removed_at) throw new OperatorError(`${input.ownerEmail} is not a member of ${input.companyId}.`);
  if (owner.role !== 'admin') throw new OperatorError(`${input.ownerEmail} is a member; only admins create API tokens.`);

  const token = v1 ? newSecret(V1_TOKEN_PREFIX) : newToken(livemode);
  const row = await db
    .insertInto('api_tokens')
    .values({
      id: newId('token'),
      company_id: input.companyId,
      owner_user_id: owner.id,
      name: input.name ?? (v1 ? 'v1 token' : `${livemode ? 'Live' : 'Test'} token`),
      livemode,
      api_version: v1 ? 'v1' : 'v2',
      scopes: scopes as Scope[],
      token_hash: token.hash,
      token_prefix: token.displayPrefix,
      token_last4: token.last4,
      expires_at: input.expiresAt ?? null,
      ip_allowlist: ipAllowlist,
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...presentTokenRow(row, input.ownerEmail), token: token.value };
}

export async function revokeToken(db: Db, tokenId: string) {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new OperatorError(`No active token ${tokenId}.`);
  authChanged(db);
  return presentTokenRow(row, null);
}

export async function listTokens(db: Db, companyId: string) {
  const rows = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.owner_user_id')
    .selectAll('api_tokens')
    .select('users.email as owner_email')
    .where('api_tokens.company_id', '=', companyId)
    .orderBy('api_tokens.created_at', 'desc')
    .orderBy('api_tokens.id', 'desc')
    .execute();
  return rows.map((row) => presentTokenRow(row, row.owner_email));
}

type TokenRow = {
  id: string; company_id: string; name: string; api_version: 'v1' | 'v2'; livemode: boolean; scopes: string[]; token_prefix: string; token_last4: string;
  expires_at: Date | null; ip_allowlist: string[]; revoked_at: Date | null; last_used_at: Date | null; created_at: Date;
};

/** The operator's view of a token: never the hash, only prefix and last four characters. */
function presentTokenRow(row: TokenRow, ownerEmail: string | null) {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    api_version: row.api_version,
    livemode: row.livemode,
    scopes: row.scopes,
    display: maskedSecret({ displayPrefix: row.token_prefix, last4: row.token_last4 }),
    owner_email: ownerEmail,
    expires_at: row.expires_at?.toISOString() ?? null,
    ip_allowlist: row.ip_allowlist,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}
