import { sql } from 'kysely';
import { type ErasedObject, type ErasureScope, scrubStoredCopies } from '../../platform/events/erasure.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { forgetRecipientMail } from './jobs.ts';
import { issueCertificate } from '../certificates/jobs.ts';
import { sendCertificateEmail } from '../certificates/jobs.ts';
import { jobInsert } from '../../platform/jobs/queue.ts';

/**
 * What a recipient's erasure empties: the person's names and email, the message printed
 * for them, and the caller's reference, which is often a customer number or an address
 * (docs/decisions.md, "Where personal data is stored and what erasure does").
 */
export const ERASED_RECIPIENT_FIELDS = ['first_name', 'last_name', 'email', 'message', 'external_reference'] as const;

/** A recipient object once erased: its personal fields null, and marked deleted as Stripe marks deleted objects. */
function erasedRecipient(id: string): ErasedObject {
  return {
    id,
    scrub(object) {
      const copy = { ...object };
      for (const field of ERASED_RECIPIENT_FIELDS) if (field in copy) copy[field] = null;
      copy.deleted = true;
      return copy;
    },
  };
}

/**
 * Erases a recipient's personal data everywhere Canopy stored it, in the delete's
 * transaction: its row, the `sent_to` of the gift code it claimed, every event and stored
 * Idempotency-Key response that copied it (scrubbed in place: webhooks queued or
 * redelivered later send the scrubbed event), and its queued certificate and email jobs,
 * which would have nothing left to say. The email the embedded outbox kept of it is removed
 * by a job once the delete commits (forget_recipient_mail). The certificate is withdrawn
 * by the caller. The rows of CSV uploads that name the recipient (given, skipped or refused
 * as holding its external_reference) lose their reference and body; their keyed hash in
 * recipient_upload_keys stays, holding nothing in clear, so that uploading an old file again
 * does not give the deleted person again. Nothing is sent with the person's data once this commits; a webhook
 * attempt or an email already on its way may finish.
 */
export async function eraseRecipient(uow: UnitOfWork, recipient: { id: string } & ErasureScope): Promise<void> {
  const { db, now } = uow;
  const erasedFields = Object.fromEntries(ERASED_RECIPIENT_FIELDS.map((field) => [field, null]));
  await db.updateTable('recipients').set({ ...erasedFields, send_email: false, updated_at: now }).where('id', '=', recipient.id).execute();

  // On recipient_upload_rows_recipient (migration 0034): the result file keeps the row's outcome, not who it was.
  await db.updateTable('recipient_upload_rows').set({ external_reference: null, input: null }).where('recipient_id', '=', recipient.id).execute();

  // Who the code was handed to is most likely the person who claimed it.
  const claimed = await eraseSentToOf(uow, { recipientId: recipient.id });
  await scrubStoredCopies(db, recipient, [erasedRecipient(recipient.id), ...claimed.map(erasedGiftCode)]);

  // Not those a worker holds now: it finds the recipient deleted and does nothing, or its email is already on its way.
  await sql`DELETE FROM jobs WHERE (payload ->> 'recipient_id') = ${recipient.id}
      AND kind IN (${issueCertificate.name}, ${sendCertificateEmail.name}) AND (locked_until IS NULL OR locked_until < now())`.execute(db);
  uow.atEnd({ query: jobInsert(forgetRecipientMail, { recipient_id: recipient.id }) });
}

/** A gift code object once its `sent_to` is erased: who it was handed to is gone, the code stays. */
function erasedGiftCode(id: string): ErasedObject {
  return {
    id,
    scrub(object) {
      return 'sent_to' in object ? { ...object, sent_to: { name: null, email: null } } : object;
    },
  };
}

/** Empties `sent_to` of a gift code, or of the code a recipient claimed; returns the codes changed. */
async function eraseSentToOf(uow: UnitOfWork, which: { giftCodeId: string } | { recipientId: string }): Promise<string[]> {
  const update = uow.db.updateTable('gift_codes').set({ sent_to_name: null, sent_to_email: null, updated_at: uow.now });
  const rows = await ('giftCodeId' in which ? update.where('id', '=', which.giftCodeId) : update.where('recipient_id', '=', which.recipientId)).returning('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Erases who a gift code was handed to (`sent_to`), on the code and in its stored
 * responses: a revoke with `remove_personal_data`. Here with the recipient's erasure,
 * which does the same for the code a person claimed: `sent_to` is personal data of the
 * person the code was for.
 */
export async function eraseGiftCodeSentTo(uow: UnitOfWork, giftCode: { id: string } & ErasureScope): Promise<void> {
  await eraseSentToOf(uow, { giftCodeId: giftCode.id });
  await scrubStoredCopies(uow.db, giftCode, [erasedGiftCode(giftCode.id)]);
}
