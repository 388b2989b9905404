import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildValidator = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>;
type RouteValidator = (data: unknown) => unknown;
type Pool = (externalSchemas: unknown, options: object) => (route: RouteSchema) => RouteValidator;
interface RouteSchema {
  httpPart?: string;
}

/**
 * How requests are validated. A query string, a path or a header is text, which is
 * parsed: `limit=10` becomes 10 and a single `expand[]` a list. A JSON body is checked as
 * it was sent: `"7"`, `[7]`, `true` or `null` is never taken for the number 7.
 */
export function validatorsFor(customOptions: Record<string, unknown>): SchemaController {
  // Two pools of Fastify's own compiler, one per way of reading values.
  const textPool = AjvCompiler() as unknown as Pool;
  const jsonPool = AjvCompiler() as unknown as Pool;
  const buildValidator = (externalSchemas: unknown, ajvServerOptions: unknown) => {
    const options = ajvServerOptions as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
    const forText = textPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: 'array' } });
    const forJson = jsonPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: false } });
    return (route: RouteSchema) => (route.httpPart === 'body' ? forJson(route) : forText(route));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildValidator } };
}
