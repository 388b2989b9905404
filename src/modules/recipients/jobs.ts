import { Type } from '@sinclair/typebox';
import { idString } from '../../core/schema.ts';
import { defineJob } from '../../platform/jobs/job.ts';

/**
 * Removes what the mailer kept of a deleted recipient's email (the .eml files of the
 * embedded outbox, which hold the names and the certificate PDF). Queued by the erasure in
 * the delete's transaction, so it runs once the delete has committed, on a worker, which
 * is the process that writes the outbox.
 */
export const forgetRecipientMail = defineJob({
  name: 'forget_recipient_mail',
  payload: Type.Object({ recipient_id: idString('recipient') }, { additionalProperties: false }),
  async handle(_db, payload, { mailer }) {
    return { recipient_id: payload.recipient_id, removed: await mailer.forget(payload.recipient_id) };
  },
});
