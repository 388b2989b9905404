import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import { CanopyError, errors } from '../../core/errors.ts';
import type { Language } from '../../core/i18n.ts';
import { newId } from '../../core/ids.ts';
import type { AllocationRow } from '../../domain/allocations.ts';
import { type AssignedTrees, assignTrees, giveReservedTrees, releaseTrees } from '../../domain/assignment.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { issueCertificate, sendCertificateEmail } from '../certificates/jobs.ts';
import { enqueueJob, jobInsert, MAX_ATTEMPTS } from '../../platform/jobs/queue.ts';
import { withdrawPersonalCertificate } from '../certificates/service.ts';
import { requireCompanyProject } from '../projects/queries.ts';
import { inRecipientWork, type RecipientContext, type RecipientWork, requireFormNotSent } from './context.ts';
import { eraseRecipient } from './erasure.ts';
import { forReader, presentRecipients, type RecipientObject, recipientObject } from './present.ts';
import { findRecipient, type RecipientRow } from './queries.ts';
import type { CreateRecipientBody, UpdateRecipientBody } from './schemas.ts';

/** Whose recipient: a company in one mode. An API request's context is one; so is a foundation operation's company. */
export interface CompanyScope {
  companyId: string;
  livemode: boolean;
}

export interface NewRecipient {
  trees: number;
  /** Take the trees from this project only. */
  projectId: string | null;
  /** How the caller names that project in errors (the foundation's ref); the id when left out. */
  projectName?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  language?: Language;
  externalReference?: string | null;
  message?: string | null;
  source: 'api' | 'dashboard' | 'gift_code' | 'foundation' | 'legacy';
  /** The foundation's reference, for a recipient the foundation created. */
  foundationRef?: string | null;
  sendEmail?: boolean;
  /** A person claiming this gift code: its reserved trees become the recipient's, and claimed_at is set. */
  giftCodeId?: string;
}

/** A recipient just made: its row and the allocations now holding its trees. */
export interface AddedRecipient {
  id: string;
  row: RecipientRow;
  allocations: AllocationRow[];
  /** The recipient as GET shows it, when the work knows it whole (trees from the unassigned ones, not a gift code's). */
  object: RecipientObject | null;
}

/**
 * Creates a recipient of the company and gives it trees from the company's unassigned
 * trees, oldest allocation first (spec section 4, POST /recipients), or the trees a gift
 * code reserved when a person claims it, in the unit of work: `recipient.created` and the
 * allocation events are recorded. Refuses with `external_reference_taken` or
 * `no_trees_available`, changing nothing.
 */
