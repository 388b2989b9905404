import { stringify } from 'csv-stringify/sync';
import { csvCell } from '../../core/csv-cell.ts';
import type { Language } from '../../core/i18n.ts';
import type { RowProblem } from '../../db/schema.ts';
import { formatNumber } from '../../platform/pages/texts.ts';
import type { UploadTexts } from './upload-texts.ts';

/** What the upload pages show of a row's problems, and the result file. */

/** A problem in words: the detail names the text (`too_long:100` gives the limit, `row:7` the other row). */
export function reasonText(problem: RowProblem, t: UploadTexts): string {
  const [name = 'invalid', argument = ''] = problem.detail.split(':');
  const text = t.reasons[name] ?? t.reasons.invalid!;
  return text(problem.column ?? '', argument);
}

export function reasonsText(problems: readonly RowProblem[] | null, t: UploadTexts): string {
  return (problems ?? []).map((problem) => reasonText(problem, t)).join(' ');
}

/** The rows of a table of problems: one line per problem, each with its row and column. */
export function problemLines(rows: readonly { row_number: number; problems: RowProblem[] | null }[], t: UploadTexts) {
  return rows.flatMap((row) => (row.problems ?? []).map((problem) => ({ row: row.row_number, column: problem.column ?? '', reason: reasonText(problem, t), code: problem.code })));
}

/**
 * The result file: one line per row of the uploaded file, in its order: row, external_reference,
 * outcome (created, refused, skipped; `pending` while the job has not reached it), the
 * recipient's id (the one created, the one given before, or the one holding the
 * external_reference), the reason's code and text. No names or emails: the person has them.
 * The reference is typed text, made inert (csvCell): a cell `=HYPERLINK(...)` must not run when opened.
 */
export function resultCsv(rows: readonly { row_number: number; external_reference: string | null; outcome: string | null; recipient_id: string | null; problems: RowProblem[] | null }[], t: UploadTexts): string {
  const lines = rows.map((row) => [
    row.row_number, csvCell(row.external_reference ?? ''), row.outcome ?? 'pending', row.recipient_id ?? '',
    (row.problems ?? []).map((problem) => problem.code).filter((code, at, all) => all.indexOf(code) === at).join(' '), reasonsText(row.problems, t),
  ]);
  return `\uFEFF${stringify([['row', 'external_reference', 'outcome', 'recipient', 'reason_code', 'reason'], ...lines], { record_delimiter: '\r\n' })}`;
}

export const number = (n: number, language: Language) => formatNumber(n, language);

/** A time as the upload list shows it: `7 Dec 2026, 15:40 UTC`. */
export function uploadTime(at: Date, language: Language): string {
  return `${new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC',
  }).format(at)} UTC`;
}
