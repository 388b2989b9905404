import { Type } from '@sinclair/typebox';
import { idPattern } from '../../core/ids.ts';
import { sql } from 'kysely';
import { deleteInBatches } from '../../platform/jobs/delete-in-batches.ts';
import { defineJob, type JobKind } from '../../platform/jobs/job.ts';
import { giveUpload } from './upload-giving.ts';

/** A preview never started keeps its rows (names, emails) this long, then they are deleted. */
export const PREVIEW_RETENTION_HOURS = 24;
/** A finished upload's result file (row numbers, external references, outcomes: no names or emails) is kept this long. */
export const RESULT_RETENTION_DAYS = 30;

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
    const finished = await db.deleteFrom('recipient_uploads')
      .where('status', 'in', ['done', 'refused', 'expired']).where('finished_at', '<', sql<Date>`now() - make_interval(days => ${RESULT_RETENTION_DAYS})`)
      .executeTakeFirst();
    return { expired: expired.length, rows_deleted: rowsDeleted, uploads_deleted: Number(finished.numDeletedRows) };
  },
});

/** The job kinds of CSV uploads (issue 26); purgeRecipientUploads is housekeeping (index.ts). */
export const UPLOAD_JOBS: readonly JobKind[] = [giveRecipientUpload, purgeRecipientUploads];
