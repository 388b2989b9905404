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
 * it was sent: `"7"`, `[7]`, `true` or `null` is never taken for the number 7. And a number
 * in a query string or path must be written as plain decimal: Ajv's own coercion would
 * also take `Infinity`, `1e999`, `0x10`, ` 10`, `10.0` or `+10`.
 */
export function validatorsFor(customOptions: Record<string, unknown>): SchemaController {
  // Two pools of Fastify's own compiler, one per way of reading values.
  const textPool = AjvCompiler() as unknown as Pool;
  const jsonPool = AjvCompiler() as unknown as Pool;
  const buildValidator = (externalSchemas: unknown, ajvServerOptions: unknown) => {
    const options = ajvServerOptions as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
    const forText = textPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: 'array' } });
    const forJson = jsonPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: false } });
    return (route: RouteSchema) => (route.httpPart === 'body' ? forJson(route) : withPlainDecimals(route, forText(route)));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildValidator } };
}

/**
 * How a number in a query string or path must be written: plain decimals, so that what
 * the caller meant is never a guess. Leading zeros are taken (`0010` is 10): they are
 * still plain decimal and refusing them would help nobody.
 */
const PLAIN_DECIMAL = {
  integer: { pattern: /^-?[0-9]+$/, message: 'must be a whole number written in digits' },
  number: { pattern: /^-?[0-9]+(\.[0-9]+)?$/, message: 'must be a number written as plain decimal digits' },
} as const;

type NumericType = keyof typeof PLAIN_DECIMAL;

/** Text that Ajv would coerce for a numeric parameter, refused first unless written as plain decimal. */
function withPlainDecimals(route: RouteSchema, validate: RouteValidator): RouteValidator {
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const numeric = numericProperties(route.schema);
  if (numeric.length === 0) return validate;
  const strict = ((data: Record<string, unknown> | null): unknown => {
    const offending = numeric.find(([name, type]) => {
      const value = data?.[name];
      return typeof value === 'string' && !PLAIN_DECIMAL[type].pattern.test(value);
    });
    if (offending === undefined) {
      const valid = validate(data);
      strict.errors = (validate as { errors?: AjvError[] | null }).errors ?? null;
      return valid;
    }
    const [name, type] = offending;
    strict.errors = [{ keyword: 'type', instancePath: `/${name}`, message: PLAIN_DECIMAL[type].message, params: { type } }];
    return false;
  }) as RouteValidator & { errors: AjvError[] | null };
  strict.errors = null;
  return strict;
}

function numericProperties(schema: RouteSchema['schema']): [string, NumericType][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]): [string, NumericType][] =>
    property.type === 'integer' || property.type === 'number' ? [[name, property.type]] : [],
  );
}
