import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { idString } from '../../core/schema.ts';
import { inUnitOfWork } from '../../events/unit-of-work.ts';
import { issuePersonalCertificate } from '../../modules/certificates/service.ts';
import { defineJob } from '../job.ts';
import { enqueueJob, MAX_ATTEMPTS } from '../queue.ts';
import { sendCertificateEmail } from './send-certificate-email.ts';

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
