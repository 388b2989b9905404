import { type Kysely, sql, type Transaction } from 'kysely';
import type { Language } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import { authChanged } from '../../db/notifications.ts';
import type { DB, Db } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { endSessionsOf } from '../../platform/dashboard/sessions.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { sendAccountEmail } from './jobs.ts';
import { spendLinksOf } from './links.ts';

/**
 * The people of a company: invited, given a role, removed. The team page and the
 * operator's CLI (operator/users.ts) both change people through these verbs, each in one
 * transaction with its audit log entry. A person's sessions and tokens read their role and
 * membership live (platform/dashboard/sessions.ts, platform/http/token-verifier.ts), so a
 * lowered role or a removal holds from the next request on; removal also ends the sessions,
 * revokes the tokens and spends the links at once, so that nothing of theirs is left to come back.
 */

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const EMAIL_MAX_LENGTH = 320;
export const NAME_MAX_LENGTH = 200;

/** Why a change to the team was refused; `code` picks the sentence a page shows. */
export class TeamRefused extends Error {
  constructor(readonly code: 'not_member' | 'already_member' | 'last_admin' | 'bad_email' | 'bad_role' | 'no_company', message: string) {
    super(message);
  }
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** The operator's CLI, acting on a company: the audit log says "the operator", with no person and no address. */
export function operatorActor(companyId: string): Actor {
  return { companyId, userId: null, email: null, ip: null };
}

export interface NewPerson {
  email: string;
  name?: string | undefined;
  role: Role;
  /** Their language for the dashboard and emails, when known. */
  language?: Language | null | undefined;
}

/** Whether to email the person their invitation (a job), and in which language when theirs is unknown. */
export interface Invitation {
  language: Language;
  /** Who invites, as the email names them; null: the operator. */
  invitedBy: string | null;
}

export type Person = NonNullable<Awaited<ReturnType<typeof personById>>>;

/**
 * Adds a person to a company, without a password: they choose one with their invitation
 * link. A person removed earlier comes back with the new role and chooses a new password
 * (their old one and their old tokens stay dead). Emails the invitation when `invite` says so.
 */
export async function addPerson(db: Db, actor: Actor, person: NewPerson, invite: Invitation | null): Promise<Person> {
  const email = person.email.trim();
  if (!isEmailAddress(email)) throw new TeamRefused('bad_email', `"${person.email}" is not an email address.`);
  if (!isRole(person.role)) throw new TeamRefused('bad_role', `Unknown role "${person.role}"; use admin or member.`);
  const name = person.name?.trim().slice(0, NAME_MAX_LENGTH) || (email.split('@')[0] ?? email);
  const user = await inTransaction(db, async (trx) => {
    await lockTeam(trx, actor.companyId);
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'removed_at'])
      .where('company_id', '=', actor.companyId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (existing && !existing.removed_at) throw new TeamRefused('already_member', `${email} is already a member of ${actor.companyId}.`);
    const now = new Date();
    const id = existing?.id ?? newId('user');
    if (existing) {
      await trx.updateTable('users')
        .set({ removed_at: null, role: person.role, name, email, password_hash: null, language: person.language ?? null, updated_at: now })
        .where('id', '=', id)
        .execute();
    } else {
      await trx.insertInto('users')
        .values({ id, company_id: actor.companyId, email, name, role: person.role, language: person.language ?? null, created_at: now, updated_at: now })
        .execute();
    }
    await recordChange(trx, actor, 'user.invited', id, { email, role: person.role, ...(existing ? { returned: true } : {}) });
    if (invite) await enqueueJob(trx, sendAccountEmail, { purpose: 'invite', user_id: id, language: person.language ?? invite.language, ...(invite.invitedBy ? { invited_by: invite.invitedBy } : {}) });
    return personById(trx, actor.companyId, id);
  });
  if (!db.isTransaction) authChanged(db as Kysely<DB>);
  return user!;
}

