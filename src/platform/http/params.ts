import { type TSchema, Type } from '@sinclair/typebox';
import { type IdKind, idPattern } from '../../core/ids.ts';
import { StringEnum } from '../../core/schema.ts';

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

/**
 * The Idempotency-Key header every v2 POST takes (spec section 8; http/idempotency.ts checks
 * it before validation). The OpenAPI document adds it to each POST, required where the
 * route says `config.idempotency: 'required'` (http/openapi.ts).
 */
export const IdempotencyKeyHeader = (description: string) => Type.String({ minLength: 1, maxLength: 255, description });

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
 * is refused like any other body that is no object. A route adds it as preValidation, and
 * the OpenAPI document marks the body of such a route not required (http/openapi.ts).
 */
export async function emptyBodyAsObject(request: { body: unknown }): Promise<void> {
  if (request.body === undefined) request.body = {};
}
