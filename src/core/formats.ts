/**
 * The string formats every validator here shares (Ajv for HTTP, TypeBox for foundation
 * operations): a date must exist on the calendar, and dates and times must lie within
 * the years PostgreSQL stores (0001 to 9999 in UTC), so bad input is a 400, never a
 * database error.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isTimestamp(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return false;
  if (!isCalendarDate(value.slice(0, 10))) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time >= EARLIEST && time <= LATEST;
}

/** Strings PostgreSQL can store: no NUL character, no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** ISO string of a timestamp column, or null. */
export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}
