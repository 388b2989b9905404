import type { Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { type ApiContext, systemReadContext } from '../../core/context.ts';
import { CanopyError, errors } from '../../core/errors.ts';
import type { Language } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import type { DB, Db } from '../../db/schema.ts';
import { assignTrees, releaseReservedTrees } from '../../domain/assignment.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { inRequestUnitOfWork, inUnitOfWork, type RequestUnitOfWork, type UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { giftCodeExpiry } from './jobs.ts';
import { jobsInsert } from '../../platform/jobs/queue.ts';
import { issuePersonalCertificate } from '../certificates/service.ts';
import { requireCompanyProject } from '../projects/queries.ts';
import { eraseGiftCodeSentTo } from '../recipients/erasure.ts';
import { addRecipient, type CompanyScope } from '../recipients/service.ts';
import { newGiftCode } from './code.ts';
import { giftCodeStatus, presentGiftCodes } from './present.ts';
import { findGiftCode, type GiftCodeRow } from './queries.ts';
import { type ClaimGiftCodeBody, type CreateGiftCodeBody, DEFAULT_VALIDITY_DAYS, type GiftCodeStatus, MAX_VALIDITY_DAYS, type RevokeGiftCodeBody } from './schemas.ts';

const DAY_MS = 86_400_000;

/** What a new gift code holds; the validity is checked by the caller (createGiftCode checks the API's). */
export interface NewGiftCode {
  trees: number;
  /** Reserve the trees from this project only. */
  projectId: string | null;
  validUntil: Date;
  sentToName?: string | null;
  sentToEmail?: string | null;
  externalReference?: string | null;
  /** The dashboard's batch it is made in (createGiftCodeBatch). */
  batchId?: string | null;
}

/**
 * Reserves trees from the company's unassigned trees, oldest allocation first (as a
 * recipient takes them), behind a new code, in the unit of work; the allocation events of
 * a split are recorded. A job is queued to expire the code at valid_until. Refuses with
 * no_trees_available, changing nothing. Returns the new code's id.
 */
export async function addGiftCode(scope: CompanyScope, uow: UnitOfWork, input: NewGiftCode): Promise<string> {
  return (await addGiftCodes(scope, uow, input, 1))[0]!;
}

/**
 * `count` codes alike (a dashboard batch): their rows in one statement, then each code's
 * trees reserved in turn, oldest first, and their expiry jobs queued in one statement with
 * the work's last events (UnitOfWork.atEnd), so that a batch of 1,000 costs about one
 * statement a code rather than three. A shortfall at any code throws and rolls back all.
 */
export async function addGiftCodes(scope: CompanyScope, uow: UnitOfWork, input: NewGiftCode, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId('gift_code'));
  await uow.db
    .insertInto('gift_codes')
    .values(ids.map((id) => ({
      id,
      company_id: scope.companyId,
      livemode: scope.livemode,
      code: newGiftCode(),
      status: 'open' as const,
      trees: input.trees,
      project_id: input.projectId,
      sent_to_name: input.sentToName ?? null,
      sent_to_email: input.sentToEmail ?? null,
      external_reference: input.externalReference ?? null,
      batch_id: input.batchId ?? null,
      valid_until: input.validUntil,
      created_at: uow.now,
      updated_at: uow.now,
    })))
    .execute();
  for (const id of ids) {
    const reserved = await assignTrees(uow.db, {
      companyId: scope.companyId,
      livemode: scope.livemode,
      trees: input.trees,
      projectId: input.projectId,
      giftCodeId: id,
      now: uow.now,
      countUnassigned: uow.countUnassigned,
      waitForLocked: uow.waitForLockedTrees,
    });
    uow.record(...reserved.changes);
  }
  uow.atEnd({ query: jobsInsert(giftCodeExpiry, ids.map((id) => ({ gift_code_id: id })), input.validUntil) });
  return ids;
}

/** POST /v2/gift-codes: a code with trees reserved, open until valid_until (a year when left out). */
export async function createGiftCode(ctx: ApiContext, body: Static<typeof CreateGiftCodeBody>) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    // Inside the work, after the Idempotency-Key's claim: a retry of a code created an hour
    // ago with valid_until half an hour ahead gets its stored answer, not this refusal.
    const now = uow.now;
    const validUntil = body.valid_until ? new Date(body.valid_until) : new Date(now.getTime() + DEFAULT_VALIDITY_DAYS * DAY_MS);
    if (validUntil.getTime() <= now.getTime()) throw errors.parameterInvalid(['valid_until'], 'valid_until must be in the future.');
    if (validUntil.getTime() > now.getTime() + MAX_VALIDITY_DAYS * DAY_MS) {
      throw errors.parameterInvalid(['valid_until'], `valid_until may be at most ${MAX_VALIDITY_DAYS} days ahead.`);
    }
    if (body.project) await requireCompanyProject(uow.ctx, body.project);
    const id = await addGiftCode(ctx, uow, {
      trees: body.trees,
      projectId: body.project ?? null,
      validUntil,
      sentToName: body.sent_to?.name,
      sentToEmail: body.sent_to?.email,
      externalReference: body.external_reference,
    });
    return giftCodeObject(uow, id);
  });
}

