import { Type } from '@sinclair/typebox';
import { defineJob, OutsideFailure } from '../../platform/jobs/job.ts';
import { readCopyState, recordFailure, storeCopy } from './copies.ts';
import { DEFAULT_FETCH_LIMITS, type FetchLimits, fetchPhoto, PhotoFetchFailed } from './fetch.ts';
import { NotAPhoto, resizePhoto } from './resize.ts';

/**
 * Attempts at one copy in a round: the first, then the queue's backoff (10, 20 and 40 s,
 * platform/jobs/queue.ts). After the last the copy is `failed` and the job ends; a page
 * showing the photo asks again a day later (copies.ts, requestCopies).
 */
export const PHOTO_ATTEMPTS = 4;

/**
 * Fetches a photo from its source once, resizes it and keeps both sizes (copies.ts).
 * Queued when a page first shows a photo Canopy has no copy of. A copy already stored is
 * left alone, so a job that runs twice fetches nothing the second time. A failure is
 * recorded on the copy and thrown, so that the queue tries again with backoff; the last
 * one marks the copy failed and ends the job without an error: the source's trouble is
 * on the copy's record (`failure`), not Canopy's.
 */
export function copyPhotoJob(limits: FetchLimits = DEFAULT_FETCH_LIMITS) {
  return defineJob({
    name: 'copy_photo',
    payload: Type.Object({ key: Type.String({ pattern: '^[0-9a-f]{32}$' }) }, { additionalProperties: false }),
    async handle(db, { key }, { attempts, allowPrivateFetches = false }) {
      const copy = await readCopyState(db, key);
      if (!copy) return { key, skipped: 'no such copy' };
      if (copy.status === 'stored') return { key, skipped: 'stored already' };
      const started = performance.now();
      try {
        const bytes = await fetchPhoto(copy.sourceUrl, { allowPrivate: allowPrivateFetches }, limits);
        const resized = await resizePhoto(bytes);
        await storeCopy(db, key, resized);
        return {
          key, bytes: bytes.length, width: resized.source.width, height: resized.source.height,
          stored_bytes: resized.phone.bytes.length + resized.desktop.bytes.length, ms: Math.round(performance.now() - started),
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = attempts >= PHOTO_ATTEMPTS;
        await recordFailure(db, key, reason, final);
        if (final) return { key, failed: reason, attempts };
        // The source's failure, not Canopy's: retried, and logged as a warning (platform/jobs/worker.ts).
        if (error instanceof PhotoFetchFailed || error instanceof NotAPhoto) throw new OutsideFailure(reason, { cause: error });
        throw error;
      }
    },
  });
}

export const copyPhoto = copyPhotoJob();
