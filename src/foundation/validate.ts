import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value';
import { FoundationError } from './errors.ts';

/**
 * TypeBox's Value.Check knows no string formats until they are registered. These match
 * what the HTTP layer's Ajv formats accept, and a date must exist on the calendar.
 */
const FORMATS: Record<string, (value: string) => boolean> = {
  date: isCalendarDate,
  'date-time': (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value)
    && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)),
  uri: isWebUrl,
  // What Ajv's "email" format accepts, near enough: one @, a dot in the domain, no spaces.
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};
for (const [name, check] of Object.entries(FORMATS)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks an operation's input against its schema; the first problem becomes a FoundationError naming its field. */
export function parseInput<T extends TSchema>(schema: T, input: unknown): Static<T> {
  if (Value.Check(schema, input)) return input;
  const first = Value.Errors(schema, input).First();
  if (!first) throw new FoundationError('parameter_invalid', 'The input is not valid.');
  throw errorFor(first);
}

function errorFor(error: ValueError): FoundationError {
  const field = fieldName(error.path);
  if (error.type === ValueErrorType.ObjectRequiredProperty) {
    return new FoundationError('parameter_missing', `Missing required field: ${field}.`, field);
  }
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    return new FoundationError('parameter_unknown', `Unknown field: ${field}.`, field);
  }
  if (!field) return new FoundationError('parameter_invalid', `The input must be an object: ${error.message}.`);
  return new FoundationError('parameter_invalid', `Invalid value for ${field}: ${describe(error)}.`, field);
}

function describe(error: ValueError): string {
  const format = (error.schema as { format?: string }).format;
  if (error.type === ValueErrorType.StringFormat && format === 'date') return 'expected a date as YYYY-MM-DD';
  if (error.type === ValueErrorType.StringFormat && format === 'date-time') return 'expected an ISO 8601 timestamp';
  if (error.type === ValueErrorType.StringFormat && format === 'uri') return 'expected an http(s) URL';
  return error.message.charAt(0).toLowerCase() + error.message.slice(1);
}

/** `/photos/0/url` -> `photos[0].url` */
export function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}
