import { type TSchema, Type } from '@sinclair/typebox';
import { type IdKind, idPattern } from './ids.ts';

/**
 * Building blocks of the API's TypeBox schemas, shared by every module's schemas: one
 * schema per object gives validation, TypeScript types and the OpenAPI document.
 */

export function idString(kind: IdKind, description?: string) {
  return Type.String({ pattern: idPattern(kind), description });
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `YYYY-MM-DD` */
export const DateString = (description?: string) => Type.String({ format: 'date', description });
/** ISO 8601 in UTC */
export const Timestamp = (description?: string) => Type.String({ format: 'date-time', description });

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

/** Whether `expand[]` asks for a relation. */
export function wants(expand: readonly string[] | undefined, name: string): boolean {
  return expand?.includes(name) ?? false;
}
