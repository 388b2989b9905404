import { Type } from '@sinclair/typebox';
import { idPattern } from '../../core/ids.ts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { deleteInBatches } from '../../platform/jobs/delete-in-batches.ts';
import { defineJob, type JobKind } from '../../platform/jobs/job.ts';
import { giveUpload, INTERNAL_ERROR } from './upload-giving.ts';

/** A preview never started keeps its rows (names, emails) this long, then they are deleted. */
export const PREVIEW_RETENTION_HOURS = 24;
/** A finished upload's result file (row numbers, external references, outcomes: no names or emails) is kept this long. */
export const RESULT_RETENTION_DAYS = 30;

/**
 * An upload queued or giving this long after it was started, with no job left that would give
 * it (done, or parked after its last attempt), is `failed`: far past a whole run of retries
 * (MAX_ATTEMPTS with their backoff take under two hours).
 */
export const STUCK_UPLOAD_HOURS = 6;

/** Gives the rows of an upload the person started (upload-giving.ts); run again after a crash, it goes on where the last committed chunk ended. */
export const giveRecipientUpload = defineJob({
  name: 'give_recipient_upload',
  payload: Type.Object({ upload_id: Type.String({ pattern: idPattern('recipient_upload') }) }, { additionalProperties: false }),
  handle: (db, payload, { publicBaseUrl }) => giveUpload(db, payload.upload_id, publicBaseUrl),
});

/**
 * Housekeeping: a preview not started within PREVIEW_RETENTION_HOURS expires and its rows
 * go (they hold the names and emails of the file); a finished upload goes with its result
 * file after RESULT_RETENTION_DAYS. The keys of given rows stay (recipient_upload_keys), so
 * that a later upload of the same file still gives nothing twice.
 */
export const purgeRecipientUploads = defineJob({
  name: 'purge_recipient_uploads',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db) {
    const expired = await db.updateTable('recipient_uploads').set({ status: 'expired', finished_at: sql<Date>`now()` })
      .where('status', '=', 'previewed').where('created_at', '<', sql<Date>`now() - make_interval(hours => ${PREVIEW_RETENTION_HOURS})`)
      .returning('id').execute();
    let rowsDeleted = 0;
    for (const { id } of expired) {
      const { deleted } = await deleteInBatches(async (limit) => (await sql`DELETE FROM recipient_upload_rows WHERE upload_id = ${id}
        AND row_number IN (SELECT row_number FROM recipient_upload_rows WHERE upload_id = ${id} LIMIT ${limit})`.execute(db)).numAffectedRows ?? 0n);
      rowsDeleted += deleted;
    }
    const failed = await failStuckUploads(db);
    const finished = await db.deleteFrom('recipient_uploads')
      .where('status', 'in', ['done', 'partial', 'refused', 'failed', 'expired']).where('finished_at', '<', sql<Date>`now() - make_interval(days => ${RESULT_RETENTION_DAYS})`)
      .executeTakeFirst();
    return { expired: expired.length, rows_deleted: rowsDeleted, failed, uploads_deleted: Number(finished.numDeletedRows) };
  },
});

/**
 * Uploads whose job will not come back (stuck: STUCK_UPLOAD_HOURS): `failed`, their rows not
 * given refused internal_error and their bodies (names, emails) cleared, so that their page
 * stops refreshing and their personal data goes. Returns how many.
 */
async function failStuckUploads(db: Kysely<DB>): Promise<number> {
  const stuck = await db.updateTable('recipient_uploads').set({ status: 'failed', finished_at: sql<Date>`now()` })
    .where('status', 'in', ['queued', 'giving']).where('started_at', '<', sql<Date>`now() - make_interval(hours => ${STUCK_UPLOAD_HOURS})`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('jobs').select(sql`1`.as('one'))
      .where('kind', '=', giveRecipientUpload.name).where(sql`payload ->> 'upload_id'`, '=', sql.ref('recipient_uploads.id'))
      .where('run_at', '<', sql<Date>`'infinity'::timestamptz`))))
    .returning('id').execute();
  for (const { id } of stuck) {
    const refused = await db.updateTable('recipient_upload_rows').set({ outcome: 'refused', input: null, problems: JSON.stringify([INTERNAL_ERROR]) })
      .where('upload_id', '=', id).where('outcome', 'is', null).executeTakeFirst();
    await db.updateTable('recipient_uploads').set((eb) => ({ rows_refused: eb('rows_refused', '+', Number(refused.numUpdatedRows)) })).where('id', '=', id).execute();
  }
  return stuck.length;
}

/** The job kinds of CSV uploads (issue 26); purgeRecipientUploads is housekeeping (index.ts). */
export const UPLOAD_JOBS: readonly JobKind[] = [giveRecipientUpload, purgeRecipientUploads];
