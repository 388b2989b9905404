import { stringify } from 'csv-stringify/sync';
import type { Language } from '../../core/i18n.ts';
import { randomAlphanumeric } from '../../core/ids.ts';
import type { BatchRow } from './dashboard-queries.ts';
import type { GiftCodeDashboardTexts } from './dashboard-texts.ts';
import { claimUrl, giftCodeStatus } from './present.ts';
import type { GiftCodeRow } from './queries.ts';
import { GIFT_CODE_STATUSES, type GiftCodeStatus, MAX_VALIDITY_DAYS } from './schemas.ts';

/** What the gift code pages show: plain values for the templates, the form as sent, and the batch's CSV. */

const DAY_MS = 86_400_000;
const DATE_TIMES: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
};
const DAYS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  nl: new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

export const dateTime = (at: Date, language: Language) => `${DATE_TIMES[language].format(at)} UTC`;

/** A code's valid_until as a person reads it: the dashboard's codes end at midnight UTC, which is the end of the day before. */
export function validUntilText(at: Date, t: GiftCodeDashboardTexts, language: Language): string {
  const midnight = at.getUTCHours() === 0 && at.getUTCMinutes() === 0 && at.getUTCSeconds() === 0 && at.getUTCMilliseconds() === 0;
  return midnight ? t.endOfDay(DAYS[language].format(new Date(at.getTime() - 1))) : dateTime(at, language);
}

const BADGES: Record<GiftCodeStatus, string> = { open: 'good', claimed: '', expired: 'warn', revoked: 'bad' };

/** A code as a row of the list. */
export function codeRow(row: GiftCodeRow, t: GiftCodeDashboardTexts, language: Language, now = new Date()) {
  const status = giftCodeStatus(row, now);
  return {
    id: row.id,
    code: row.code,
    trees: row.trees.toLocaleString(language),
    status,
    statusText: t.status[status],
    badge: BADGES[status],
    validUntil: validUntilText(row.valid_until, t, language),
    created: dateTime(row.created_at, language),
    batchId: row.batch_id,
    canRevoke: status === 'open',
  };
}

/** A batch as the list's filter offers it and its box heads it. */
export function batchChoice(batch: Pick<BatchRow, 'id' | 'codes' | 'trees' | 'created_at'>, t: GiftCodeDashboardTexts, language: Language, selected: string | null) {
  return { id: batch.id, label: t.batchLabelOf(dateTime(batch.created_at, language), batch.codes, batch.trees), selected: batch.id === selected };
}

/** How many of a batch's codes are in each status now. */
export function statusCounts(codes: readonly Pick<GiftCodeRow, 'status' | 'valid_until'>[], t: GiftCodeDashboardTexts, now = new Date()) {
  const counts = new Map<GiftCodeStatus, number>();
  for (const code of codes) counts.set(giftCodeStatus(code, now), (counts.get(giftCodeStatus(code, now)) ?? 0) + 1);
  return GIFT_CODE_STATUSES.filter((status) => counts.has(status)).map((status) => ({ status, text: t.status[status], count: counts.get(status)!, badge: BADGES[status] }));
}

export function isStatus(value: unknown): value is GiftCodeStatus {
  return typeof value === 'string' && (GIFT_CODE_STATUSES as readonly string[]).includes(value);
}

/** What the create form holds, as sent (kept when it comes back with a problem). */
export interface BatchForm {
  codes: string;
  trees: string;
  validUntil: string;
  project: string;
  formKey: string;
}

const FORM_KEY = /^[A-Za-z0-9]{24}$/;

export function emptyBatchForm(now = new Date()): BatchForm {
  return { codes: '1', trees: '1', validUntil: utcDate(new Date(now.getTime() + 365 * DAY_MS)), project: '', formKey: randomAlphanumeric(24) };
}

/** The form's fields from a urlencoded body; anything not a string is empty. */
export function readBatchForm(body: unknown): BatchForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: string, max: number) => (typeof fields[name] === 'string' ? (fields[name] as string).trim().slice(0, max) : '');
  const formKey = text('form_key', 64);
  return { codes: text('codes', 12), trees: text('trees', 12), validUntil: text('valid_until', 40), project: text('project', 64), formKey: FORM_KEY.test(formKey) ? formKey : randomAlphanumeric(24) };
}

/** A whole number as typed (digits, with or without grouping), or NaN. */
export function wholeNumber(typed: string): number {
  const digits = typed.replace(/[\s.,_]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * The end of the chosen day (UTC) as valid_until: a code is valid through the day printed on
 * its card. An invalid Date when it is not a date (the verb refuses it: valid_until_invalid).
 */
export function endOfDay(typed: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (!match) return new Date(Number.NaN);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(Date.UTC(year, month - 1, date));
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return new Date(Number.NaN);
  return new Date(start.getTime() + DAY_MS);
}

export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** The date field's bounds: today, and the last day whose end is within MAX_VALIDITY_DAYS. */
export function validityBounds(now = new Date()) {
  return { min: utcDate(now), max: utcDate(new Date(now.getTime() + MAX_VALIDITY_DAYS * DAY_MS - DAY_MS)) };
}

/** A batch's codes as CSV: code, claim_url, trees, valid_until, status (as the API shows each). */
export function batchCsv(publicBaseUrl: string, codes: readonly Pick<GiftCodeRow, 'code' | 'trees' | 'status' | 'valid_until'>[], now = new Date()): string {
  const rows = codes.map((code) => [code.code, claimUrl(publicBaseUrl, code.code), code.trees, code.valid_until.toISOString(), giftCodeStatus(code, now)]);
  return stringify(rows, { header: true, columns: ['code', 'claim_url', 'trees', 'valid_until', 'status'] });
}
