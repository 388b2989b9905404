import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordChange } from '../../platform/dashboard/audit.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { giveRecipientUpload } from './upload-jobs.ts';

/**
 * The verbs and reads of the upload pages: an upload of the company (any other is none),
 * starting one (the person's choice for too few trees, the job queued and the audit log
 * written in one transaction), and its rows for the preview, the progress and the result file.
 */

export type WhenShort = 'refuse_upload' | 'give_until_out';
export const isWhenShort = (value: unknown): value is WhenShort => value === 'refuse_upload' || value === 'give_until_out';

export type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

/** One upload of the company's, or undefined (another company's is none). */
export function findUpload(db: Kysely<DB>, companyId: string, id: string) {
  return db.selectFrom('recipient_uploads').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

/** The company's latest uploads, newest first. */
export function recentUploads(db: Kysely<DB>, companyId: string, limit = 10) {
  return db.selectFrom('recipient_uploads').selectAll().where('company_id', '=', companyId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Rows of an upload with a given outcome, in order (the preview's problems, its skipped rows). */
export function rowsWithOutcome(db: Kysely<DB>, uploadId: string, outcome: 'refused' | 'skipped', limit: number) {
  return db.selectFrom('recipient_upload_rows').select(['row_number', 'external_reference', 'recipient_id', 'problems'])
    .where('upload_id', '=', uploadId).where('outcome', '=', outcome).orderBy('row_number').limit(limit).execute();
}

/** Every row of an upload, in order, for its result file: no names or emails (they are not read). */
export function resultRows(db: Kysely<DB>, uploadId: string) {
  return db.selectFrom('recipient_upload_rows').select(['row_number', 'external_reference', 'outcome', 'recipient_id', 'problems'])
    .where('upload_id', '=', uploadId).orderBy('row_number').execute();
}

/** How many of an upload's rows the job refused for too few trees (on the upload's rows: at most 10,000). */
export async function rowsRefusedForTrees(db: Kysely<DB>, uploadId: string): Promise<number> {
  const row = await db.selectFrom('recipient_upload_rows').select(sql<number>`count(*)::int`.as('rows'))
    .where('upload_id', '=', uploadId).where('outcome', '=', 'refused')
    .where(sql<boolean>`problems @> '[{"code": "no_trees_available"}]'::jsonb`).executeTakeFirst();
  return Number(row?.rows ?? 0);
}

/**
 * The person chose to give the upload's rows: it is queued for the worker with their
 * choice for too few trees. A second send of the form (a double click) finds it queued
 * already and changes nothing. False when the upload is not a preview any more.
 */
export async function startUpload(db: Kysely<DB>, actor: Actor, uploadId: string, whenShort: WhenShort): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const upload = await trx.selectFrom('recipient_uploads').selectAll().where('id', '=', uploadId).where('company_id', '=', actor.companyId)
      .forUpdate().executeTakeFirst();
    if (upload?.status !== 'previewed') return false;
    await trx.updateTable('recipient_uploads').set({ status: 'queued', when_short: whenShort, started_at: new Date() }).where('id', '=', uploadId).execute();
    await enqueueJob(trx, giveRecipientUpload, { upload_id: uploadId });
    await recordChange(trx, actor, 'recipient_upload.started', uploadId, {
      livemode: upload.livemode, rows: upload.rows_total, rows_to_give: upload.rows_total - upload.rows_invalid - upload.rows_skipped,
      trees: upload.trees_to_give, when_short: whenShort,
    });
    return true;
  });
}

/** The job's progress: rows with an outcome out of the rows it gives. */
export function progressOf(upload: UploadRow): { done: number; of: number } {
  const of = upload.rows_total - upload.rows_invalid - upload.rows_skipped;
  return { done: Math.min(of, upload.rows_given + upload.rows_refused + upload.rows_passed), of };
}
