import { type Kysely, sql } from 'kysely';
import type { IdempotencyClaim, ReadContext } from '../../core/context.ts';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { inUnitOfWork, type UnitOfWork } from '../../platform/events/unit-of-work.ts';

/**
 * What the recipient verbs need of their caller: whose recipients in which mode, and either
 * the API request's Idempotency-Key or, from the dashboard, who acts (each change is then
 * written to the company's audit log in its own transaction). An API request's context is
 * one, so the API passes its own; the dashboard builds one without a token.
 */
export interface RecipientContext extends ReadContext {
  db: Kysely<DB>;
  secretKey: string;
  idempotency?: IdempotencyClaim;
  actor?: Actor;
}

export type RecipientWork = UnitOfWork & { readonly ctx: RecipientContext };

/** What a change writes to the audit log when a person made it in the dashboard. */
export interface AuditNote {
  action: string;
  target: string | null;
  details?: Record<string, unknown>;
}

/**
 * Runs a recipient verb's write in one unit of work: the Idempotency-Key (API) claimed
 * first, the audit entry (dashboard) written in the same transaction as the change, and the
 * answer stored for the key. `audit` may return null: nothing changed, nothing to log.
 */
export async function inRecipientWork<T>(ctx: RecipientContext, work: (uow: RecipientWork) => Promise<T>, audit: (result: T) => AuditNote | null): Promise<T> {
  return inUnitOfWork(ctx.db, { publicBaseUrl: ctx.publicBaseUrl }, async (uow) => {
    await ctx.idempotency?.claim(uow.db);
    const result = await work(Object.assign(uow, { ctx: { ...ctx, db: uow.db } }));
    const entry = ctx.actor ? audit(result) : null;
    if (ctx.actor && entry) await recordChange(uow.db, ctx.actor, entry.action, entry.target, { livemode: ctx.livemode, ...entry.details });
    if (ctx.idempotency) uow.atEnd(ctx.idempotency.responseWrite(200, result));
    return result;
  });
}

/**
 * A dashboard form sent a second time (a double click, a reload of its answer): it gave
 * its trees the first time, to `recipientId`, and gives nothing now.
 */
export class FormAlreadySent extends Error {
  constructor(readonly recipientId: string) {
    super(`This form gave trees to recipient ${recipientId} already.`);
  }
}

/**
 * Refuses a dashboard form sent before: its key is in the audit entry of the recipient it
 * made (within a day). The company's row is locked first, so two sends at once are one
 * after the other and the second finds the first's entry.
 */
export async function requireFormNotSent(uow: RecipientWork, formKey: string): Promise<void> {
  const { companyId } = uow.ctx;
  await uow.db.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().execute();
  const earlier = await uow.db
    .selectFrom('audit_log')
    .select('target_id')
    .where('company_id', '=', companyId)
    .where('created_at', '>', new Date(uow.now.getTime() - 86_400_000))
    .where('action', '=', 'recipient.created')
    .where(sql<string>`details->>'form_key'`, '=', formKey)
    .executeTakeFirst();
  if (earlier?.target_id) throw new FormAlreadySent(earlier.target_id);
}
