import type { JobKind } from './job.ts';
import { expireGiftCode } from './kinds/expire-gift-code.ts';
import { forgetRecipientMail } from './kinds/forget-recipient-mail.ts';
import { issueCertificate } from './kinds/issue-certificate.ts';
import { purgeIdempotencyKeys } from './kinds/purge-idempotency-keys.ts';
import { purgeOldEvents } from './kinds/purge-old-events.ts';
import { refreshCompanyCertificates } from './kinds/refresh-company-certificates.ts';
import { sendCertificateEmail } from './kinds/send-certificate-email.ts';
import { sendEndpointDisabledEmail } from './kinds/send-endpoint-disabled-email.ts';

/** Every job kind the worker knows, one file each in kinds/. */
export const JOB_KINDS: readonly JobKind[] = [purgeIdempotencyKeys, purgeOldEvents, issueCertificate, refreshCompanyCertificates, sendCertificateEmail, expireGiftCode, sendEndpointDisabledEmail, forgetRecipientMail] as readonly JobKind[];

export type JobKinds = ReadonlyMap<string, JobKind>;

export function jobKindsByName(kinds: readonly JobKind[] = JOB_KINDS): JobKinds {
  return new Map(kinds.map((kind) => [kind.name, kind]));
}
