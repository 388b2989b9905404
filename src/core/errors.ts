import type { RateLimitApiName } from './rate-limits.ts';

/**
 * The one error type of Canopy, after Stripe's error shape:
 *   {"error": {"type", "code", "message", "param", "doc_url", "request_id"}}
 * Every refusal, whether raised by an HTTP hook, a service verb, a foundation operation or
 * the tree ledger, is a CanopyError with a stable code. Its HTTP status and type come from
 * one table, ERROR_CODES; docs/errors.md lists every code. Anything else that is thrown
 * becomes an opaque 500.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

const AUTH = 'authentication_error';
const PERMISSION = 'permission_error';
const REQUEST = 'invalid_request_error';

/** Every code, with its HTTP status and type. */
export const ERROR_CODES = {
  // 401: who is calling?
  token_missing: [401, AUTH],
  token_ambiguous: [401, AUTH],
  token_invalid: [401, AUTH],
  token_revoked: [401, AUTH],
  token_expired: [401, AUTH],
  token_owner_removed: [401, AUTH],
  token_wrong_version: [401, AUTH],
  // 403: allowed to do this?
  scope_missing: [403, PERMISSION],
  plan_not_allowed: [403, PERMISSION],
  company_inactive: [403, PERMISSION],
  ip_not_allowed: [403, PERMISSION],
  owner_role_not_allowed: [403, PERMISSION],
  // 400 and friends: the request itself is wrong
  parameter_unknown: [400, REQUEST],
  parameter_missing: [400, REQUEST],
  parameter_invalid: [400, REQUEST],
  body_invalid_json: [400, REQUEST],
  body_too_deep: [400, REQUEST],
  body_too_large: [413, REQUEST],
  unsupported_media_type: [415, REQUEST],
  resource_missing: [404, REQUEST],
  route_not_found: [404, REQUEST],
  // Refused by the HTTP parser, before routing
  request_malformed: [400, REQUEST],
  request_timeout: [408, REQUEST],
  headers_too_large: [431, REQUEST],
  // Idempotent requests (spec section 8)
  idempotency_key_missing: [400, REQUEST],
  idempotency_key_too_long: [400, REQUEST],
  idempotency_key_reused: [422, 'idempotency_error'],
  request_in_progress: [409, 'idempotency_error'],
  // The test helpers
  allocation_unexpected_state: [400, REQUEST],
  test_helper_unsupported: [400, REQUEST],
  // The tree ledger and the foundation's operations
  reference_not_found: [404, REQUEST],
  reference_conflict: [409, REQUEST],
  planting_mode_mismatch: [409, REQUEST],
  planting_not_in_project: [409, REQUEST],
  legacy_id_taken: [409, REQUEST],
  external_reference_taken: [409, REQUEST],
  planting_over_allocated: [422, REQUEST],
  refund_exceeds_unassigned_trees: [422, REQUEST],
  no_trees_available: [422, REQUEST],
  gift_code_not_open: [409, REQUEST],
  // Public pages
  impact_page_not_public: [404, REQUEST],
  // Webhook endpoints
  webhook_url_refused: [400, REQUEST],
  webhook_endpoint_disabled: [409, REQUEST],
  message_id_reused: [422, REQUEST],
  // Rate limits (spec section 8)
  rate_limited: [429, 'rate_limit_error'],
  export_in_progress: [429, 'rate_limit_error'],
  // Ours
  internal_error: [500, 'api_error'],
} as const satisfies Record<string, readonly [number, ErrorType]>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Where in a request a problem sits: ['sent_to', 'email'], ['operations', 3, 'input', 'trees']. */
export type ParamPath = readonly (string | number)[];

