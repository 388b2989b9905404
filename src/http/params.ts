import { type TSchema, Type } from '@sinclair/typebox';
import { type IdKind, idPattern } from '../core/ids.ts';
import { StringEnum } from '../core/schema.ts';

/** Parameters of the routes' query strings and paths, and the list envelope (spec section 4). */

const DEFAULT_PAGE_SIZE = 25;

/** Query parameters every v2 list takes (spec section 4, "Common list parameters"). */
export const pageParams = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE, description: 'Page size, 1 to 100; 25 when left out.' })),
  starting_after: Type.Optional(Type.String({ pattern: '^[a-z]+_[A-Za-z0-9]{24}$', description: 'Id of the last object of the previous page.' })),
};
export const createdSinceParam = {
  created_since: Type.Optional(Type.String({ format: 'date-time', description: 'Only objects created at or after this time.' })),
};
export const updatedSinceParam = {
  updated_since: Type.Optional(Type.String({ format: 'date-time', description: 'Only objects updated at or after this time.' })),
};

/** The header of a POST that spec section 8 makes idempotent by key: `POST /recipients`, `POST /gift-codes`. */
export const RequiredIdempotencyKey = Type.Object({
  'idempotency-key': Type.String({ minLength: 1, maxLength: 255, description: 'Required: a retry with the same key and body returns the first answer.' }),
});

/** A query string that takes no parameters: any parameter is refused as unknown. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** A path `{id}` of one kind; a malformed id answers 404 like an unknown one. */
export function idParams(kind: IdKind) {
  return Type.Object({ id: Type.String({ pattern: idPattern(kind) }) }, { additionalProperties: false });
}

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

/** The list envelope: `{object: "list", url, has_more, data}`. */
export function listSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      object: Type.Literal('list'),
      url: Type.String(),
      has_more: Type.Boolean(),
      data: Type.Array(item),
    },
    { description },
  );
}

export interface ListEnvelope<T> {
  object: 'list';
  url: string;
  has_more: boolean;
  data: T[];
}

export function listEnvelope<T>(url: string, data: T[], hasMore: boolean): ListEnvelope<T> {
  return { object: 'list', url, has_more: hasMore, data };
}

/**
 * For a POST whose body is optional (every field optional): a request without a body is
 * handled as `{}`, so that validation sees an object. A body of JSON `null` was sent, and
 * is refused like any other body that is no object. A route adds it as preValidation.
 */
export async function emptyBodyAsObject(request: { body: unknown }): Promise<void> {
  if (request.body === undefined) request.body = {};
}
