import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Language } from '../../core/i18n.ts';

/**
 * Reading an uploaded CSV of recipients: UTF-8 with or without a BOM, comma- or
 * semicolon-separated (a spreadsheet set to Dutch exports `;`: the header line says which),
 * parsed by csv-parse. Its columns are the fields of the API's body of POST /v2/recipients.
 */

/** The columns a file may have, in the template's order: the fields of CreateRecipientBody. */
export const UPLOAD_COLUMNS = ['first_name', 'last_name', 'email', 'language', 'trees', 'external_reference', 'message', 'send_email', 'project'] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];

export const MAX_UPLOAD_ROWS = 10_000;
/** 10,000 rows of every column at its longest would be larger; real files are a few hundred bytes a row. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** What is wrong with a file as a whole: it is not read at all. */
export type FileProblem =
  | { code: 'file_missing' }
  | { code: 'file_empty' }
  | { code: 'file_too_large' }
  | { code: 'not_utf8' }
  | { code: 'not_csv'; line: number }
  | { code: 'column_unknown'; column: string }
  | { code: 'column_twice'; column: string }
  | { code: 'trees_column_missing' }
  | { code: 'too_many_rows'; rows: number };

export class UploadFileRefused extends Error {
  constructor(readonly problem: FileProblem) {
    super(`The file was refused: ${problem.code}`);
  }
}

/** One data row: its number as a spreadsheet shows it, its cells by column (empty cells left out), and cells beyond the header. */
export interface CsvRow {
  rowNumber: number;
  cells: Partial<Record<UploadColumn, string>>;
  extraCells: boolean;
}

export interface ReadFile {
  delimiter: ',' | ';';
  rows: CsvRow[];
}

const BOM = '\uFEFF';

/** The separator of the header line: the one it holds more of (a column name holds neither). */
function detectDelimiter(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The file's rows, or UploadFileRefused saying why not. Rows with every cell empty (a spreadsheet's trailing `;;;;`) are left out, keeping the numbering. */
export function readUploadFile(file: Buffer): ReadFile {
  if (file.length === 0) throw new UploadFileRefused({ code: 'file_empty' });
  if (file.length > MAX_UPLOAD_BYTES) throw new UploadFileRefused({ code: 'file_too_large' });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file);
  } catch {
    throw new UploadFileRefused({ code: 'not_utf8' });
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  if (text.trim() === '') throw new UploadFileRefused({ code: 'file_empty' });
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, record_delimiter: ['\r\n', '\n', '\r'] });
  } catch (error) {
    throw new UploadFileRefused({ code: 'not_csv', line: Number((error as { lines?: number }).lines ?? 0) });
  }
  const [header = [], ...data] = records;
  const columns = header.map((name) => name.trim().toLowerCase());
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === '') continue;
    if (!(UPLOAD_COLUMNS as readonly string[]).includes(column)) throw new UploadFileRefused({ code: 'column_unknown', column: column.slice(0, 60) });
    if (seen.has(column)) throw new UploadFileRefused({ code: 'column_twice', column });
    seen.add(column);
  }
  if (!seen.has('trees')) throw new UploadFileRefused({ code: 'trees_column_missing' });
  const rows: CsvRow[] = [];
  data.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells: CsvRow['cells'] = {};
    record.forEach((cell, at) => {
      const column = columns[at];
      const value = cell.trim();
      if (column && value !== '') cells[column as UploadColumn] = value;
    });
    const extraCells = record.slice(columns.length).some((cell) => cell.trim() !== '') || record.some((cell, at) => columns[at] === '' && cell.trim() !== '');
    rows.push({ rowNumber: index + 2, cells, extraCells });
  });
  if (rows.length > MAX_UPLOAD_ROWS) throw new UploadFileRefused({ code: 'too_many_rows', rows: rows.length });
  if (rows.length === 0) throw new UploadFileRefused({ code: 'file_empty' });
  return { delimiter, rows };
}

/** The downloadable template: the header and two example rows, with a BOM so that spreadsheets read it as UTF-8; `;` in Dutch, as a Dutch spreadsheet writes. */
export function uploadTemplate(language: Language): string {
  const examples = language === 'nl'
    ? [['Sanne', 'de Vries', 'sanne@example.com', 'nl', '5', 'ORDER-1001', 'Bedankt voor je bestelling!', 'true', ''],
      ['Tom', 'Jansen', '', 'nl', '2', 'ORDER-1002', '', 'false', '']]
    : [['Ada', 'Lovelace', 'ada@example.com', 'en', '5', 'ORDER-1001', 'Thank you for your order!', 'true', ''],
      ['Alan', 'Turing', '', 'en', '2', 'ORDER-1002', '', 'false', '']];
  return BOM + stringify([[...UPLOAD_COLUMNS], ...examples], { delimiter: language === 'nl' ? ';' : ',', record_delimiter: '\r\n' });
}