/** The most codes one batch of the dashboard makes. */
export const MAX_BATCH_CODES = 1000;
const MAX_TREES_PER_CODE = 100_000;

/** Why the dashboard made no batch or revoked no code, with a stable code the page words in its reader's language. */
export class GiftCodeBatchRefused extends Error {
  constructor(
    readonly code: 'codes_invalid' | 'trees_invalid' | 'valid_until_invalid' | 'valid_until_past' | 'valid_until_too_far' | 'project_unknown'
      | 'no_trees_available' | 'already_created' | 'gift_code_not_found' | 'gift_code_not_open',
    message: string,
    readonly field: 'codes' | 'trees' | 'valid_until' | 'project' | 'form' | 'gift_code',
    /** no_trees_available: the trees unassigned and those asked for; already_created: the batch the form made. */
    readonly detail: { available?: number; wanted?: number; batchId?: string } = {},
  ) {
    super(message);
  }
}

export interface NewGiftCodeBatch {
  codes: number;
  trees: number;
  /** Null: a year from now, as the API's default. */
  validUntil: Date | null;
  projectId: string | null;
  /** The form's own key: a form sent twice makes one batch (already_created names it). */
  formKey: string | null;
}

/**
 * The dashboard's create (issue 26): `codes` gift codes of `trees` each, in one unit of work,
 * by the rules of POST /v2/gift-codes (trees reserved from the oldest unassigned
 * allocations, validity in the future and at most MAX_VALIDITY_DAYS ahead, a project of the
 * company's), written to the audit log in the same transaction. Too few trees for the whole
 * batch refuses it with nothing reserved: the company's unassigned count is checked first,
 * and a project's shortfall, found while reserving, rolls back every code before it.
 */
export async function createGiftCodeBatch(db: Kysely<DB>, actor: Actor, scope: CompanyScope & { publicBaseUrl: string }, input: NewGiftCodeBatch): Promise<{ batchId: string }> {
  if (!Number.isInteger(input.codes) || input.codes < 1 || input.codes > MAX_BATCH_CODES) {
    throw new GiftCodeBatchRefused('codes_invalid', `Make 1 to ${MAX_BATCH_CODES} codes.`, 'codes');
  }
  if (!Number.isInteger(input.trees) || input.trees < 1 || input.trees > MAX_TREES_PER_CODE) {
    throw new GiftCodeBatchRefused('trees_invalid', `Each code holds 1 to ${MAX_TREES_PER_CODE} trees.`, 'trees');
  }
  if (input.validUntil && Number.isNaN(input.validUntil.getTime())) throw new GiftCodeBatchRefused('valid_until_invalid', 'valid_until is not a date.', 'valid_until');
  try {
    return await inUnitOfWork(db, { publicBaseUrl: scope.publicBaseUrl }, async (uow) => {
      const now = uow.now;
      const validUntil = input.validUntil ?? new Date(now.getTime() + DEFAULT_VALIDITY_DAYS * DAY_MS);
      if (validUntil.getTime() <= now.getTime()) throw new GiftCodeBatchRefused('valid_until_past', 'valid_until must be in the future.', 'valid_until');
      if (validUntil.getTime() > now.getTime() + MAX_VALIDITY_DAYS * DAY_MS) {
        throw new GiftCodeBatchRefused('valid_until_too_far', `valid_until may be at most ${MAX_VALIDITY_DAYS} days ahead.`, 'valid_until');
      }
      if (input.formKey) await refuseFormSentBefore(uow.db, scope.companyId, input.formKey);
      if (input.projectId) {
        const ctx = systemReadContext(uow.db, scope.companyId, scope.livemode, scope.publicBaseUrl);
        await requireCompanyProject(ctx, input.projectId).catch((error: unknown) => {
          throw error instanceof CanopyError ? new GiftCodeBatchRefused('project_unknown', `No project ${input.projectId} of the company.`, 'project') : error;
        });
      }
      const wanted = input.codes * input.trees;
      const totals = await uow.db.selectFrom('company_totals').select('trees_unassigned').where('company_id', '=', scope.companyId).where('livemode', '=', scope.livemode).executeTakeFirst();
      const available = Number(totals?.trees_unassigned ?? 0);
      const tooFew = (found: number | null) =>
        new GiftCodeBatchRefused('no_trees_available', `${found === null ? 'Too few' : `Only ${found}`} unassigned trees${input.projectId ? ' in the project' : ''}; ${wanted} were asked for.`, 'trees', { available: found ?? undefined, wanted });
      if (available < wanted) throw tooFew(available);
      const batchId = newId('gift_code_batch');
      await uow.db.insertInto('gift_code_batches').values({
        id: batchId, company_id: scope.companyId, livemode: scope.livemode, codes: input.codes, trees: input.trees, project_id: input.projectId,
        valid_until: validUntil, created_by: actor.userId, form_key: input.formKey, created_at: now,
      }).execute();
      // Only a project's trees can run short here: the company's were counted above.
      await addGiftCodes(scope, uow, { trees: input.trees, projectId: input.projectId, validUntil, batchId }, input.codes).catch((error: unknown) => {
        throw error instanceof CanopyError && error.code === 'no_trees_available' ? tooFew(null) : error;
      });
      await recordChange(uow.db, actor, 'gift_code_batch.created', batchId, {
        livemode: scope.livemode, codes: input.codes, trees: input.trees, valid_until: validUntil.toISOString(), project: input.projectId,
      });
      return { batchId };
    });
  } catch (error) {
    // Two sends of one form at the same moment: the second meets the first's key.
    if (input.formKey && (error as { code?: string }).code === '23505') await refuseFormSentBefore(db, scope.companyId, input.formKey);
    throw error;
  }
}

