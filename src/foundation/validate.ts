import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value';
import { type CanopyError, errors, formatParam, type ParamPath, pathFromPointer } from '../core/errors.ts';
import { isCalendarDate, isStorableText, isTimestamp } from '../core/formats.ts';

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

/**
 * Checks an operation's input against its schema; the first problem becomes an error
 * whose path names the field within the input (`photos[0][url]`).
 */
export function parseInput<T extends TSchema>(schema: T, input: unknown): Static<T> {
  const unstorable = unstorableTextAt(input, []);
  if (unstorable !== null) {
    throw errors.parameterInvalid(unstorable.length > 0 ? unstorable : null, 'Text may not contain the NUL character or a lone UTF-16 surrogate.');
  }
  if (Value.Check(schema, input)) return input;
  const first = Value.Errors(schema, input).First();
  if (!first) throw errors.parameterInvalid(null, 'The input is not valid.');
  throw errorFor(first);
}

function errorFor(error: ValueError): CanopyError {
  const path = pathFromPointer(error.path);
  const field = formatParam(path);
  if (error.type === ValueErrorType.ObjectRequiredProperty) return errors.parameterMissing(path, `Missing required field: ${field}.`);
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return errors.parameterUnknown(path, `Unknown field: ${field}.`);
  if (!field) return errors.parameterInvalid(null, `The input must be an object: ${error.message}.`);
  return errors.parameterInvalid(path, `Invalid value for ${field}: ${describe(error)}.`);
}

function describe(error: ValueError): string {
  const format = (error.schema as { format?: string }).format;
  if (error.type === ValueErrorType.StringFormat && format === 'date') return 'expected a date as YYYY-MM-DD';
  if (error.type === ValueErrorType.StringFormat && format === 'date-time') return 'expected an ISO 8601 timestamp';
  if (error.type === ValueErrorType.StringFormat && format === 'uri') return 'expected an http(s) URL';
  return error.message.charAt(0).toLowerCase() + error.message.slice(1);
}

/** The path of the first string (or key) PostgreSQL cannot store, or null. */
function unstorableTextAt(value: unknown, path: ParamPath): ParamPath | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextAt(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = unstorableTextAt(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
