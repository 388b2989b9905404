import { type TSchema, Type } from '@sinclair/typebox';
import { type IdKind, idPattern } from '../ids.ts';

/** A path `{id}` of one kind; a malformed id answers 404 like an unknown one. */
export function idParams(kind: IdKind) {
  return Type.Object({ id: Type.String({ pattern: idPattern(kind) }) }, { additionalProperties: false });
}

export function idString(kind: IdKind, description?: string) {
  return Type.String({ pattern: idPattern(kind), description });
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `YYYY-MM-DD` */
export const DateString = (description?: string) => Type.String({ format: 'date', description });
/** ISO 8601 in UTC */
export const Timestamp = (description?: string) => Type.String({ format: 'date-time', description });

/**
 * `expand[]` as the spec names it. A single value arrives as a string and is coerced to
 * an array by Ajv (coerceTypes: "array").
 */
export function expandParam<const T extends string[]>(values: T) {
  return {
    'expand[]': Type.Optional(
      Type.Array(StringEnum(values), {
        description: `Related objects to include instead of their ids: ${values.join(', ')}.`,
        uniqueItems: false,
      }),
    ),
  };
}

export function wants(expand: readonly string[] | undefined, name: string): boolean {
  return expand?.includes(name) ?? false;
}

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Nullable(Type.String()),
      doc_url: Type.String(),
      request_id: Type.String(),
    }, { additionalProperties: true }),
  },
  { $id: 'Error', description: 'The one error shape of the API; see docs/errors.md for every code.' },
);

/** ISO string of a timestamp column, or null. */
export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/**
 * A string that is one of a fixed set, as a JSON Schema `enum`, so a bad value is
 * reported as "must be one of a, b, c".
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** An id, or the object it names when `expand[]` asks for it. */
export function Expandable(prefix: string, ref: string) {
  return Type.Union([Type.String({ description: `${prefix} id` }), Type.Ref(ref)], { description: `${prefix} id, or the ${ref} object when expanded` });
}