async function refuseFormSentBefore(db: Db, companyId: string, formKey: string): Promise<void> {
  const made = await db.selectFrom('gift_code_batches').select('id').where('company_id', '=', companyId).where('form_key', '=', formKey).executeTakeFirst();
  if (made) throw new GiftCodeBatchRefused('already_created', 'This form was sent before.', 'form', { batchId: made.id });
}

/**
 * The dashboard's revoke: an open code of the company's (any mode: its id says which),
 * after the person confirmed it; its trees return to the unassigned trees, and the audit
 * log says so in the same transaction.
 */
export async function revokeGiftCodeInDashboard(db: Kysely<DB>, actor: Actor, publicBaseUrl: string, id: string): Promise<GiftCodeRow> {
  return inUnitOfWork(db, { publicBaseUrl }, async (uow) => {
    const row = await uow.db.selectFrom('gift_codes').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId).forUpdate().executeTakeFirst();
    if (!row) throw new GiftCodeBatchRefused('gift_code_not_found', `No such gift code: ${id}.`, 'gift_code');
    const status = giftCodeStatus(row, uow.now);
    if (status !== 'open') throw new GiftCodeBatchRefused('gift_code_not_open', `Gift code ${id} is ${status}.`, 'gift_code');
    await revokeLockedGiftCode(uow, row);
    await recordChange(uow.db, actor, 'gift_code.revoked', id, { livemode: row.livemode, code: row.code, trees: row.trees, batch: row.batch_id });
    return row;
  });
}

/** An open code (locked by the caller) is revoked: its trees return to the unassigned trees. */
export async function revokeLockedGiftCode(uow: UnitOfWork, row: GiftCodeRow): Promise<void> {
  const status = giftCodeStatus(row, uow.now);
  if (status !== 'open') throw notOpen(row.id, status, 'revoked');
  await uow.db.updateTable('gift_codes').set({ status: 'revoked', revoked_at: uow.now, updated_at: uow.now }).where('id', '=', row.id).execute();
  await releaseReservedTrees(uow.db, row.id, uow.now, uow.countUnassigned);
}

/**
 * POST /v2/gift-codes/{id}/revoke: an open code only (409 gift_code_not_open otherwise).
 * With remove_personal_data, its sent_to is erased too; a code that can no longer be
 * claimed (revoked, expired) may be asked that alone. A claimed code's sent_to goes with
 * the recipient who claimed it (DELETE /v2/recipients/{id}).
 */
export async function revokeGiftCode(ctx: ApiContext, id: string, body: Static<typeof RevokeGiftCodeBody>) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    const row = await findGiftCode(uow.ctx, id, { forUpdate: true });
    const status = giftCodeStatus(row, uow.now);
    const eraseOnly = body.remove_personal_data === true && (status === 'revoked' || status === 'expired');
    if (!eraseOnly) await revokeLockedGiftCode(uow, row);
    if (body.remove_personal_data) await eraseGiftCodeSentTo(uow, { id, companyId: ctx.companyId, livemode: ctx.livemode });
    return giftCodeObject(uow, id);
  });
}

