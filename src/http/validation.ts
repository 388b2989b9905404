import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { AjvError } from './error-handler.ts';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildValidator = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>;
type RouteValidator = (data: unknown) => unknown;
type Pool = (externalSchemas: unknown, options: object) => (route: RouteSchema) => RouteValidator;
interface RouteSchema {
  schema: { properties?: Record<string, { type?: unknown }> };
  httpPart?: string;
}

/**
 * How requests are validated. A query string, a path or a header is text, which is
 * parsed: `limit=10` becomes 10 and a single `expand[]` a list. A JSON body is checked as
 * it was sent: `"7"`, `[7]`, `true` or `null` is never taken for the number 7. And a whole
 * number in a query string must be written in digits only: Ajv's own coercion would also
 * take `Infinity`, `1e999`, `0x10`, ` 10`, `10.0` or `+10`.
 */
export function validatorsFor(customOptions: Record<string, unknown>): SchemaController {
  // Two pools of Fastify's own compiler, one per way of reading values.
  const textPool = AjvCompiler() as unknown as Pool;
  const jsonPool = AjvCompiler() as unknown as Pool;
  const buildValidator = (externalSchemas: unknown, ajvServerOptions: unknown) => {
    const options = ajvServerOptions as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
    const forText = textPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: 'array' } });
    const forJson = jsonPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: false } });
    return (route: RouteSchema) => (route.httpPart === 'body' ? forJson(route) : withDigitsOnly(route, forText(route)));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildValidator } };
}

const DIGITS = /^[0-9]+$/;

/** Refuses a query-string whole number that is not written in digits, before Ajv coerces it. */
function withDigitsOnly(route: RouteSchema, validate: RouteValidator): RouteValidator {
  if (route.httpPart !== 'querystring') return validate;
  const integers = Object.entries(route.schema.properties ?? {})
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
  if (integers.length === 0) return validate;
  const strict = ((data: Record<string, unknown> | null): unknown => {
    const offending = integers.find((name) => typeof data?.[name] === 'string' && !DIGITS.test(data[name] as string));
    if (offending === undefined) {
      const valid = validate(data);
      strict.errors = (validate as { errors?: AjvError[] | null }).errors ?? null;
      return valid;
    }
    strict.errors = [{ keyword: 'type', instancePath: `/${offending}`, message: 'must be a whole number written in digits', params: { type: 'integer' } }];
    return false;
  }) as RouteValidator & { errors: AjvError[] | null };
  strict.errors = null;
  return strict;
}
