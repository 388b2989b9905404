import type { Kysely } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The company's audit log: every change made in the dashboard, with who made it, from
 * where and when; an admin reads it at /dashboard/audit-log. Details hold ids, names and the
 * fields changed, never a secret, a token's value or a password: the writer refuses a
 * detail whose name says it is one, so that a careless caller fails in its tests.
 */

/** Who made a change: a signed-in person, or the operator's CLI (no user). */
export interface Actor {
  companyId: string;
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/** Names a detail may not have: their values are secrets. */
const SECRET_NAMES = /(secret|password|token_value|^value$|^token$|hash)/i;

/**
 * Writes one entry. `action` is `<object>.<verb>` (`token.created`, `webhook_endpoint.updated`,
 * `user.role_changed`), `target` the changed object's id. Pass the same transaction as the
 * change, so that the change and its entry are written together or not at all.
 */
export async function recordChange(db: Kysely<DB>, actor: Actor, action: string, target: string | null, details: Record<string, unknown> = {}): Promise<void> {
  const secret = Object.keys(details).find((name) => SECRET_NAMES.test(name));
  if (secret) throw new Error(`The audit log never holds a secret: detail "${secret}" of ${action}.`);
  await db.insertInto('audit_log').values({
    id: newId('audit_entry'),
    company_id: actor.companyId,
    user_id: actor.userId,
    actor_email: actor.email,
    action,
    target_id: target,
    details: JSON.stringify(details),
    ip: actor.ip,
  }).execute();
}

export interface AuditEntry {
  id: string;
  action: string;
  target_id: string | null;
  details: Record<string, unknown>;
  actor_email: string | null;
  ip: string | null;
  created_at: Date;
}

/**
 * A page of a company's entries, newest first, before the entry `before` (keyset paging on
 * the order of writing, `seq`: entries written in one millisecond keep their order). A
 * `before` that names no entry of the company gives an empty page.
 */
export async function auditEntries(db: Kysely<DB>, companyId: string, options: { before?: string | null; limit: number }): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'action', 'target_id', 'details', 'actor_email', 'ip', 'created_at'])
    .where('company_id', '=', companyId);
  if (options.before) {
    const before = options.before;
    query = query.where('seq', '<', (eb) => eb.selectFrom('audit_log as cursor').select('cursor.seq').where('cursor.id', '=', before).where('cursor.company_id', '=', companyId));
  }
  return query.orderBy('seq', 'desc').limit(options.limit).execute();
}