/** Who claims a code: what the claim page's form (or the test helper) asks. */
export interface Claimant {
  firstName: string;
  lastName?: string | null;
  email: string;
  language: Language;
}

/**
 * A person claims an open code (locked by the caller): a recipient (source gift_code,
 * claimed_at set) gets the code's reserved trees and its gift certificate at once, so the
 * page can send the person to it; the code is claimed. Events: recipient.created, the
 * allocations changing owner, recipient.claimed, certificate.created. The certificate
 * email follows in live mode (the recipient's issue_certificate job queues it).
 */
export async function claimLockedGiftCode(uow: UnitOfWork, row: GiftCodeRow, claimant: Claimant) {
  const status = giftCodeStatus(row, uow.now);
  if (status !== 'open') throw notOpen(row.id, status, 'claimed');
  const scope = { companyId: row.company_id, livemode: row.livemode };
  const { id: recipientId } = await addRecipient(scope, uow, {
    trees: row.trees,
    projectId: row.project_id,
    firstName: claimant.firstName,
    lastName: claimant.lastName ?? null,
    email: claimant.email,
    language: claimant.language,
    source: 'gift_code',
    sendEmail: true,
    giftCodeId: row.id,
  });
  await uow.db
    .updateTable('gift_codes')
    .set({ status: 'claimed', claimed_at: uow.now, recipient_id: recipientId, updated_at: uow.now })
    .where('id', '=', row.id)
    .execute();
  uow.record({ kind: 'recipient.claimed', recipient_id: recipientId, company_id: row.company_id, livemode: row.livemode });
  const certificateId = await issuePersonalCertificate(uow, recipientId);
  if (!certificateId) throw new Error(`The certificate of recipient ${recipientId} was not issued.`);
  return { recipientId, certificateId };
}

export type ClaimOutcome =
  | { outcome: 'claimed'; recipientId: string; certificateId: string; language: Language }
  | { outcome: 'unknown' }
  | { outcome: 'not_open'; status: GiftCodeStatus; certificateId: string | null };

/**
 * The claim page's claim, by the code as stored (normalized). One transaction: the code is
 * locked first, so of two claims at once exactly one wins and the other finds it claimed.
 */
export async function claimGiftCodeByCode(db: ApiContext['db'], publicBaseUrl: string, code: string, claimant: Claimant): Promise<ClaimOutcome> {
  return inUnitOfWork(db, { publicBaseUrl }, async (uow) => {
    const row = await uow.db.selectFrom('gift_codes').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
    if (!row) return { outcome: 'unknown' as const };
    const status = giftCodeStatus(row, uow.now);
    if (status !== 'open') return { outcome: 'not_open' as const, status, certificateId: await certificateOfClaim(uow, row) };
    const claimed = await claimLockedGiftCode(uow, row, claimant);
    return { outcome: 'claimed' as const, ...claimed, language: claimant.language };
  });
}

/** POST /v2/test_helpers/gift_codes/{id}/claim: a claim as the page makes it, for integrators' tests (test mode only). */
export async function claimGiftCodeForTest(ctx: ApiContext, id: string, body: Static<typeof ClaimGiftCodeBody>) {
  return inRequestUnitOfWork(ctx, {}, async (uow) => {
    const row = await findGiftCode(uow.ctx, id, { forUpdate: true });
    await claimLockedGiftCode(uow, row, { firstName: body.first_name, lastName: body.last_name, email: body.email, language: body.language ?? 'en' });
    return giftCodeObject(uow, id);
  });
}

/** The certificate of the recipient who claimed a code, while it stands. */
async function certificateOfClaim(uow: UnitOfWork, row: GiftCodeRow): Promise<string | null> {
  if (!row.recipient_id) return null;
  const certificate = await uow.db
    .selectFrom('certificates')
    .select('id')
    .where('recipient_id', '=', row.recipient_id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return certificate?.id ?? null;
}

function notOpen(id: string, status: GiftCodeStatus, action: 'claimed' | 'revoked'): CanopyError {
  const why = status === 'claimed' ? (action === 'revoked' ? ' To take its trees back, delete the recipient who claimed it.' : '') : '';
  return new CanopyError('gift_code_not_open', `Gift code ${id} is ${status}; only an open code can be ${action}.${why}`);
}

/** The gift code as GET returns it, read inside the unit of work. */
async function giftCodeObject(uow: RequestUnitOfWork, id: string) {
  const [giftCode] = await presentGiftCodes(uow.ctx, [await findGiftCode(uow.ctx, id)]);
  return giftCode!;
}
