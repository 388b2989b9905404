import type { JobKind } from './job.ts';
import { purgeIdempotencyKeys } from './kinds/purge-idempotency-keys.ts';
import { purgeOldEvents } from './kinds/purge-old-events.ts';

/** Every job kind the worker knows, one file each in kinds/. */
export const JOB_KINDS: readonly JobKind[] = [purgeIdempotencyKeys, purgeOldEvents];

export type JobKinds = ReadonlyMap<string, JobKind>;

export function jobKindsByName(kinds: readonly JobKind[] = JOB_KINDS): JobKinds {
  return new Map(kinds.map((kind) => [kind.name, kind]));
}
