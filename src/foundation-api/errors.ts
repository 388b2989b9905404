import type { FoundationError, FoundationErrorCode } from '../foundation/errors.ts';
import { ApiError } from '../http/errors.ts';

const STATUS_BY_CODE: Record<FoundationErrorCode, number> = {
  parameter_missing: 400,
  parameter_unknown: 400,
  parameter_invalid: 400,
  reference_not_found: 404,
  reference_conflict: 409,
  planting_mode_mismatch: 409,
  planting_not_in_project: 409,
  legacy_id_taken: 409,
  external_reference_taken: 409,
  planting_over_allocated: 422,
  refund_exceeds_unassigned_trees: 422,
  no_trees_available: 422,
  message_id_reused: 422,
};

/**
 * A refused foundation operation in the API's one error shape. `at` is where its input
 * sits in the request, so `param` follows Stripe's brackets: `input[photos][0][url]` for
 * one operation, `operations[3][input][trees]` in a batch (whose error also carries
 * `operation_index`), plain `trees` for a test helper's body.
 */
export function foundationApiError(error: FoundationError, at: string[], operationIndex: number | null = null): ApiError {
  const fieldParts = error.field ? error.field.split(/[.[\]]+/).filter(Boolean) : [];
  const container = error.inEnvelope && at.at(-1) === 'input' ? at.slice(0, -1) : at;
  const location = error.field ? [...container, ...fieldParts] : operationIndex === null ? [] : at.slice(0, 2);
  const [head, ...rest] = location;
  const param = head === undefined ? null : head + rest.map((part) => `[${part}]`).join('');
  const message = operationIndex === null ? error.message : `Operation ${operationIndex}: ${error.message}`;
  return new ApiError(STATUS_BY_CODE[error.code], 'invalid_request_error', error.code, message, param, operationIndex === null ? {} : { operation_index: operationIndex });
}