export class CanopyError extends Error {
  override readonly name = 'CanopyError';
  readonly status: number;
  readonly type: ErrorType;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The parameter at fault, as a path; null when the request as a whole is refused. */
    readonly path: ParamPath | null = null,
    /** Fields added to the error body (required_scope, operation_index). */
    readonly extra: Readonly<Record<string, unknown>> = {},
    /** Only for `resource_missing` naming `starting_after`, which Stripe answers with 400, not 404. */
    status?: number,
  ) {
    super(message);
    const [tableStatus, type] = ERROR_CODES[code];
    this.status = status ?? tableStatus;
    this.type = type;
  }

  /** The param as Stripe writes it: `sent_to[email]`. */
  get param(): string | null {
    return this.path === null ? null : formatParam(this.path);
  }

  /**
   * The same refusal seen from the request that contained the refused part: its path put
   * under `container` (a foundation operation's input sits at ['input'], a batch's at
   * ['operations', 3, 'input']), its message prefixed and its extra fields added. An
   * error that names no parameter keeps naming none unless `wholeAt` says where the
   * refused part itself sits.
   */
  within(container: ParamPath, options: { wholeAt?: ParamPath; messagePrefix?: string; extra?: Record<string, unknown> } = {}): CanopyError {
    const path = this.path === null ? (options.wholeAt ?? null) : [...container, ...this.path];
    const message = options.messagePrefix ? `${options.messagePrefix}${this.message}` : this.message;
    const relocated = new CanopyError(this.code, message, path, { ...this.extra, ...options.extra }, this.status);
    // The refusal as the refused part itself saw it: the import reports it against its line.
    relocated.cause = this.cause ?? this;
    return relocated;
  }
}

/**
 * The one formatter of parameter paths, after Stripe: ['operations', 3, 'input', 'trees']
 * is `operations[3][input][trees]`. An index into a parameter already named with []
 * is dropped: ['expand[]', 0] is `expand[]`.
 */
export function formatParam(path: ParamPath): string | null {
  const parts = path
    .map(String)
    .filter((part, i, all) => !(/^\d+$/.test(part) && all[i - 1]?.endsWith('[]')));
  const [head, ...rest] = parts;
  if (head === undefined || head === '') return null;
  return head + rest.map((part) => `[${part}]`).join('');
}

