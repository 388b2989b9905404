import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '../../core/ids.ts';
import type { Db, RowProblem } from '../../db/schema.ts';
import { type ReadFile, readUploadFile } from './upload-csv.ts';
import { checkRow, type RecipientBody, rowKey } from './upload-rules.ts';

/**
 * The preview of an upload: every row of the file checked with the API's rules, and those
 * that need the database (the project is the company's; the external_reference is free;
 * the row was not given by an earlier upload), before anything is given. The file's rows
 * are stored with their outcome where the preview knows it already (refused, skipped), so
 * that the job can give the rest in another process.
 */

export interface UploadScope {
  db: Db;
  companyId: string;
  livemode: boolean;
  secretKey: string;
}

/** A row as the preview classifies it. */
interface PreviewedRow {
  rowNumber: number;
  /** The row's external_reference cell, so that the result file names even a refused row by it. */
  reference: string | null;
  body: RecipientBody | null;
  key: string | null;
  outcome: 'refused' | 'skipped' | null;
  recipientId: string | null;
  problems: RowProblem[];
}

/** How many values one `IN (...)` lookup sends. */
const LOOKUP_BATCH = 1000;
/** Rows one insert statement writes. */
const INSERT_BATCH = 500;

async function inBatches<T, R>(values: readonly T[], lookup: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let at = 0; at < values.length; at += LOOKUP_BATCH) found.push(...(await lookup(values.slice(at, at + LOOKUP_BATCH))));
  return found;
}

/**
 * Reads, checks and stores an uploaded file as a preview of the company's, in a mode;
 * returns its id. Throws UploadFileRefused (upload-csv.ts) when the file as a whole cannot be read.
 */
export async function previewUpload(scope: UploadScope, file: Buffer, createdBy: string | null): Promise<string> {
  const read = readUploadFile(file);
  const rows = await classifyRows(scope, read);
  const id = newId('recipient_upload');
  const pending = rows.filter((row) => row.outcome === null);
  await scope.db.transaction().execute(async (trx) => {
    await trx.insertInto('recipient_uploads').values({
      id, company_id: scope.companyId, livemode: scope.livemode, created_by: createdBy, status: 'previewed', when_short: null,
      file_sha256: createHash('sha256').update(file).digest('hex'), delimiter: read.delimiter, rows_total: rows.length,
      rows_invalid: rows.filter((row) => row.outcome === 'refused').length, rows_skipped: rows.filter((row) => row.outcome === 'skipped').length,
      trees_to_give: pending.reduce((sum, row) => sum + (row.body?.trees ?? 0), 0),
    }).execute();
    for (let at = 0; at < rows.length; at += INSERT_BATCH) {
      await trx.insertInto('recipient_upload_rows').values(rows.slice(at, at + INSERT_BATCH).map((row) => ({
        upload_id: id,
        row_number: row.rowNumber,
        row_key: row.key,
        external_reference: row.reference,
        trees: row.body?.trees ?? null,
        // Only a row still to give keeps its personal data, until it is given.
        input: row.outcome === null && row.body ? JSON.stringify(row.body) : null,
        outcome: row.outcome,
        recipient_id: row.recipientId,
        problems: row.problems.length > 0 ? JSON.stringify(row.problems) : null,
      }))).execute();
    }
  });
  return id;
}