export async function addRecipient(scope: CompanyScope, uow: UnitOfWork, input: NewRecipient): Promise<AddedRecipient> {
  const { db, now } = uow;
  const row: RecipientRow = {
    id: newId('recipient'),
    company_id: scope.companyId,
    livemode: scope.livemode,
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    email: input.email ?? null,
    language: input.language ?? 'en',
    external_reference: input.externalReference ?? null,
    trees: input.trees,
    project_id: input.projectId,
    message: input.message ?? null,
    source: input.source,
    certificate_id: null,
    foundation_ref: input.foundationRef ?? null,
    send_email: input.sendEmail ?? false,
    email_sent_at: null,
    claimed_at: input.giftCodeId ? now : null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
  const { id } = row;
  const insert = insertRecipient(row);
  let assigned: Pick<AssignedTrees, 'parts' | 'changes' | 'touched'> | null;
  if (input.giftCodeId) {
    const inserted = (await insert.execute(db)).rows.length > 0;
    assigned = inserted ? { ...(await giveReservedTrees(db, input.giftCodeId, id, now)), touched: [] } : null;
  } else {
    const trees = await assignTrees(db, {
      companyId: scope.companyId,
      livemode: scope.livemode,
      trees: input.trees,
      projectId: input.projectId,
      projectName: input.projectName,
      recipientId: id,
      now,
      countUnassigned: uow.countUnassigned,
      waitForLocked: uow.waitForLockedTrees,
      // In the statement that takes the trees: a round trip less for every create.
      insertOwner: insert,
    });
    assigned = trees.ownerInserted ? trees : null;
  }
  if (!assigned) {
    await ensureExternalReferenceFree(scope, uow, input.externalReference!);
    // Its holder was deleted in the meantime: still refused now, free on a retry.
    throw new CanopyError('external_reference_taken', `Another recipient had external_reference "${input.externalReference}" a moment ago; retry.`, ['external_reference']);
  }
  uow.addToTotals(scope.companyId, scope.livemode, { recipients: 1 });
  uow.record({ kind: 'recipient.created', recipient_id: id, company_id: scope.companyId, livemode: scope.livemode }, ...assigned.changes);
  // Its certificate is generated right after, by the worker (certificate.created); the job
  // is queued with the work's last events.
  uow.atEnd({ query: jobInsert(issueCertificate, { recipient_id: id }) });
  let object: RecipientObject | null = null;
  if (!input.giftCodeId) {
    // Known whole without reading it back, while nothing later in the work changes them
    // (UnitOfWork.knowFinal): no certificate yet, no gift code, and the allocations just
    // assigned (oldest first, as GET lists them), as their rows now stand.
    object = recipientObject(row, { allocations: oldestFirst(assigned.parts).map((part) => part.id), certificate: null, giftCode: null });
    uow.knowFinal(id, object);
    for (const allocation of assigned.touched) uow.knowFinal(allocation.id, allocation);
  }
  return { id, row, allocations: assigned.parts, object };
}

/**
 * Inserts the recipient unless a live recipient holds its external_reference already
 * (perhaps committed by a request running at the same moment): then it inserts nothing, and
 * the caller says who. Written out rather than built: it rides in the statement that takes
 * the recipient's trees (assignTrees), on every create.
 */
function insertRecipient(row: RecipientRow) {
  return sql`INSERT INTO recipients (id, company_id, livemode, first_name, last_name, email, language, external_reference, trees, project_id,
      message, source, certificate_id, foundation_ref, send_email, email_sent_at, claimed_at, deleted_at, created_at, updated_at)
    VALUES (${row.id}, ${row.company_id}, ${row.livemode}, ${row.first_name}, ${row.last_name}, ${row.email}, ${row.language}, ${row.external_reference},
      ${row.trees}, ${row.project_id}, ${row.message}, ${row.source}, ${row.certificate_id}, ${row.foundation_ref}, ${row.send_email}, ${row.email_sent_at},
      ${row.claimed_at}, ${row.deleted_at}, ${row.created_at}, ${row.updated_at})
    ON CONFLICT (company_id, livemode, external_reference) WHERE deleted_at IS NULL AND external_reference IS NOT NULL DO NOTHING
    RETURNING id`;
}

type CreateBody = Static<typeof CreateRecipientBody>;
type UpdateBody = Static<typeof UpdateRecipientBody>;

/**
 * POST /v2/recipients, and the dashboard's form (source `dashboard` when a person acts,
 * `ctx.actor`): a recipient with trees, its certificate to follow (certificate: null in
 * the answer). `formKey`, the dashboard form's own random key, makes a form sent twice give once.
 */
export async function createRecipient(ctx: RecipientContext, body: CreateBody, options: { formKey?: string } = {}) {
  if (body.send_email && !body.email) throw errors.parameterMissing(['email'], 'send_email is true, so the email to send the certificate to is needed.');
  return inRecipientWork(ctx, async (uow) => {
    if (options.formKey) await requireFormNotSent(uow, options.formKey);
    if (body.project) await requireCompanyProject(uow.ctx, body.project);
    const added = await addRecipient(ctx, uow, {
      trees: body.trees,
      projectId: body.project ?? null,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      language: body.language,
      externalReference: body.external_reference,
      message: body.message,
      source: ctx.actor ? 'dashboard' : 'api',
      sendEmail: body.send_email,
    });
    if (!added.object) throw new Error('A recipient given unassigned trees is known whole when added.');
    const recipient = added.object;
    return forReader(ctx, recipient);
  }, (recipient) => ({
    action: 'recipient.created', target: recipient.id,
    details: { trees: recipient.trees, project: recipient.project, send_email: recipient.send_email, ...(options.formKey ? { form_key: options.formKey } : {}) },
  }));
}

/**
 * The order GET lists a recipient's allocations in (certificates/queries.ts,
 * allocationIdsByRecipient): allocated_at, then the donation, then id, the ids compared by
 * code unit as the database's "C" collation compares them there.
 */
function oldestFirst(rows: readonly AllocationRow[]): AllocationRow[] {
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) =>
    a.allocated_at.getTime() - b.allocated_at.getTime() || byCodeUnit(a.split_from_id ?? a.id, b.split_from_id ?? b.id) || byCodeUnit(a.id, b.id));
}

/** The fields the certificate prints: changing one reissues it. */
const PRINTED_FIELDS = ['first_name', 'last_name', 'language', 'message'] as const;

/**
 * PATCH /v2/recipients/{id}: only the given fields change. Trees and project are fixed
 * at creation. A change to what the certificate prints reissues it (certificate.created).
 */
