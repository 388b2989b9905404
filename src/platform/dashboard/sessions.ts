import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Language } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { hashSecret } from '../../core/secrets.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The dashboard's sessions, kept in the database (dashboard_sessions), never in a signed
 * cookie: the cookie holds 32 random bytes, the table their SHA-256. Every request reads the
 * session with its person and company in one statement, so that a person removed, lowered to
 * member, or signed out everywhere is so on their very next request, in every process.
 */

/** A session ends this long after sign-in, however busy. */
export const SESSION_LIFETIME_MS = 7 * 24 * 3600_000;
/** ... or after this long without a request. */
export const SESSION_IDLE_MS = 24 * 3600_000;
/** last_seen_at is written at most this often per session: never a write per request. */
const SEEN_PRECISION_MS = 60_000;

/** The person and company behind a signed-in request, as the dashboard's pages see them. */
export interface DashboardSession {
  sessionId: string;
  user: { id: string; email: string; name: string; role: 'admin' | 'member'; language: Language | null };
  company: { id: string; name: string; slug: string; plan: string; status: string };
}

export interface SessionStart {
  /** The cookie's value, given to the browser once; only its hash is stored. */
  value: string;
  sessionId: string;
  expiresAt: Date;
}

/** Starts a session for a person (at sign-in, always a new value: a session is never carried over from before it). */
export async function startSession(db: Kysely<DB>, user: { id: string; company_id: string }, client: { ip: string; userAgent?: string | undefined }): Promise<SessionStart> {
  const value = randomBytes(32).toString('base64url');
  const sessionId = newId('session');
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('dashboard_sessions').values({
      id: sessionId,
      token_hash: hashSecret(value),
      user_id: user.id,
      company_id: user.company_id,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 400) ?? null,
      expires_at: expiresAt,
    }).execute();
    await trx.updateTable('users').set({ signed_in_at: new Date() }).where('id', '=', user.id).execute();
  });
  return { value, sessionId, expiresAt };
}

/** The live session of a cookie's value, or null when there is none, it ended, or its person may no longer sign in. */
export async function readSession(db: Kysely<DB>, value: string): Promise<DashboardSession | null> {
  if (value.length === 0 || value.length > 100) return null;
  const row = await db
    .selectFrom('dashboard_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      's.id', 's.expires_at', 's.last_seen_at', 's.ended_at',
      'u.id as user_id', 'u.email', 'u.name', 'u.role', 'u.language', 'u.removed_at', 'u.company_id as user_company_id',
      'c.id as company_id', 'c.name as company_name', 'c.slug', 'c.plan', 'c.status',
    ])
    .where('s.token_hash', '=', hashSecret(value))
    .executeTakeFirst();
  if (!row || row.ended_at || row.removed_at || row.user_company_id !== row.company_id) return null;
  const now = Date.now();
  if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + SESSION_IDLE_MS <= now) return null;
  if (now - row.last_seen_at.getTime() > SEEN_PRECISION_MS) {
    await db.updateTable('dashboard_sessions').set({ last_seen_at: new Date(now) }).where('id', '=', row.id).execute();
  }
  return {
    sessionId: row.id,
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role, language: row.language },
    company: { id: row.company_id, name: row.company_name, slug: row.slug, plan: row.plan, status: row.status },
  };
}

/** Ends one session (signing out). */
export async function endSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.updateTable('dashboard_sessions').set({ ended_at: new Date() }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

/** Ends a cookie's session, whatever its state (a value a browser brought to the sign-in form). */
export async function endSessionOfValue(db: Kysely<DB>, value: string): Promise<void> {
  if (value.length === 0 || value.length > 100) return;
  await db.updateTable('dashboard_sessions').set({ ended_at: new Date() }).where('token_hash', '=', hashSecret(value)).where('ended_at', 'is', null).execute();
}

/** Ends every session of a person (sign out everywhere, a new password, removal); returns how many. */
export async function endSessionsOf(db: Kysely<DB>, userId: string, except?: string): Promise<number> {
  let query = db.updateTable('dashboard_sessions').set({ ended_at: new Date() }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (except) query = query.where('id', '!=', except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
