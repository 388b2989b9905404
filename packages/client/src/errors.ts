import type { ErrorCode } from './error-codes.js';

/** The `error` object of every Canopy API error (docs/errors.md). */
export interface CanopyErrorBody {
  type: string;
  code: ErrorCode | (string & {});
  message: string;
  param: string | null;
  doc_url: string;
  request_id: string;
  /** `scope_missing` and `owner_role_not_allowed` name the scope. */
  required_scope?: string;
  /** `rate_limited` names the limit that refused the request. */
  limit?: string;
  [field: string]: unknown;
}

/**
 * An answer of the API that is an error: its HTTP status and the one error shape. Branch on
 * `code`, never on `message`, which is for people. Quote `requestId` when asking about it.
 */
export class CanopyApiError extends Error {
  override readonly name = 'CanopyApiError';
  readonly status: number;
  readonly type: string;
  readonly code: CanopyErrorBody['code'];
  readonly param: string | null;
  readonly docUrl: string | null;
  readonly requestId: string | null;
  /** The whole `error` object, with the fields some codes add. */
  readonly error: CanopyErrorBody;

  constructor(status: number, error: CanopyErrorBody, requestId: string | null) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.type = error.type;
    this.code = error.code;
    this.param = error.param ?? null;
    this.docUrl = error.doc_url ?? null;
    this.requestId = error.request_id ?? requestId;
  }

  /** Whether this is the error of `code`: `if (error instanceof CanopyApiError && error.is('no_trees_available'))`. */
  is(code: ErrorCode): boolean {
    return this.code === code;
  }
}

/** The request never got an answer (after the retries it was allowed): the network, a proxy, a server that went away. */
export class CanopyConnectionError extends Error {
  override readonly name = 'CanopyConnectionError';
}

/** An error answer as CanopyApiError; an answer without Canopy's error shape (a proxy's page) keeps its status and text. */
export function apiErrorOf(response: Response, body: unknown): CanopyApiError {
  const requestId = response.headers.get('request-id');
  const error = (body as { error?: CanopyErrorBody } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') return new CanopyApiError(response.status, error, requestId);
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  return new CanopyApiError(response.status, {
    type: 'api_error', code: 'unexpected_response', message: `HTTP ${response.status} without a Canopy error body${text ? `: ${text}` : ''}`,
    param: null, doc_url: '', request_id: requestId ?? '',
  }, requestId);
}