/** Emails a person of the company a fresh invitation link (the team page's "send again"). */
export async function sendInvitation(db: Kysely<DB>, actor: Actor, userId: string, invite: Invitation): Promise<Person> {
  return db.transaction().execute(async (trx) => {
    const user = await personById(trx, actor.companyId, userId);
    if (!user) throw new TeamRefused('not_member', `${userId} is not a member of ${actor.companyId}.`);
    await recordChange(trx, actor, 'user.invitation_sent', user.id, { email: user.email });
    await enqueueJob(trx, sendAccountEmail, { purpose: 'invite', user_id: user.id, language: user.language ?? invite.language, ...(invite.invitedBy ? { invited_by: invite.invitedBy } : {}) });
    return user;
  });
}

/**
 * Gives a person another role. `keepAnAdmin`: refuse to lower the company's last admin (the
 * team page; the operator may). Returns the person and their role before.
 */
export async function changeRole(db: Kysely<DB>, actor: Actor, userId: string, role: Role, options: { keepAnAdmin: boolean }) {
  if (!isRole(role)) throw new TeamRefused('bad_role', `Unknown role "${role}"; use admin or member.`);
  const changed = await db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor.companyId);
    const user = await personById(trx, actor.companyId, userId);
    if (!user) throw new TeamRefused('not_member', `${userId} is not a member of ${actor.companyId}.`);
    if (user.role === role) return { user, from: user.role };
    if (options.keepAnAdmin && user.role === 'admin' && (await adminCount(trx, actor.companyId)) <= 1) {
      throw new TeamRefused('last_admin', `${user.email} is the last admin of ${actor.companyId}; make another person admin first.`);
    }
    await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', user.id).execute();
    await recordChange(trx, actor, 'user.role_changed', user.id, { email: user.email, from: user.role, to: role });
    return { user: { ...user, role }, from: user.role };
  });
  authChanged(db);
  return changed;
}

/**
 * Removes a person from the company: at once their sessions end, every token they created
 * is revoked (and stays so if they return, spec section 5.7), and their unused links stop.
 * `keepAnAdmin` as for changeRole.
 */
export async function removePerson(db: Kysely<DB>, actor: Actor, userId: string, options: { keepAnAdmin: boolean }) {
  const removed = await db.transaction().execute(async (trx) => {
    await lockTeam(trx, actor.companyId);
    const user = await personById(trx, actor.companyId, userId);
    if (!user) throw new TeamRefused('not_member', `${userId} is not a member of ${actor.companyId}.`);
    if (options.keepAnAdmin && user.role === 'admin' && (await adminCount(trx, actor.companyId)) <= 1) {
      throw new TeamRefused('last_admin', `${user.email} is the last admin of ${actor.companyId}; a company keeps at least one.`);
    }
    const now = new Date();
    const tokens = await trx.updateTable('api_tokens').set({ revoked_at: now }).where('owner_user_id', '=', user.id).where('revoked_at', 'is', null).executeTakeFirst();
    await trx.updateTable('users').set({ removed_at: now, updated_at: now }).where('id', '=', user.id).execute();
    const sessions = await endSessionsOf(trx, user.id);
    await spendLinksOf(trx, user.id);
    const tokensRevoked = Number(tokens.numUpdatedRows);
    await recordChange(trx, actor, 'user.removed', user.id, { email: user.email, role: user.role, tokens_revoked: tokensRevoked });
    return { user: { ...user, removed_at: now }, tokensRevoked, sessionsEnded: sessions };
  });
  authChanged(db);
  return removed;
}

/** A person of the company who has not been removed, or undefined (another company's id included). */
export function personById(db: Db, companyId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'name', 'role', 'language', 'removed_at', 'created_at', 'signed_in_at'])
    .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** The people of a company, admins first, then by name. */
export function teamOf(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'signed_in_at', 'created_at'])
    .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .orderBy('role', 'asc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** How many tokens a person created that still work (the removal page says they will stop). */
export async function liveTokenCount(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function adminCount(trx: Transaction<DB>, companyId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes to one company's team wait for each other (the company's row, locked for the
 * transaction), so that two admins lowering each other at once cannot leave it with none.
 */
async function lockTeam(trx: Transaction<DB>, companyId: string): Promise<void> {
  const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
  if (!company) throw new TeamRefused('no_company', `No company ${companyId}.`);
}