export async function updateRecipient(ctx: RecipientContext, id: string, body: UpdateBody) {
  for (const fixed of ['trees', 'project'] as const) {
    if (body[fixed] !== undefined) throw errors.parameterInvalid([fixed], `${fixed} cannot be changed after a recipient is created; delete the recipient and create another.`);
  }
  let changed: string[] = [];
  return inRecipientWork(ctx, async (uow) => {
    const current = await lockedRecipient(uow, id);
    const email = body.email === undefined ? current.email : body.email;
    const sendEmail = body.send_email ?? current.send_email;
    if (sendEmail && !email) throw errors.parameterMissing(['email'], 'send_email is true, so the email to send the certificate to is needed.');
    const next = {
      first_name: body.first_name === undefined ? current.first_name : body.first_name,
      last_name: body.last_name === undefined ? current.last_name : body.last_name,
      email,
      language: body.language ?? current.language,
      external_reference: body.external_reference === undefined ? current.external_reference : body.external_reference,
      message: body.message === undefined ? current.message : body.message,
      send_email: sendEmail,
    };
    if (next.external_reference && next.external_reference !== current.external_reference) await ensureExternalReferenceFree(ctx, uow, next.external_reference);
    changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== current[field]);
    if (changed.length > 0) {
      await uow.db.updateTable('recipients').set({ ...next, updated_at: uow.now }).where('id', '=', id).execute();
      if (changed.some((field) => (PRINTED_FIELDS as readonly string[]).includes(field))) await enqueueJob(uow.db, issueCertificate, { recipient_id: id });
    }
    return readRecipient(uow, id);
  }, () => (changed.length > 0 ? { action: 'recipient.updated', target: id, details: { fields: changed } } : null));
}

/**
 * DELETE /v2/recipients/{id}: the personal data goes from everywhere it was stored
 * (eraseRecipient), the certificate is withdrawn (its public page then says so), the
 * trees return to the unassigned trees, and the external_reference is free again.
 * Answered as Stripe does: `{id, object, deleted: true}`.
 */
export async function deleteRecipient(ctx: RecipientContext, id: string) {
  let trees = 0;
  return inRecipientWork(ctx, async (uow) => {
    trees = (await lockedRecipient(uow, id)).trees;
    uow.record(...(await releaseTrees(uow.db, id, uow.now, uow.countUnassigned)));
    await withdrawPersonalCertificate(uow, id);
    await eraseRecipient(uow, { id, companyId: ctx.companyId, livemode: ctx.livemode });
    await uow.db.updateTable('recipients').set({ certificate_id: null, deleted_at: uow.now, updated_at: uow.now }).where('id', '=', id).execute();
    uow.addToTotals(ctx.companyId, ctx.livemode, { recipients: -1 });
    return { id, object: 'recipient' as const, deleted: true as const };
  }, () => ({ action: 'recipient.deleted', target: id, details: { trees } }));
}

/** Why the certificate email cannot be sent again now (the dashboard words each). */
export type ResendRefusal = 'test_mode' | 'no_email' | 'no_certificate' | 'already_queued';

export class ResendRefused extends Error {
  constructor(readonly reason: ResendRefusal) {
    super(`The certificate email cannot be sent again: ${reason}.`);
  }
}

/**
 * Sends the recipient's certificate email again (the dashboard's "resend"): the email job
 * sends once per email_sent_at, so that is cleared and send_email set, and the job queued
 * in the same transaction, unless one is queued already (it sends the certificate as it is
 * when it runs). Live mode only: test recipients are never emailed.
 */
export async function resendCertificateEmail(ctx: RecipientContext, id: string) {
  return inRecipientWork(ctx, async (uow) => {
    const current = await lockedRecipient(uow, id);
    if (!current.livemode) throw new ResendRefused('test_mode');
    if (!current.email) throw new ResendRefused('no_email');
    if (!current.certificate_id) throw new ResendRefused('no_certificate');
    const queued = await uow.db.selectFrom('jobs').select('id').where('kind', '=', sendCertificateEmail.name)
      .where(sql<string>`payload->>'recipient_id'`, '=', id).where('attempts', '<', MAX_ATTEMPTS).executeTakeFirst();
    if (queued) throw new ResendRefused('already_queued');
    await uow.db.updateTable('recipients').set({ send_email: true, email_sent_at: null, updated_at: uow.now }).where('id', '=', id).execute();
    await enqueueJob(uow.db, sendCertificateEmail, { recipient_id: id });
    return { id, previouslySentAt: current.email_sent_at };
  }, (result) => ({ action: 'recipient.email_resent', target: id, details: { previously_sent_at: result.previouslySentAt?.toISOString() ?? null } }));
}

function lockedRecipient(uow: RecipientWork, id: string) {
  return findRecipient(uow.ctx, id, { forUpdate: true });
}

async function ensureExternalReferenceFree(scope: CompanyScope, uow: UnitOfWork, externalReference: string): Promise<void> {
  const taken = await uow.db
    .selectFrom('recipients')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .where('livemode', '=', scope.livemode)
    .where('external_reference', '=', externalReference)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (taken) {
    throw new CanopyError('external_reference_taken', `Recipient ${taken.id} already has external_reference "${externalReference}".`, ['external_reference']);
  }
}

/** The recipient as GET returns it, read inside the unit of work. */
async function readRecipient(uow: RecipientWork, id: string) {
  const [recipient] = await presentRecipients(uow.ctx, [await findRecipient(uow.ctx, id)]);
  return recipient!;
}
