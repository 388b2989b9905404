import type { JobKind } from './job.ts';
import { expireGiftCode } from '../../modules/gift-codes/jobs.ts';
import { forgetRecipientMail } from '../../modules/recipients/jobs.ts';
import { issueCertificate } from '../../modules/certificates/jobs.ts';
import { purgeIdempotencyKeys } from './purge-idempotency-keys.ts';
import { purgeOldEvents } from './purge-old-events.ts';
import { refreshCompanyCertificates } from '../../modules/certificates/jobs.ts';
import { sendCertificateEmail } from '../../modules/certificates/jobs.ts';
import { sendEndpointDisabledEmail } from '../../modules/webhooks/jobs.ts';

/** Every job kind the worker knows, one file each in kinds/. */
export const JOB_KINDS: readonly JobKind[] = [purgeIdempotencyKeys, purgeOldEvents, issueCertificate, refreshCompanyCertificates, sendCertificateEmail, expireGiftCode, sendEndpointDisabledEmail, forgetRecipientMail] as readonly JobKind[];

export type JobKinds = ReadonlyMap<string, JobKind>;

export function jobKindsByName(kinds: readonly JobKind[] = JOB_KINDS): JobKinds {
  return new Map(kinds.map((kind) => [kind.name, kind]));
}
