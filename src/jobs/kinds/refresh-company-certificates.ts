import { Type } from '@sinclair/typebox';
import { inUnitOfWork } from '../../events/unit-of-work.ts';
import { companyCertificatesDue, issueCompanyCertificate } from '../../modules/certificates/service.ts';
import { defineJob } from '../job.ts';

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
