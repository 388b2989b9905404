import { type Kysely, sql } from 'kysely';
import { CanopyError } from '../../core/errors.ts';
import { TreesHeldElsewhere } from '../../domain/assignment.ts';
import { isStalePlan } from '../../db/prepared-statements.ts';
import type { DB, RowProblem } from '../../db/schema.ts';
import { inUnitOfWork, type UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { addRecipient } from './service.ts';
import { checkTrees } from './upload-preview.ts';
import type { RecipientBody } from './upload-rules.ts';

/**
 * Giving an upload's rows, in order, in chunks: each chunk is one unit of work in which
 * each row's recipient is added (addRecipient, source `dashboard`, with its events), its
 * key written (recipient_upload_keys) and its outcome stored, so that a worker that dies
 * mid-chunk leaves nothing of it, and a chunk committed is never given again: the next run
 * starts at the first row without an outcome. The upload's row is locked first, so two
 * workers running one upload give its chunks one after the other.
 */

/**
 * Rows per chunk: each row runs in a savepoint (a refused row must leave nothing behind),
 * and PostgreSQL keeps the subtransactions of 64 at most per transaction in shared memory
 * before every other session's snapshots get slower.
 */
export const CHUNK_ROWS = 50;

interface Outcome {
  rowNumber: number;
  outcome: 'created' | 'refused' | 'skipped';
  recipientId: string | null;
  problems: RowProblem[] | null;
  trees: number;
}

/** A row's key was written by another upload while this chunk gave it: the chunk is rolled back and runs again. */
class RowGivenMeanwhile extends Error {}

const NO_TREES: RowProblem = { code: 'no_trees_available', column: 'trees', detail: 'ran_out' };
/** Ran out in "refuse the whole upload" mode: trees were taken by others after the check before the first chunk. */
const TAKEN_MEANWHILE: RowProblem = { code: 'no_trees_available', column: 'trees', detail: 'taken_meanwhile' };
/** A row that failed for a reason of Canopy's own (a bug, not the row): refused, so the upload goes on and finishes. */
export const INTERNAL_ERROR: RowProblem = { code: 'internal_error', column: null, detail: 'internal_error' };

/** What the job logs of a row that failed with an error not the row's: its number and the error's kind, never its message (it may quote the row's values). */
export interface RowFailure {
  row: number;
  error: string;
  code: string | null;
}

/** Gives the upload's rows chunk by chunk until every row has an outcome; returns what the job logs. */
export async function giveUpload(db: Kysely<DB>, uploadId: string, publicBaseUrl: string): Promise<Record<string, unknown>> {
  let chunks = 0;
  const failures: RowFailure[] = [];
  for (;;) {
    let step: 'done' | 'more';
    const failedBefore = failures.length;
    try {
      step = await inUnitOfWork(db, { publicBaseUrl }, (uow) => giveNextChunk(uow, uploadId, failures));
    } catch (error) {
      // The chunk runs again: what it noted of failed rows was rolled back with it.
      failures.length = failedBefore;
      if (error instanceof RowGivenMeanwhile) continue;
      throw error;
    }
    if (step === 'done') break;
    chunks++;
  }
  const upload = await db.selectFrom('recipient_uploads').select(['status', 'rows_given', 'rows_refused', 'rows_passed', 'trees_given'])
    .where('id', '=', uploadId).executeTakeFirst();
  return { upload_id: uploadId, chunks, ...upload, ...(failures.length > 0 ? { rows_failed: failures } : {}) };
}

/**
 * One chunk in the caller's unit of work: 'done' when the upload had nothing left to give (or
 * was refused whole now). A row failing for a reason not its own is pushed to `failures`.
 */
export async function giveNextChunk(uow: UnitOfWork, uploadId: string, failures: RowFailure[] = []): Promise<'done' | 'more'> {
  const { db } = uow;
  const upload = await db.selectFrom('recipient_uploads').selectAll().where('id', '=', uploadId).forUpdate().executeTakeFirst();
  if (!upload || (upload.status !== 'queued' && upload.status !== 'giving')) return 'done';
  if (upload.status === 'queued') {
    // "Refuse the whole upload" is decided here, before the first row is given, in the transaction that would give it.
    if (upload.when_short === 'refuse_upload' && (await checkTrees(db, upload)).short) {
      const refused = await db.updateTable('recipient_upload_rows')
        .set({ outcome: 'refused', input: null, problems: JSON.stringify([{ code: 'no_trees_available', column: 'trees', detail: 'upload_refused' }]) })
        .where('upload_id', '=', uploadId).where('outcome', 'is', null).executeTakeFirst();
      await db.updateTable('recipient_uploads')
        .set({ status: 'refused', rows_refused: Number(refused.numUpdatedRows), finished_at: uow.now }).where('id', '=', uploadId).execute();
      return 'done';
    }
    await db.updateTable('recipient_uploads').set({ status: 'giving' }).where('id', '=', uploadId).execute();
  }
  const rows = await db.selectFrom('recipient_upload_rows').select(['row_number', 'row_key', 'input', 'trees'])
    .where('upload_id', '=', uploadId).where('outcome', 'is', null).orderBy('row_number').limit(CHUNK_ROWS).execute();
  if (rows.length === 0) {
    // "Refuse the whole upload" whose trees ran out after the first check (taken meanwhile) is not done as chosen: it says so.
    const partly = upload.when_short === 'refuse_upload' && upload.ran_out_at_row !== null;
    const status = !partly ? 'done' : upload.rows_given > 0 ? 'partial' : 'refused';
    await db.updateTable('recipient_uploads').set({ status, finished_at: uow.now }).where('id', '=', uploadId).execute();
    return 'done';
  }
  const scope = { companyId: upload.company_id, livemode: upload.livemode };
  // Rows another upload of the company gave since the preview: skipped, pointing to its recipient.
  const keys = rows.flatMap((row) => (row.row_key ? [row.row_key] : []));
  const given = new Map((keys.length === 0 ? [] : await db.selectFrom('recipient_upload_keys').select(['row_key', 'recipient_id'])
    .where('company_id', '=', upload.company_id).where('livemode', '=', upload.livemode).where('row_key', 'in', keys).execute())
    .map((key) => [key.row_key, key.recipient_id]));
  let ranOutAt = upload.ran_out_at_row;
  const ranOut = upload.when_short === 'refuse_upload' ? TAKEN_MEANWHILE : NO_TREES;
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    const at = { rowNumber: row.row_number, trees: 0 };
    const givenTo = row.row_key ? given.get(row.row_key) : undefined;
    if (givenTo) {
      outcomes.push({ ...at, outcome: 'skipped', recipientId: givenTo, problems: [{ code: 'already_given', column: null, detail: 'earlier_upload' }] });
      continue;
    }
    if (ranOutAt !== null || !row.input || !row.row_key) {
      outcomes.push({ ...at, outcome: 'refused', recipientId: null, problems: [ranOut] });
      continue;
    }
    const body = row.input as unknown as RecipientBody;
    await sql`SAVEPOINT upload_row`.execute(db);
    try {
      // The row's own view of the work, its events written at once while the objects it made are
      // still known whole: rendering them after the chunk would read each of them back.
      const rowWork = uow.apart();
      const added = await addRecipient(scope, rowWork, {
        trees: body.trees, projectId: body.project ?? null, firstName: body.first_name, lastName: body.last_name, email: body.email,
        language: body.language, externalReference: body.external_reference, message: body.message, sendEmail: body.send_email, source: 'dashboard',
      });
      const keyed = await sql`INSERT INTO recipient_upload_keys (company_id, livemode, row_key, recipient_id, upload_id)
        VALUES (${upload.company_id}, ${upload.livemode}, ${row.row_key}, ${added.id}, ${uploadId}) ON CONFLICT DO NOTHING RETURNING 1`.execute(db);
      // Another upload gave this row since this chunk looked (it committed while we waited on its key):
      // the recipient's totals and certificate job are the chunk's already, so the whole chunk runs again.
      if (keyed.rows.length === 0) throw new RowGivenMeanwhile();
      await rowWork.flush();
      await sql`RELEASE SAVEPOINT upload_row`.execute(db);
      outcomes.push({ ...at, outcome: 'created', recipientId: added.id, problems: null, trees: body.trees });
    } catch (error) {
      if (runsChunkAgain(error)) throw error;
      await sql`ROLLBACK TO SAVEPOINT upload_row`.execute(db);
      if (!(error instanceof CanopyError)) {
        // Rethrown, it would roll the chunk back and fail it again on every retry until the job parks, the upload never done.
        failures.push({ row: row.row_number, error: error instanceof Error ? error.name : typeof error, code: pgCode(error) });
        outcomes.push({ ...at, outcome: 'refused', recipientId: null, problems: [INTERNAL_ERROR] });
        continue;
      }
      if (error.code === 'no_trees_available') {
        ranOutAt = row.row_number;
        outcomes.push({ ...at, outcome: 'refused', recipientId: null, problems: [ranOut] });
        continue;
      }
      const column = error.code === 'external_reference_taken' ? 'external_reference' : null;
      outcomes.push({ ...at, outcome: 'refused', recipientId: null, problems: [{ code: error.code, column, detail: 'at_giving' }] });
    }
  }
  await storeOutcomes(uow, uploadId, outcomes, ranOutAt);
  return 'more';
}

