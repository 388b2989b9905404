import { Type } from '@sinclair/typebox';
import { idString } from '../../core/schema.ts';
import { inUnitOfWork } from '../../events/unit-of-work.ts';
import { issuePersonalCertificate } from '../../modules/certificates/service.ts';
import { defineJob } from '../job.ts';

/** Issues (or reissues) a recipient's certificate: queued with the write that creates or changes the recipient. */
export const issueCertificate = defineJob({
  name: 'issue_certificate',
  payload: Type.Object({ recipient_id: idString('recipient') }, { additionalProperties: false }),
  async handle(db, payload, { publicBaseUrl }) {
    const certificateId = await inUnitOfWork(db, { publicBaseUrl }, (uow) => issuePersonalCertificate(uow, payload.recipient_id));
    return { recipient_id: payload.recipient_id, certificate_id: certificateId };
  },
});
