import type { Db } from '../db/schema.ts';
import { authChanged } from '../db/notifications.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../core/ids.ts';
import { OperatorError } from './errors.ts';

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export interface CreateUserInput {
  companyId: string;
  email: string;
  name?: string;
  role: Role;
}

/** A person who belongs to a company; tokens act with this person's live permissions. */
export async function createUser(db: Db, input: CreateUserInput) {
  if (!ROLES.includes(input.role)) throw new OperatorError(`Unknown role "${input.role}"; use admin or member.`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw new OperatorError(`"${input.email}" is not an email address.`);
  const company = await db.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst();
  if (!company) throw new OperatorError(`No company ${input.companyId}.`);
  const existing = await findUserByEmail(db, input.companyId, input.email);
  if (existing && !existing.removed_at) throw new OperatorError(`${input.email} is already a member of ${input.companyId}.`);
  const now = new Date();
  if (existing) {
    const rejoined = await db
      .updateTable('users')
      .set({ removed_at: null, role: input.role, name: input.name ?? existing.name, updated_at: now })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    authChanged(db);
    return rejoined;
  }
  return db
    .insertInto('users')
    .values({
      id: newId('user'), company_id: input.companyId, email: input.email, role: input.role,
      name: input.name ?? input.email.split('@')[0] ?? input.email, created_at: now, updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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

export async function setUserRole(db: Db, companyId: string, email: string, role: string) {
  if (!ROLES.includes(role as Role)) throw new OperatorError(`Unknown role "${role}"; use admin or member.`);
  const user = await requireMember(db, companyId, email);
  const changed = await db
    .updateTable('users')
    .set({ role: role as Role, updated_at: new Date() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  authChanged(db);
  return changed;
}

/**
 * The person leaves the company: every token they created stops working at once, and
 * stays revoked if the same person is added again later (spec section 5.7).
 */
export async function removeUser(db: Db, companyId: string, email: string) {
  const removed = await inTransaction(db, async (trx) => {
    const user = await requireMember(trx, companyId, email);
    const now = new Date();
    await trx.updateTable('api_tokens').set({ revoked_at: now }).where('owner_user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    return trx
      .updateTable('users')
      .set({ removed_at: now, updated_at: now })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  authChanged(db);
  return removed;
}

export async function listUsers(db: Db, companyId: string) {
  return db.selectFrom('users').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'asc').execute();
}
