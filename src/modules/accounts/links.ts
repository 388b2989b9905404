import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashSecret } from '../../core/secrets.ts';
import type { DB, Db } from '../../db/schema.ts';

/**
 * One-time links sent by email (sign_in_links): an invitation (choose a password), a
 * sign-in link, a password reset. The link holds 32 random bytes; the table only their
 * SHA-256, so that whoever reads the database cannot use a link. A link works once, until
 * it expires, and only while its person belongs to the company. Opening a link (GET)
 * spends nothing, since mail scanners open links too: the person's button or form does.
 */

export type LinkPurpose = 'invite' | 'sign_in' | 'reset';

/** How long each kind of link works: a sign-in link is used at once, an invitation may wait for a person's return. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  sign_in: 15 * 60_000,
  reset: 60 * 60_000,
  invite: 7 * 24 * 3600_000,
};

/** Where each kind of link leads, under PUBLIC_BASE_URL. */
const LINK_PATHS: Record<LinkPurpose, string> = { invite: '/dashboard/invite/', sign_in: '/dashboard/link/', reset: '/dashboard/reset/' };

/** The length of a link's secret: 32 bytes as base64url. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewLink {
  url: string;
  expiresAt: Date;
}

/** Makes a link for a person; its URL is shown or sent once and never kept. */
export async function mintLink(db: Db, userId: string, purpose: LinkPurpose, publicBaseUrl: string): Promise<NewLink> {
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  await db.insertInto('sign_in_links').values({ token_hash: hashSecret(secret), user_id: userId, purpose, expires_at: expiresAt }).execute();
  return { url: `${publicBaseUrl}${LINK_PATHS[purpose]}${secret}`, expiresAt };
}

/** Forgets a link that was never sent (its email failed): it cannot have reached anyone. */
export async function dropLink(db: Db, url: string): Promise<void> {
  const secret = url.slice(url.lastIndexOf('/') + 1);
  await db.deleteFrom('sign_in_links').where('token_hash', '=', hashSecret(secret)).where('used_at', 'is', null).execute();
}

/** The person a live link leads to, as its page shows them. */
export interface LinkHolder {
  userId: string;
  companyId: string;
  email: string;
  name: string;
  language: 'en' | 'nl' | null;
  hasPassword: boolean;
  companyName: string;
  expiresAt: Date;
}

/** The person of a link that still works (unused, unexpired, its person not removed), or null. Spends nothing. */
export async function openLink(db: Kysely<DB>, secret: string, purpose: LinkPurpose): Promise<LinkHolder | null> {
  if (!SECRET_PATTERN.test(secret)) return null;
  const row = await db
    .selectFrom('sign_in_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.company_id', 'u.email', 'u.name', 'u.language', 'u.password_hash', 'c.name as company_name', 'l.expires_at'])
    .where('l.token_hash', '=', hashSecret(secret))
    .where('l.purpose', '=', purpose)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date())
    .where('u.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.id, companyId: row.company_id, email: row.email, name: row.name, language: row.language,
    hasPassword: row.password_hash !== null, companyName: row.company_name, expiresAt: row.expires_at,
  };
}

/** Why a link does not work (openLink found none): used, expired, or unknown (never made, cut off, or its person removed). */
export async function deadLinkReason(db: Kysely<DB>, secret: string, purpose: LinkPurpose): Promise<'used' | 'expired' | 'unknown'> {
  if (!SECRET_PATTERN.test(secret)) return 'unknown';
  const row = await db
    .selectFrom('sign_in_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.used_at', 'l.expires_at', 'u.removed_at'])
    .where('l.token_hash', '=', hashSecret(secret))
    .where('l.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.removed_at) return 'unknown';
  return row.used_at ? 'used' : 'expired';
}

/**
 * Spends a link, in the caller's transaction: true when this call used it (one statement,
 * so two browsers sending the same link at once cannot both use it). Choosing a password
 * spends every other invitation and reset link of the person too: they have a password now.
 */
export async function spendLink(trx: Transaction<DB>, secret: string, purpose: LinkPurpose, userId: string): Promise<boolean> {
  if (!SECRET_PATTERN.test(secret)) return false;
  const now = new Date();
  const spent = await trx
    .updateTable('sign_in_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashSecret(secret))
    .where('purpose', '=', purpose)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) return false;
  const alsoSpent: LinkPurpose[] = purpose === 'sign_in' ? ['sign_in'] : ['invite', 'reset'];
  await spendLinksOf(trx, userId, alsoSpent);
  return true;
}

/** Spends every unused link of a person (of the given kinds): a removed person's, or links a new password made moot. */
export async function spendLinksOf(db: Db, userId: string, purposes: readonly LinkPurpose[] = ['invite', 'sign_in', 'reset']): Promise<void> {
  await db.updateTable('sign_in_links').set({ used_at: new Date() }).where('user_id', '=', userId).where('purpose', 'in', purposes).where('used_at', 'is', null).execute();
}