/** Every row's outcome as far as the preview can tell: refused with its problems, skipped (given before), or to give (null). */
async function classifyRows(scope: UploadScope, read: ReadFile): Promise<PreviewedRow[]> {
  const firstRowOfKey = new Map<string, number>();
  const rows: PreviewedRow[] = read.rows.map((csvRow) => {
    const checked = checkRow(csvRow);
    const reference = csvRow.cells.external_reference?.slice(0, 255) ?? null;
    if (!checked.body) return { rowNumber: csvRow.rowNumber, reference, body: null, key: null, outcome: 'refused', recipientId: null, problems: checked.problems };
    const key = rowKey(checked.body, scope.secretKey);
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      const column = checked.body.external_reference ? 'external_reference' : null;
      return { rowNumber: csvRow.rowNumber, reference, body: checked.body, key, outcome: 'refused', recipientId: null, problems: [{ code: 'duplicate_in_file', column, detail: `row:${first}` }] };
    }
    firstRowOfKey.set(key, csvRow.rowNumber);
    return { rowNumber: csvRow.rowNumber, reference, body: checked.body, key, outcome: null, recipientId: null, problems: [] };
  });
  const open = () => rows.filter((row) => row.outcome === null);

  // Given by an earlier upload of the company: skipped, pointing to the recipient.
  const given = new Map((await inBatches(open().map((row) => row.key!), (keys) =>
    scope.db.selectFrom('recipient_upload_keys').select(['row_key', 'recipient_id'])
      .where('company_id', '=', scope.companyId).where('livemode', '=', scope.livemode).where('row_key', 'in', keys).execute())).map((row) => [row.row_key, row.recipient_id]));
  for (const row of open()) {
    const recipientId = given.get(row.key!);
    if (recipientId) Object.assign(row, { outcome: 'skipped', recipientId, problems: [{ code: 'already_given', column: null, detail: 'earlier_upload' }] });
  }

  // An external_reference another recipient holds (made by hand or through the API): refused as the API would.
  const references = open().flatMap((row) => (row.body!.external_reference ? [row.body!.external_reference] : []));
  const holders = new Map((await inBatches(references, (batch) =>
    scope.db.selectFrom('recipients').select(['id', 'external_reference'])
      .where('company_id', '=', scope.companyId).where('livemode', '=', scope.livemode).where('deleted_at', 'is', null)
      .where('external_reference', 'in', batch).execute())).map((row) => [row.external_reference!, row.id]));
  for (const row of open()) {
    const holder = row.body!.external_reference ? holders.get(row.body!.external_reference) : undefined;
    if (holder) Object.assign(row, { outcome: 'refused', recipientId: holder, problems: [{ code: 'external_reference_taken', column: 'external_reference', detail: 'taken' }] });
  }

  // A project the company has no trees in, in this mode: the API's 404 naming project.
  const projects = [...new Set(open().flatMap((row) => (row.body!.project ? [row.body!.project] : [])))];
  const known = new Set((await inBatches(projects, (batch) =>
    scope.db.selectFrom('company_projects').select('project_id')
      .where('company_id', '=', scope.companyId).where('livemode', '=', scope.livemode).where('project_id', 'in', batch).execute())).map((row) => row.project_id));
  for (const row of open()) {
    if (row.body!.project && !known.has(row.body!.project)) Object.assign(row, { outcome: 'refused', problems: [{ code: 'resource_missing', column: 'project', detail: 'not_yours' }] });
  }
  return rows;
}

/** The trees an upload's rows still to give need, against the company's unassigned trees now (in all, and per project named). */
export interface TreesCheck {
  needed: number;
  available: number;
  projects: { projectId: string; needed: number; available: number }[];
  short: boolean;
}

/**
 * Reads the company's unassigned trees from its counters, and, for each project the rows
 * name, the project's unassigned allocations (on the index allocations_oldest_unassigned_in_project).
 * A necessary condition, not a promise: rows without a project may take a project's trees first.
 */
export async function checkTrees(db: Db, upload: { id: string; company_id: string; livemode: boolean }): Promise<TreesCheck> {
  const needs = await db.selectFrom('recipient_upload_rows')
    .select([sql<string | null>`input->>'project'`.as('project'), sql<number>`coalesce(sum(trees), 0)::int`.as('trees')])
    .where('upload_id', '=', upload.id).where('outcome', 'is', null).groupBy(sql`input->>'project'`).execute();
  const totals = await db.selectFrom('company_totals').select(sql<number>`trees_unassigned::int`.as('trees'))
    .where('company_id', '=', upload.company_id).where('livemode', '=', upload.livemode).executeTakeFirst();
  const named = needs.filter((need) => need.project !== null);
  const inProjects = named.length === 0 ? [] : await db.selectFrom('allocations')
    .select(['project_id', sql<number>`sum(trees)::int`.as('trees')])
    .where('company_id', '=', upload.company_id).where('livemode', '=', upload.livemode).where('project_id', 'in', named.map((need) => need.project!))
    .where('recipient_id', 'is', null).where('gift_code_id', 'is', null).groupBy('project_id').execute();
  const projects = named.map((need) => ({
    projectId: need.project!, needed: Number(need.trees), available: Number(inProjects.find((row) => row.project_id === need.project)?.trees ?? 0),
  }));
  const needed = needs.reduce((sum, need) => sum + Number(need.trees), 0);
  const available = Number(totals?.trees ?? 0);
  return { needed, available, projects, short: needed > available || projects.some((project) => project.needed > project.available) };
}
