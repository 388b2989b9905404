import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CanopyError, errorBody, errors, formatParam, pathFromPointer } from '../../core/errors.ts';
import { IdempotentReplay, replay } from './idempotency.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Turns whatever was thrown into the one error shape. Validation failures name the
 * parameter; body parser failures get their own codes; anything unknown becomes an
 * opaque 500 that is logged with the request id.
 */
export function errorHandler(publicBaseUrl: string) {
  return function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    // Not an error: the claim of an Idempotency-Key found the stored response of this request.
    if (error instanceof IdempotentReplay) return replay(reply, error);
    const canopyError = toCanopyError(error, request);
    if (canopyError.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return reply.status(canopyError.status).type('application/json').send(errorBody(canopyError, request.id, publicBaseUrl));
  };
}

function toCanopyError(error: FastifyError, request: FastifyRequest): CanopyError {
  if (error instanceof CanopyError) return error;
  if (error.validation) return validationError(error.validation as AjvError[], error.validationContext, request);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.bodyTooLarge(BODY_LIMIT_BYTES);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType(String(request.headers['content-type'] ?? ''));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.bodyInvalidJson('the body is empty but Content-Type is application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.parameterInvalid(null, 'The Content-Length header does not match the body.');
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return errors.bodyInvalidJson(error.message);
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return errors.parameterInvalid(null, error.message);
  }
  return errors.internal();
}

/** The first problem Ajv found, as the error naming its parameter. */
export function validationError(validation: AjvError[], context: string | undefined, request: FastifyRequest): CanopyError {
  const [first] = validation;
  if (context === 'params') {
    const id = String((request.params as Record<string, unknown>)?.id ?? '');
    return errors.notFound(request.routeOptions.config.resource ?? 'object', id);
  }
  if (!first) return errors.parameterInvalid(null, 'The request is not valid.');
  const path = pathFromPointer(first.instancePath);
  if (first.keyword === 'additionalProperties') return errors.parameterUnknown([...path, String(first.params.additionalProperty)]);
  if (first.keyword === 'required') return errors.parameterMissing([...path, String(first.params.missingProperty)]);
  const param = formatParam(path);
  const value = valueAt(context === 'querystring' ? request.query : request.body, path);
  const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  return errors.parameterInvalid(param ? path : null, `Invalid ${param ?? context ?? 'request'}: ${describe(first)}${shown}.`);
}

function describe(error: AjvError): string {
  if (error.keyword === 'enum' || error.keyword === 'anyOf') {
    const allowed = (error.params.allowedValues as unknown[] | undefined)?.join(', ');
    return allowed ? `must be one of ${allowed}` : 'is not one of the allowed values';
  }
  if (error.keyword === 'format') return `must be a valid ${String(error.params.format)}`;
  return error.message ?? 'is not valid';
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
