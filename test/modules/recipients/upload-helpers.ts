import { parse } from 'csv-parse/sync';
import type { DashboardBrowser, PageResponse } from '../../helpers/dashboard.ts';

/** What the upload tests share: sending a file as a browser's file input does (multipart/form-data), and CSV files to send. */

export const HEADER = 'first_name,last_name,email,language,trees,external_reference,message,send_email,project';

/** Sends the upload form with `csv` as its file, with the browser's cookies and the CSRF token of its last form (or `csrf`). */
export async function uploadFile(browser: DashboardBrowser, csv: string | Buffer, fields: Record<string, string | null> = {}): Promise<PageResponse> {
  const form = new FormData();
  const token = '_csrf' in fields ? fields._csrf : browser.csrf;
  if (token) form.append('_csrf', token);
  for (const [name, value] of Object.entries(fields)) if (name !== '_csrf' && value !== null) form.append(name, value);
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'recipients.csv');
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL('/dashboard/recipients/upload', browser.baseUrl), {
    method: 'POST', body: form, redirect: 'manual', headers: { ...browser.headers, cookie },
  });
  const text = await response.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(text);
  if (csrf) browser.csrf = csrf[1]!;
  return { status: response.status, headers: response.headers, text, location: response.headers.get('location') };
}

/** `rows` rows of one tree each, with references ORDER-<prefix>-<n>, names and emails. */
export function csvOfRows(rows: number, prefix: string, options: { delimiter?: string; bad?: ReadonlySet<number> } = {}): string {
  const d = options.delimiter ?? ',';
  const lines = [HEADER.replaceAll(',', d)];
  for (let n = 1; n <= rows; n++) {
    const bad = options.bad?.has(n);
    const email = bad ? 'not-an-email' : `person${n}@example.com`;
    lines.push([`First${n}`, `Last${n}`, email, n % 2 ? 'en' : 'nl', '1', `ORDER-${prefix}-${n}`, '', 'false', ''].join(d));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The upload's id from the redirect after the form. */
export function uploadIdOf(answer: PageResponse): string {
  const id = /\/dashboard\/uploads\/(upl_[A-Za-z0-9]{24})$/.exec(answer.location ?? '')?.[1];
  if (!id) throw new Error(`No upload: ${answer.status} ${answer.text.slice(0, 400)}`);
  return id;
}

/** The result file's lines as objects. */
export function parseResult(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true });
}

/** A download's bytes as the browser's session gets them (a page's text would lose the BOM). */
export async function downloadBytes(browser: DashboardBrowser, path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, browser.baseUrl), { headers: { ...browser.headers, cookie }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
