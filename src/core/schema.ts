import { type TSchema, Type } from '@sinclair/typebox';
import { ID_PREFIXES, type IdKind, idPattern } from './ids.ts';

/**
 * Building blocks of the API's TypeBox schemas, shared by every module's schemas: one
 * schema per object gives validation, TypeScript types and the OpenAPI document.
 */

export function idString(kind: IdKind, description?: string) {
  return Type.String({ pattern: idPattern(kind), description });
}

/**
 * A URL that Canopy makes itself (from PUBLIC_BASE_URL) or has normalised: always an
 * RFC 3986 URI. Not for URLs stored as the foundation or the operator sent them: a
 * response schema is checked by the serialiser inside every union (see withDocumentedForm),
 * and a stored `https://example.org/a b.jpg` would then fail the whole answer.
 */
export const Url = (description?: string) => Type.String({ format: 'uri', description });

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

/**
 * A StringEnum whose TypeScript type stays `string`: for a value read from a text column
 * whose check constraint (or every write) holds it to the set, so that its presenter need
 * not assert the type.
 */
export function StoredEnum(values: readonly string[], options: { description?: string } = {}) {
  return Type.Unsafe<string>({ type: 'string', enum: [...values], ...options });
}

/** An id, or the object it names when `expand[]` asks for it. */
export function Expandable(kind: IdKind, ref: string) {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return Type.Union([idString(kind, `${prefix} id`), Type.Ref(ref)], { description: `${prefix} id, or the ${ref} object when expanded` });
}

/** Whether `expand[]` asks for a relation. */
export function wants(expand: readonly string[] | undefined, name: string): boolean {
  return expand?.includes(name) ?? false;
}

/** A schema object of the OpenAPI document, as JSON. */
export type DocumentSchema = Record<string, unknown>;

/**
 * How the OpenAPI document shows a named schema whose exact shape a response schema cannot
 * hold at run time. fast-json-stringify checks each branch of a union it serialises against
 * that branch's schema (Ajv), and answers 500 when none holds: a union of every event's
 * object would fail on an event stored before a field was added, and a field required in
 * one place (a certificate's download_url) is left out in another (a recipient's
 * certificate, for a token without certificates:read). The document still shows the
 * exact shape: `components` are schemas only the document has (http/openapi.ts adds them
 * beside the schema), and `document` rewrites the schema's generated form.
 */
export interface DocumentedForm {
  components?: readonly TSchema[];
  document?: (generated: DocumentSchema) => DocumentSchema;
}

const documentedForms = new Map<string, DocumentedForm>();

/** Gives a named schema its form in the OpenAPI document (see DocumentedForm); validation and serialisation keep the schema itself. */
export function withDocumentedForm<T extends TSchema>(schema: T, form: DocumentedForm): T {
  if (!schema.$id) throw new Error('Only a named schema ($id) has a form of its own in the OpenAPI document.');
  documentedForms.set(schema.$id, form);
  return schema;
}

/** Every named schema's documented form, by $id. */
export function documentedFormsById(): ReadonlyMap<string, DocumentedForm> {
  return documentedForms;
}

/** A reference to a named schema, as the OpenAPI document writes it. */
export const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
