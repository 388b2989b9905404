import { type Kysely, sql, type Transaction } from 'kysely';
import { newId } from '../../core/ids.ts';
import { isAddressOrCidr } from '../../core/ip.ts';
import { SCOPES, type Scope } from '../../core/scopes.ts';
import { newSecret, newToken, V1_TOKEN_PREFIX } from '../../core/secrets.ts';
import { authChanged } from '../../db/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { presentTokenListItem } from './present.ts';
import { findCompanyToken, listCompanyTokens } from './queries.ts';

/**
 * API tokens of a company (spec section 5; issue 25): created, rolled and revoked by an
 * admin in the dashboard or by the operator's CLI, listed for both. A token's value is
 * returned once, by the verb that makes it; only its hash is stored.
 */

/** How long the old value of a rolled token keeps working, as Stripe offers it. */
export const ROLL_OVERLAPS = { none: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type RollOverlap = keyof typeof ROLL_OVERLAPS;

export function isRollOverlap(value: string): value is RollOverlap {
  return Object.hasOwn(ROLL_OVERLAPS, value);
}

export const MAX_NAME_LENGTH = 100;
export const MAX_ALLOWLIST_ENTRIES = 100;

/**
 * Why a token could not be made, rolled or revoked, with a stable code (the dashboard words
 * it in the reader's language, per `field`) and an English message (the CLI prints it).
 */
export class TokenRefused extends Error {
  constructor(
    readonly code:
      | 'name_invalid' | 'scopes_missing' | 'scope_unknown' | 'allowlist_invalid' | 'allowlist_too_long'
      | 'expiry_invalid' | 'expiry_past' | 'owner_not_member' | 'owner_not_admin' | 'plan_not_allowed'
      | 'token_not_found' | 'token_not_active' | 'overlap_invalid' | 'already_created',
    message: string,
    readonly field: 'name' | 'scopes' | 'ip_allowlist' | 'expires_at' | 'owner' | 'plan' | 'token' | 'overlap',
    /** The entries of the field at fault (unknown scopes, bad addresses). */
    readonly entries: readonly string[] = [],
  ) {
    super(message);
  }
}

/*
 * Every verb takes the actor of the audit log (platform/dashboard/audit.ts) and writes its
 * entry in the same transaction as the change, never with the value: a person in the
 * dashboard, whose company must be on `automate` to make or roll a token, or the operator
 * (the CLI, `userId` null), who may make one on any plan (a token made before an upgrade
 * waits for it, refused by the API until then). The actor's company is the token's.
 */

export interface CreateTokenInput {
  /** The person the token acts as; an admin of the company. In the dashboard: the person creating it. */
  ownerUserId: string;
  /** Ignored for a v1 token: v1 has no scopes. */
  scopes: readonly string[] | 'all';
  /** Ignored for a v1 token: v1 has no test mode. */
  livemode: boolean;
  /** A token of the legacy v1 API (`canopy_v1_...`), for an old integration (operator only); v2 when left out. */
  apiVersion?: 'v1' | 'v2';
  name?: string;
  expiresAt?: Date | null;
  ipAllowlist?: readonly string[];
  /**
   * The dashboard form's own random key: a form sent twice (a double click, a reload of the
   * page that showed the value) makes one token, and the second answer is `already_created`
   * naming it, never a second value.
   */
  formKey?: string;
}

/** The new token as listed, and its value: shown this once. */
export async function createToken(db: Kysely<DB>, actor: Actor, input: CreateTokenInput) {
  const v1 = input.apiVersion === 'v1';
  const scopes = v1 ? [] : acceptableScopes(input.scopes);
  const name = acceptableName(input.name ?? (v1 ? 'v1 token' : `${input.livemode ? 'Live' : 'Test'} token`));
  const ipAllowlist = acceptableAllowlist(input.ipAllowlist ?? []);
  const expiresAt = acceptableExpiry(input.expiresAt ?? null);
  const livemode = v1 || input.livemode;

  const companyId = actor.companyId;
  const created = await db.transaction().execute(async (trx) => {
    await requireTokensAllowed(trx, actor, input.ownerUserId);
    await requireAdmin(trx, companyId, input.ownerUserId);
    if (input.formKey) await requireFormNotSent(trx, companyId, input.formKey);
    const token = v1 ? newSecret(V1_TOKEN_PREFIX) : newToken(livemode);
    const id = newId('token');
    await trx
      .insertInto('api_tokens')
      .values({
        id, company_id: companyId, owner_user_id: input.ownerUserId, name, livemode, api_version: v1 ? 'v1' : 'v2',
        scopes: scopes as Scope[], token_hash: token.hash, token_prefix: token.displayPrefix, token_last4: token.last4,
        expires_at: expiresAt, ip_allowlist: ipAllowlist, created_at: new Date(),
      })
      .execute();
    await recordChange(trx, actor, 'token.created', id, {
      name, mode: v1 ? 'v1' : livemode ? 'live' : 'test', scopes, expires_at: expiresAt?.toISOString() ?? null, ip_allowlist: ipAllowlist,
      ...(input.formKey ? { form_key: input.formKey } : {}),
    });
    return { id, value: token.value };
  });
  return { token: await listedToken(db, companyId, created.id), value: created.value };
}

export interface RollTokenInput {
  tokenId: string;
  /** Who rolls: an admin of the company, the owner of the new value. In the dashboard: the actor. */
  ownerUserId: string;
  overlap: RollOverlap;
}

/**
 * Rolls a token as Stripe does: a new value (a new row with the same name, scopes, mode,
 * expiry and allowlist, owned by the person rolling), while the old value keeps working
 * for the overlap chosen, then is refused as expired. A token is rolled once; roll the new
 * one again. The old row's earlier expiry, if sooner, stands.
 */
export async function rollToken(db: Kysely<DB>, actor: Actor, input: RollTokenInput) {
  if (!isRollOverlap(input.overlap)) {
    throw new TokenRefused('overlap_invalid', `The overlap must be one of ${Object.keys(ROLL_OVERLAPS).join(', ')}.`, 'overlap');
  }
  const companyId = actor.companyId;
  const rolled = await db.transaction().execute(async (trx) => {
    await requireTokensAllowed(trx, actor, input.ownerUserId);
    await requireAdmin(trx, companyId, input.ownerUserId);
    const old = await findCompanyToken(trx, companyId, input.tokenId, { forUpdate: true });
    if (!old) throw notFound(input.tokenId);
    const now = new Date();
    if (old.revoked_at || old.rolled_to_token_id || (old.expires_at && old.expires_at <= now)) {
      throw new TokenRefused('token_not_active', `Token ${old.id} is ${old.revoked_at ? 'revoked' : old.rolled_to_token_id ? 'already rolled' : 'expired'}; only an active token can be rolled.`, 'token');
    }
    const token = old.api_version === 'v1' ? newSecret(V1_TOKEN_PREFIX) : newToken(old.livemode);
    const id = newId('token');
    await trx
      .insertInto('api_tokens')
      .values({
        id, company_id: old.company_id, owner_user_id: input.ownerUserId, name: old.name, livemode: old.livemode, api_version: old.api_version,
        scopes: old.scopes, token_hash: token.hash, token_prefix: token.displayPrefix, token_last4: token.last4,
        expires_at: old.expires_at, ip_allowlist: old.ip_allowlist, rolled_from_token_id: old.id, created_at: now,
      })
      .execute();
    const overlapEnds = new Date(now.getTime() + ROLL_OVERLAPS[input.overlap]);
    const oldExpiresAt = old.expires_at && old.expires_at < overlapEnds ? old.expires_at : overlapEnds;
    await trx.updateTable('api_tokens').set({ rolled_to_token_id: id, expires_at: oldExpiresAt }).where('id', '=', old.id).execute();
    await recordChange(trx, actor, 'token.rolled', old.id, {
      name: old.name, new_token_id: id, overlap: input.overlap, old_expires_at: oldExpiresAt.toISOString(),
    });
    return { id, value: token.value };
  });
  authChanged(db);
  return { token: await listedToken(db, companyId, rolled.id), value: rolled.value };
}

/**
 * Revokes a token of the actor's company at once: the API refuses it from the next request
 * on. Another company's token is not found. Allowed on every plan; a person must be an admin.
 */
export async function revokeToken(db: Kysely<DB>, actor: Actor, tokenId: string) {
  await db.transaction().execute(async (trx) => {
    if (actor.userId !== null) await requireAdmin(trx, actor.companyId, actor.userId);
    const row = await trx
      .updateTable('api_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', tokenId)
      .where('company_id', '=', actor.companyId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw new TokenRefused('token_not_found', `No active token ${tokenId}.`, 'token');
    await recordChange(trx, actor, 'token.revoked', row.id, { name: row.name });
  });
  authChanged(db);
  return listedToken(db, actor.companyId, tokenId);
}

/** A company's tokens, newest first, as the dashboard and the CLI list them: never a value or a hash. */
export async function listTokens(db: Kysely<DB>, companyId: string, now = new Date()) {
  const rows = await listCompanyTokens(db, companyId);
  return rows.map((row) => presentTokenListItem(row, now));
}

/** One token of the company as listed, or undefined (another company's token included). */
export async function getToken(db: Kysely<DB>, companyId: string, tokenId: string) {
  const row = await findCompanyToken(db, companyId, tokenId);
  return row ? presentTokenListItem(row, new Date()) : undefined;
}

async function listedToken(db: Kysely<DB>, companyId: string, tokenId: string) {
  const row = await findCompanyToken(db, companyId, tokenId);
  if (!row) throw notFound(tokenId);
  return presentTokenListItem(row, new Date());
}

function notFound(tokenId: string) {
  return new TokenRefused('token_not_found', `No token ${tokenId} in this company.`, 'token');
}

/** A person makes and rolls tokens as themselves, on `automate`; the operator for any admin, on any plan. */
async function requireTokensAllowed(db: Transaction<DB>, actor: Actor, ownerUserId: string) {
  if (actor.userId === null) return;
  if (ownerUserId !== actor.userId) throw new TokenRefused('owner_not_member', 'In the dashboard a person makes tokens as themselves.', 'owner');
  const company = await db.selectFrom('companies').select('plan').where('id', '=', actor.companyId).executeTakeFirst();
  if (company?.plan !== 'automate') {
    throw new TokenRefused('plan_not_allowed', `API tokens need the automate plan; this company is on ${company?.plan ?? 'no plan'}.`, 'plan');
  }
}

/**
 * Refuses a create form sent before (its key is in the audit log's entry of the token it
 * made, within a day). The company's row is locked first, so two sends at once are one
 * after the other: the second finds the first's entry.
 */
async function requireFormNotSent(db: Transaction<DB>, companyId: string, formKey: string) {
  await db.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().execute();
  const earlier = await db
    .selectFrom('audit_log')
    .select('target_id')
    .where('company_id', '=', companyId)
    .where('action', '=', 'token.created')
    .where('created_at', '>', new Date(Date.now() - 86_400_000))
    .where(sql<string>`details->>'form_key'`, '=', formKey)
    .executeTakeFirst();
  if (earlier?.target_id) {
    throw new TokenRefused('already_created', `This form made token ${earlier.target_id} already.`, 'token', [earlier.target_id]);
  }
}

/** The person a token acts as must be an admin of its company now (spec section 5: only admins create tokens). */
async function requireAdmin(db: Transaction<DB>, companyId: string, userId: string) {
  const user = await db.selectFrom('users').select(['email', 'role', 'removed_at', 'company_id']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.removed_at || user.company_id !== companyId) {
    throw new TokenRefused('owner_not_member', `${user?.email ?? userId} is not a member of ${companyId}.`, 'owner');
  }
  if (user.role !== 'admin') throw new TokenRefused('owner_not_admin', `${user.email} is a member; only admins create API tokens.`, 'owner');
}

function acceptableScopes(given: readonly string[] | 'all'): Scope[] {
  const scopes = given === 'all' ? [...SCOPES] : [...new Set(given)];
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new TokenRefused('scope_unknown', `Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}, or "all".`, 'scopes', unknown);
  }
  if (scopes.length === 0) throw new TokenRefused('scopes_missing', 'A token needs at least one scope.', 'scopes');
  // In the order of spec section 5, however they were given.
  return SCOPES.filter((scope) => scopes.includes(scope));
}

function acceptableName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH || /\p{Cc}/u.test(trimmed)) {
    throw new TokenRefused('name_invalid', `A token's name is 1 to ${MAX_NAME_LENGTH} characters on one line.`, 'name');
  }
  return trimmed;
}

function acceptableAllowlist(entries: readonly string[]): string[] {
  const list = [...new Set(entries.map((entry) => entry.trim()).filter((entry) => entry.length > 0))];
  const bad = list.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) throw new TokenRefused('allowlist_invalid', `Not an IP address or CIDR range: ${bad.join(', ')}.`, 'ip_allowlist', bad);
  if (list.length > MAX_ALLOWLIST_ENTRIES) {
    throw new TokenRefused('allowlist_too_long', `An IP allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries.`, 'ip_allowlist');
  }
  return list;
}

function acceptableExpiry(expiresAt: Date | null): Date | null {
  if (!expiresAt) return null;
  if (Number.isNaN(expiresAt.getTime())) throw new TokenRefused('expiry_invalid', 'expires_at is not a valid time.', 'expires_at');
  // A token dead on arrival is a typo in the date, never what was meant.
  if (expiresAt.getTime() <= Date.now()) {
    throw new TokenRefused('expiry_past', `expires_at ${expiresAt.toISOString()} is in the past; a token must expire later than now.`, 'expires_at');
  }
  return expiresAt;
}