/**
 * Errors that ask for the whole chunk to run again, not for the row to be refused: another
 * upload gave the row meanwhile; too few trees were free of other transactions' locks (the
 * unit of work runs again waiting for them); PostgreSQL aborted the transaction (deadlock,
 * serialization) or a prepared plan went stale, which inUnitOfWork runs again.
 */
function runsChunkAgain(error: unknown): boolean {
  return error instanceof RowGivenMeanwhile || error instanceof TreesHeldElsewhere || ['40P01', '40001'].includes(pgCode(error) ?? '') || isStalePlan(error);
}

/** A database error's SQLSTATE (no values in it), or null. */
function pgCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.slice(0, 10) : null;
}

/** The chunk's outcomes in one statement (the rows' personal data goes with it), and the upload's counts in another. */
async function storeOutcomes(uow: UnitOfWork, uploadId: string, outcomes: readonly Outcome[], ranOutAt: number | null): Promise<void> {
  const { db } = uow;
  await sql`UPDATE recipient_upload_rows r SET outcome = x.outcome, recipient_id = x.recipient_id, problems = x.problems::jsonb, input = NULL
    FROM unnest(${outcomes.map((o) => o.rowNumber)}::int[], ${outcomes.map((o) => o.outcome)}::text[], ${outcomes.map((o) => o.recipientId)}::text[],
      ${outcomes.map((o) => (o.problems ? JSON.stringify(o.problems) : null))}::text[]) AS x(row_number, outcome, recipient_id, problems)
    WHERE r.upload_id = ${uploadId} AND r.row_number = x.row_number`.execute(db);
  const count = (outcome: Outcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
  await db.updateTable('recipient_uploads').set((eb) => ({
    rows_given: eb('rows_given', '+', count('created')),
    rows_refused: eb('rows_refused', '+', count('refused')),
    rows_passed: eb('rows_passed', '+', count('skipped')),
    trees_given: eb('trees_given', '+', outcomes.reduce((sum, o) => sum + o.trees, 0)),
    ran_out_at_row: ranOutAt,
  })).where('id', '=', uploadId).execute();
}
