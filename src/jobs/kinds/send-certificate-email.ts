import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Language } from '../../core/i18n.ts';
import { idString } from '../../core/schema.ts';
import { certificateEmail } from '../../mail/certificate-email.ts';
import { countEmail } from '../../observability/counters.ts';
import { certificatePdf } from '../../public/certificates/pdf.ts';
import { lookUpCertificate } from '../../public/certificates/view.ts';
import { defineJob } from '../job.ts';

/**
 * Emails a recipient their certificate, once (spec section 4, send_email). Queued when the
 * certificate is issued; live mode only. A failure throws, so the worker retries it with
 * backoff and, after its last attempt, keeps the job with its error for the operator.
 * `email_sent_at` is set when the SMTP server accepted the message.
 */
async function isDeleted(db: Kysely<DB>, recipientId: string): Promise<boolean> {
  const row = await db.selectFrom('recipients').select('deleted_at').where('id', '=', recipientId).executeTakeFirst();
  return !row || row.deleted_at !== null;
}

export const sendCertificateEmail = defineJob({
  name: 'send_certificate_email',
  payload: Type.Object({ recipient_id: idString('recipient') }, { additionalProperties: false }),
  async handle(db, payload, { publicBaseUrl, secretKey, mailer }) {
    const recipient = await db
      .selectFrom('recipients')
      .select(['id', 'livemode', 'email', 'first_name', 'language', 'send_email', 'email_sent_at', 'certificate_id', 'deleted_at'])
      .where('id', '=', payload.recipient_id)
      .executeTakeFirst();
    const skip = !recipient ? 'no such recipient' : recipient.deleted_at ? 'deleted' : !recipient.livemode ? 'test mode never emails'
      : !recipient.send_email || !recipient.email ? 'no email asked' : recipient.email_sent_at ? 'already sent' : !recipient.certificate_id ? 'no certificate yet' : null;
    if (skip || !recipient?.email || !recipient.certificate_id) return { skipped: skip };

    const found = await lookUpCertificate(db, { publicBaseUrl, secretKey }, recipient.certificate_id, recipient.language as Language);
    if (found.found !== 'certificate') return { skipped: 'certificate withdrawn' };
    const pdf = await certificatePdf(found.view);
    const message = { ...certificateEmail(found.view, { email: recipient.email, firstName: recipient.first_name }, pdf), about: recipient.id };
    const sent = await countEmail('certificate', mailer.send(message));
    const marked = await db.updateTable('recipients').set({ email_sent_at: new Date() })
      .where('id', '=', recipient.id).where('email_sent_at', 'is', null).where('deleted_at', 'is', null).executeTakeFirst();
    // Deleted while the message was being written: its erasure may have looked at the outbox
    // before this file was there, so the copy goes now (an SMTP server has it already: in flight).
    if (marked.numUpdatedRows === 0n && (await isDeleted(db, recipient.id))) await mailer.forget(recipient.id);
    return { recipient_id: recipient.id, via: sent.via, location: sent.location };
  },
});
