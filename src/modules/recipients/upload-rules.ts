import { createHmac } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { Ajv, type ErrorObject } from 'ajv';
import ajvFormats from 'ajv-formats';
import { isCalendarDate, isTimestamp } from '../../core/formats.ts';
import { derivedKey } from '../../core/secrets.ts';
import type { RowProblem } from '../../db/schema.ts';
import { CreateRecipientBody } from './schemas.ts';
import type { CsvRow, UploadColumn } from './upload-csv.ts';

/**
 * The rules a row of an upload is held to: the API's own body schema of POST /v2/recipients
 * (CreateRecipientBody, checked by Ajv with the formats app.ts gives the API), then the
 * API's checks beyond the schema (send_email needs an email). What needs the database (the
 * project, external_reference taken, given before) is upload-preview.ts's.
 */

export type RecipientBody = Static<typeof CreateRecipientBody>;

// Every error of a row at once, so that the preview names them all; otherwise as the API's Ajv (app.ts).
const ajv = new Ajv({ removeAdditional: false, useDefaults: true, allErrors: true, strict: false });
ajvFormats.default(ajv);
ajv.addFormat('date', isCalendarDate);
ajv.addFormat('date-time', isTimestamp);
const validBody = ajv.compile<RecipientBody>(CreateRecipientBody);

const TRUE = new Set(['true', '1', 'yes', 'ja', 'y', 'j', 'waar']);
const FALSE = new Set(['false', '0', 'no', 'nee', 'n', 'onwaar']);

/**
 * A row's cells as the API's body: trees a number when the cell is digits, send_email a
 * boolean when it says so (as spreadsheets write true/false, or yes/no, ja/nee, 1/0),
 * language in lower case; any other cell is a string, which the schema then refuses by name.
 */
export function bodyOfRow(cells: CsvRow['cells']): Record<string, unknown> {
  const body: Record<string, unknown> = { ...cells };
  if (cells.trees !== undefined && /^\d{1,9}$/.test(cells.trees)) body.trees = Number(cells.trees);
  if (cells.send_email !== undefined) {
    const said = cells.send_email.toLowerCase();
    if (TRUE.has(said)) body.send_email = true;
    else if (FALSE.has(said)) body.send_email = false;
  }
  if (cells.language !== undefined) body.language = cells.language.toLowerCase();
  return body;
}

/** What a schema error says of its column, as a problem (its text is upload-texts.ts's, by `detail`). */
function problemOfError(error: ErrorObject): RowProblem {
  const column = (error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.slice(1)) || null;
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return { code: 'parameter_missing', column, detail: 'missing' };
    case 'type':
      return { code: 'parameter_invalid', column, detail: column === 'trees' ? 'not_whole_number' : column === 'send_email' ? 'not_true_false' : 'not_text' };
    case 'minimum':
    case 'maximum':
      return { code: 'parameter_invalid', column, detail: `out_of_range:${limit}` };
    case 'minLength':
      return { code: 'parameter_missing', column, detail: 'missing' };
    case 'maxLength':
      return { code: 'parameter_invalid', column, detail: `too_long:${limit}` };
    case 'format':
      return { code: 'parameter_invalid', column, detail: 'not_email' };
    case 'enum':
      return { code: 'parameter_invalid', column, detail: 'not_language' };
    case 'pattern':
      return { code: 'parameter_invalid', column, detail: 'not_project_id' };
    default:
      return { code: 'parameter_invalid', column, detail: 'invalid' };
  }
}

/** The row as the API's body, or its problems (every one, in column order). */
export function checkRow(row: CsvRow): { body: RecipientBody; problems: [] } | { body: null; problems: RowProblem[] } {
  const body = bodyOfRow(row.cells);
  const problems: RowProblem[] = [];
  if (row.extraCells) problems.push({ code: 'parameter_invalid', column: null, detail: 'extra_cells' });
  if (!validBody(body)) {
    const seen = new Set<string>();
    for (const error of validBody.errors ?? []) {
      const problem = problemOfError(error);
      // One problem per column: Ajv may report a cell twice (a trees cell of letters is not a number nor in range).
      if (seen.has(problem.column ?? '')) continue;
      seen.add(problem.column ?? '');
      problems.push(problem);
    }
  } else if (body.send_email && !body.email) {
    problems.push({ code: 'parameter_missing', column: 'email', detail: 'needed_for_send_email' });
  }
  const order = (problem: RowProblem) => (problem.column ? COLUMN_ORDER.indexOf(problem.column as UploadColumn) : -1);
  problems.sort((a, b) => order(a) - order(b));
  return problems.length > 0 ? { body: null, problems } : { body: body as RecipientBody, problems: [] };
}

const COLUMN_ORDER: readonly UploadColumn[] = ['first_name', 'last_name', 'email', 'language', 'trees', 'external_reference', 'message', 'send_email', 'project'];

/**
 * The row's key among the company's uploads: a keyed hash (HMAC-SHA256, with a key derived
 * from the server's secret) of its external_reference, `ref:`; else of its normalised content
 * (every field, the email in lower case, in a fixed order), `hash:`. So the same row in a
 * later file is recognised, and the key, which outlives the recipient's erasure, holds no
 * reference, name or email in clear and cannot be matched against guessed ones.
 */
export function rowKey(body: RecipientBody, secretKey: string): string {
  const hmac = (text: string) => createHmac('sha256', rowKeySecret(secretKey)).update(text).digest('base64url');
  if (body.external_reference) return `ref:${hmac(`ref\u0000${body.external_reference}`)}`;
  const normalised = JSON.stringify([
    body.first_name ?? null, body.last_name ?? null, body.email?.toLowerCase() ?? null, body.language ?? 'en', body.trees,
    body.message ?? null, body.send_email ?? false, body.project ?? null,
  ]);
  return `hash:${hmac(normalised)}`;
}

const rowKeySecrets = new Map<string, Buffer>();
function rowKeySecret(secretKey: string): Buffer {
  const known = rowKeySecrets.get(secretKey);
  if (known) return known;
  const key = derivedKey(secretKey, 'recipient-upload-rows');
  rowKeySecrets.set(secretKey, key);
  return key;
}
