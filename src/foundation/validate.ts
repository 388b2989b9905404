import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value';
import { isCalendarDate, isStorableText, isTimestamp } from '../http/formats.ts';
import { FoundationError } from './errors.ts';

/**
 * TypeBox's Value.Check knows no string formats until they are registered. These match
 * what the HTTP layer's Ajv formats accept, and a date must exist on the calendar.
 */
const FORMATS: Record<string, (value: string) => boolean> = {
  date: isCalendarDate,
  'date-time': isTimestamp,
  uri: isWebUrl,
  // What Ajv's "email" format accepts, near enough: one @, a dot in the domain, no spaces.
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};
for (const [name, check] of Object.entries(FORMATS)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
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
  const unstorable = unstorableTextAt(input, '');
  if (unstorable !== null) {
    throw new FoundationError('parameter_invalid', 'Text may not contain the NUL character or a lone UTF-16 surrogate.', unstorable || null);
  }
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

/** The path (as `photos[0].caption.en`) of the first string PostgreSQL cannot store, or null. */
function unstorableTextAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextAt(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return here;
      const found = unstorableTextAt(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}
