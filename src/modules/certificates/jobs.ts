import { Type } from '@sinclair/typebox';
import { type Kysely, sql } from 'kysely';
import { idString } from '../../core/schema.ts';
import { inUnitOfWork } from '../../platform/events/unit-of-work.ts';
import { companyCertificatesDue, issueCompanyCertificate, issuePersonalCertificate } from './service.ts';
import { defineJob } from '../../platform/jobs/job.ts';
import { enqueueJob, MAX_ATTEMPTS } from '../../platform/jobs/queue.ts';
import type { DB } from '../../db/schema.ts';
import type { Language } from '../../core/i18n.ts';
import { certificateEmail } from './email.ts';
import { certificateIssuer } from './issuer.ts';
import { countEmail } from '../../platform/counters.ts';
import { certificatePdf } from './pdf.ts';
import { lookUpCertificate, pdfLogoOf } from './view.ts';

/**
 * Issues (or reissues) a recipient's certificate: queued with the write that creates or
 * changes the recipient. A live recipient who asked for it and has not had it yet is then
 * emailed the certificate, by a job queued in the same transaction, unless one is queued
 * already: that one sends the certificate as it is when it runs. Two email jobs for one
 * recipient could run at once in two workers and both send (each checks email_sent_at
 * before sending). The check is safe against a concurrent issue: issuing locks the
 * recipient's row first, so the second waits and then sees the first's job.
 */
export const issueCertificate = defineJob({
  name: 'issue_certificate',
  payload: Type.Object({ recipient_id: idString('recipient') }, { additionalProperties: false }),
  async handle(db, payload, { publicBaseUrl }) {
    const certificateId = await inUnitOfWork(db, { publicBaseUrl }, async (uow) => {
      const issued = await issuePersonalCertificate(uow, payload.recipient_id);
      const wantsEmail = await uow.db
        .selectFrom('recipients')
        .select('id')
        .where('id', '=', payload.recipient_id)
        .where('livemode', '=', true)
        .where('send_email', '=', true)
        .where('email', 'is not', null)
        .where('email_sent_at', 'is', null)
        .where(({ exists, not, selectFrom }) => not(exists(
          selectFrom('jobs').select('id').where('kind', '=', sendCertificateEmail.name)
            .where(sql<string>`payload->>'recipient_id'`, '=', payload.recipient_id).where('attempts', '<', MAX_ATTEMPTS),
        )))
        .executeTakeFirst();
      if (issued && wantsEmail) await enqueueJob(uow.db, sendCertificateEmail, { recipient_id: payload.recipient_id });
      return issued;
    });
    return { recipient_id: payload.recipient_id, certificate_id: certificateId };
  },
});

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
    const pdf = await certificatePdf(found.view, { logoImage: await pdfLogoOf(db, found.view) });
    const issuer = (await certificateIssuer(db, publicBaseUrl, recipient.certificate_id))!;
    const message = { ...certificateEmail(found.view, { email: recipient.email, firstName: recipient.first_name }, pdf, issuer), about: recipient.id };
    const sent = await countEmail('certificate', mailer.send(message));
    const marked = await db.updateTable('recipients').set({ email_sent_at: new Date() })
      .where('id', '=', recipient.id).where('email_sent_at', 'is', null).where('deleted_at', 'is', null).executeTakeFirst();
    // Deleted while the message was being written: its erasure may have looked at the outbox
    // before this file was there, so the copy goes now (an SMTP server has it already: in flight).
    if (marked.numUpdatedRows === 0n && (await isDeleted(db, recipient.id))) await mailer.forget(recipient.id);
    return { recipient_id: recipient.id, via: sent.via, location: sent.location };
  },
});

/**
 * Issues the company certificate of every company and mode that has trees but none yet,
 * and reissues it where the trees changed. Part of the hourly housekeeping, so a
 * company's certificate follows its trees within an hour, at most once an hour.
 */
export const refreshCompanyCertificates = defineJob({
  name: 'refresh_company_certificates',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db, _payload, { publicBaseUrl }) {
    let issued = 0;
    for (const { company_id, livemode } of await companyCertificatesDue(db)) {
      if (await inUnitOfWork(db, { publicBaseUrl }, (uow) => issueCompanyCertificate(uow, company_id, livemode))) issued++;
    }
    return { issued };
  },
});
