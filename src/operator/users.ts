import type { Kysely } from 'kysely';
import type { Language } from '../core/i18n.ts';
import type { DB, Db } from '../db/schema.ts';
import { enqueueJob } from '../platform/jobs/queue.ts';
import { recordChange } from '../platform/dashboard/audit.ts';
import { sendAccountEmail } from '../modules/accounts/jobs.ts';
import { mintLink } from '../modules/accounts/links.ts';
import * as team from '../modules/accounts/team.ts';
import { OperatorError } from './errors.ts';

/**
 * The operator's side of a company's people (the CLI, the demo, test factories): the rules
 * live in the accounts feature's team verbs, shared with the team page; the audit log names
 * the operator (no person, no address). Unlike the team page, the operator may lower or
 * remove a company's last admin: the operator is who adds the next one.
 */

export const ROLES = team.ROLES;
export type Role = team.Role;

export interface CreateUserInput {
  companyId: string;
  email: string;
  name?: string;
  role: Role;
  language?: Language;
}

/** A person who belongs to a company, without a password yet (inviteUser gives them a link to choose one); tokens act with this person's live permissions. */
export async function createUser(db: Db, input: CreateUserInput) {
  return operatorVerb(async () => {
    await requireCompany(db, input.companyId);
    return team.addPerson(db, team.operatorActor(input.companyId), { email: input.email, name: input.name, role: input.role, language: input.language }, null);
  });
}

/**
 * A fresh invitation link for a person of the company, shown to the operator once, and the
 * same invitation emailed by the worker (a link of its own: a link's secret is never kept,
 * so the email cannot carry this one). Choosing a password with either spends both.
 */
export async function inviteUser(db: Kysely<DB>, companyId: string, email: string, publicBaseUrl: string) {
  const user = await requireMember(db, companyId, email);
  return db.transaction().execute(async (trx) => {
    const link = await mintLink(trx, user.id, 'invite', publicBaseUrl);
    await recordChange(trx, team.operatorActor(companyId), 'user.invitation_sent', user.id, { email: user.email });
    await enqueueJob(trx, sendAccountEmail, { purpose: 'invite', user_id: user.id, language: user.language ?? 'en' });
    return { user, inviteUrl: link.url, expiresAt: link.expiresAt };
  });
}

export async function findUserByEmail(db: Db, companyId: string, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

async function requireMember(db: Db, companyId: string, email: string) {
  const user = await findUserByEmail(db, companyId, email);
  if (!user || user.removed_at) throw new OperatorError(`${email} is not a member of ${companyId}.`);
  return user;
}

async function requireCompany(db: Db, companyId: string) {
  const company = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw new OperatorError(`No company ${companyId}.`);
}

export async function setUserRole(db: Kysely<DB>, companyId: string, email: string, role: string) {
  if (!team.isRole(role)) throw new OperatorError(`Unknown role "${role}"; use admin or member.`);
  const user = await requireMember(db, companyId, email);
  const { user: changed } = await operatorVerb(() => team.changeRole(db, team.operatorActor(companyId), user.id, role, { keepAnAdmin: false }));
  return { ...user, role: changed.role };
}

/**
 * The person leaves the company: their sessions end and every token they created stops
 * working at once, and stays revoked if the same person is added again later (spec section 5.7).
 */
export async function removeUser(db: Kysely<DB>, companyId: string, email: string) {
  const user = await requireMember(db, companyId, email);
  const removed = await operatorVerb(() => team.removePerson(db, team.operatorActor(companyId), user.id, { keepAnAdmin: false }));
  return { ...user, removed_at: removed.user.removed_at, tokensRevoked: removed.tokensRevoked, sessionsEnded: removed.sessionsEnded };
}

export async function listUsers(db: Db, companyId: string) {
  return db.selectFrom('users').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'asc').execute();
}

/** A refusal of the team's rules, as the CLI prints it. */
async function operatorVerb<T>(verb: () => Promise<T>): Promise<T> {
  try {
    return await verb();
  } catch (error) {
    if (error instanceof team.TeamRefused) throw new OperatorError(error.message);
    throw error;
  }
}