/** A JSON Pointer as validators report it (`/photos/0/url`, with ~1 for / and ~0 for ~), as a path. */
export function pathFromPointer(pointer: string): string[] {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Who used up which limit, for the message of a 429. */
const RATE_LIMITED_WHO: Record<RateLimitApiName, (perMinute: number) => string> = {
  per_token_per_minute: (n) => `This API token has made its ${n} requests`,
  per_company_per_minute: (n) => `The company's API tokens together have made their ${n} requests`,
  writes_per_company_per_minute: (n) => `The company's API tokens together have made their ${n} writes (POST, PATCH and DELETE requests)`,
};

/** Every refusal Canopy makes, by name, so a code is spelled in one place with its message. */
export const errors = {
  tokenMissing: () =>
    new CanopyError('token_missing', 'No API token provided. Send it as "Authorization: Bearer canopy_live_..." (or canopy_test_...).'),
  tokenAmbiguous: (count: number) =>
    new CanopyError('token_ambiguous', `The request has ${count} Authorization headers; send exactly one, so it is clear whose credential it is.`),
  tokenInvalid: () => new CanopyError('token_invalid', 'The API token provided is not a valid Canopy token.'),
  tokenRevoked: () => new CanopyError('token_revoked', 'This API token has been revoked.'),
  tokenExpired: (at: Date) => new CanopyError('token_expired', `This API token expired at ${at.toISOString()}.`),
  tokenOwnerRemoved: () =>
    new CanopyError('token_owner_removed', 'The person who created this API token is no longer a member of the company, so the token no longer works.'),
  legacyTokenOnV2: () =>
    new CanopyError('token_wrong_version', 'This is a token of the legacy v1 API, which works on /v1 only. Use a v2 token (canopy_live_... or canopy_test_...) here; see the migration guide.'),

  scopeMissing: (scope: string) =>
    new CanopyError('scope_missing', `This API token lacks the scope "${scope}", which this request needs.`, null, { required_scope: scope }),
  planNotAllowed: (plan: string) => new CanopyError('plan_not_allowed', `The API is part of the "automate" plan; this company is on "${plan}".`),
  companyInactive: (status: string) => new CanopyError('company_inactive', `This company's account is ${status}.`),
  ipNotAllowed: (ip: string) => new CanopyError('ip_not_allowed', `Requests from ${ip} are not in this API token's IP allowlist.`),
  ownerRoleNotAllowed: (scope: string) =>
    new CanopyError('owner_role_not_allowed', `The person who created this API token no longer has a role that allows "${scope}"; members may only read.`, null, { required_scope: scope }),

  notFound: (kind: string, id: string, param = 'id') => new CanopyError('resource_missing', `No such ${kind}: '${id}'.`, [param]),
  impactPageNotPublic: (slug: string) =>
    new CanopyError('impact_page_not_public', `The company at '${slug}' does not show its impact page publicly.`, ['slug']),
  routeNotFound: (method: string, url: string) => new CanopyError('route_not_found', `Unrecognized request URL (${method}: ${url}).`),

  parameterUnknown: (path: ParamPath, message?: string) =>
    new CanopyError('parameter_unknown', message ?? `Received unknown parameter: ${formatParam(path)}.`, path),
  parameterMissing: (path: ParamPath, message?: string) =>
    new CanopyError('parameter_missing', message ?? `Missing required parameter: ${formatParam(path)}.`, path),
  parameterInvalid: (path: ParamPath | null, message: string) => new CanopyError('parameter_invalid', message, path),
  startingAfterUnknown: (id: string) =>
    new CanopyError('resource_missing', `starting_after: no such object '${id}' in this list.`, ['starting_after'], {}, 400),
  unstorableText: (path: ParamPath | null = null) =>
    new CanopyError('parameter_invalid', 'The request contains the NUL character (\\u0000) or a lone UTF-16 surrogate, which no parameter may hold.', path),
  bodyInvalidJson: (detail: string) => new CanopyError('body_invalid_json', `The request body is not valid JSON: ${detail}`),
  bodyTooDeep: (maxDepth: number) =>
    new CanopyError('body_too_deep', `The request body nests objects and arrays more than ${maxDepth} levels deep.`),
  bodyTooLarge: (limitBytes: number) => new CanopyError('body_too_large', `The request body is larger than ${limitBytes} bytes.`),
  requestMalformed: (reason: string) => new CanopyError('request_malformed', `The request is not well-formed HTTP: ${reason}.`),
  hostMissing: () => new CanopyError('request_malformed', 'An HTTP/1.1 request must carry a Host header.'),
  requestTimeout: () => new CanopyError('request_timeout', 'The request did not arrive in time. Send it again.'),
  headersTooLarge: (limitBytes: number) =>
    new CanopyError('headers_too_large', `The request line and headers are larger than ${limitBytes} bytes.`),
  chunkExtensionsTooLarge: () =>
    new CanopyError('body_too_large', 'The chunk extensions of the request body are larger than the server accepts.'),
  unsupportedMediaType: (type: string) => new CanopyError('unsupported_media_type', `Unsupported Content-Type "${type}"; send application/json.`),

  /** A reference (partner_ref, company_id, ...) that names nothing Canopy knows. */
  referenceNotFound: (field: string, what: string, value: string) =>
    new CanopyError('reference_not_found', `No ${what} with ${field} "${value}".`, [field]),

  idempotencyKeyMissing: () =>
    new CanopyError('idempotency_key_missing', 'This request needs an Idempotency-Key header (1 to 255 characters), so that retrying it can never create twice.'),
  idempotencyKeyTooLong: (length: number) =>
    new CanopyError('idempotency_key_too_long', `The Idempotency-Key header has ${length} characters; at most 255 are allowed.`),
  idempotencyKeyReused: (key: string) =>
    new CanopyError('idempotency_key_reused', `Idempotency-Key "${key}" was used within the last 24 hours for a different request (another body or path, or a token that sees other data). Use a new key for a new request.`),
  requestInProgress: (key: string) =>
    new CanopyError('request_in_progress', `A request with Idempotency-Key "${key}" is still being processed. Retry in a moment to get its result.`),

  rateLimited: (limit: RateLimitApiName, perMinute: number, retryAfterSeconds: number) =>
    new CanopyError(
      'rate_limited',
      `${RATE_LIMITED_WHO[limit](perMinute)} of this minute (${limit}). Retry after ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      null,
      { limit },
    ),

  exportInProgress: (limit: 'exports_per_company' | 'exports_per_process', retryAfterSeconds: number) =>
    new CanopyError(
      'export_in_progress',
      `${limit === 'exports_per_company' ? "An export of this company's plantings is already being made" : 'As many exports as Canopy makes at once are being made'} (${limit}). Retry after ${retryAfterSeconds} seconds.`,
      null,
      { limit },
    ),

  internal: () => new CanopyError('internal_error', 'Something went wrong on our side. It has been logged; retry later, quoting the request id.'),
};

export interface ErrorBody {
  error: {
    type: ErrorType;
    code: string;
    message: string;
    param: string | null;
    doc_url: string;
    request_id: string;
    [key: string]: unknown;
  };
}

export function errorBody(error: CanopyError, requestId: string, docsBaseUrl: string): ErrorBody {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      param: error.param,
      doc_url: `${docsBaseUrl}/docs/errors#${error.code}`,
      request_id: requestId,
      ...error.extra,
    },
  };
}
