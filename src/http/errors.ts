/**
 * The one error shape of the API, after Stripe:
 *   {"error": {"type", "code", "message", "param", "doc_url", "request_id"}}
 * Every failure is an ApiError built by one of the factories below; docs/errors.md
 * lists every code with its status. Anything else becomes an opaque 500.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const errors = {
  // 401: who is calling?
  tokenMissing: () =>
    new ApiError(401, 'authentication_error', 'token_missing', 'No API token provided. Send it as "Authorization: Bearer canopy_live_..." (or canopy_test_...).'),
  tokenInvalid: () =>
    new ApiError(401, 'authentication_error', 'token_invalid', 'The API token provided is not a valid Canopy token.'),
  tokenRevoked: () => new ApiError(401, 'authentication_error', 'token_revoked', 'This API token has been revoked.'),
  tokenExpired: (at: Date) =>
    new ApiError(401, 'authentication_error', 'token_expired', `This API token expired at ${at.toISOString()}.`),
  tokenOwnerRemoved: () =>
    new ApiError(401, 'authentication_error', 'token_owner_removed', 'The person who created this API token is no longer a member of the company, so the token no longer works.'),
  legacyTokenOnV2: () =>
    new ApiError(401, 'authentication_error', 'token_wrong_version', 'This is a v1 token. v1 tokens work on the v1 API only; create a v2 token in Settings > API tokens.'),

  // 403: allowed to do this?
  scopeMissing: (scope: string) =>
    new ApiError(403, 'permission_error', 'scope_missing', `This API token lacks the scope "${scope}", which this request needs.`, null, { required_scope: scope }),
  planNotAllowed: (plan: string) =>
    new ApiError(403, 'permission_error', 'plan_not_allowed', `The API is part of the "automate" plan; this company is on "${plan}".`),
  companyInactive: (status: string) =>
    new ApiError(403, 'permission_error', 'company_inactive', `This company's account is ${status}.`),
  ipNotAllowed: (ip: string) =>
    new ApiError(403, 'permission_error', 'ip_not_allowed', `Requests from ${ip} are not in this API token's IP allowlist.`),
  ownerRoleNotAllowed: (scope: string) =>
    new ApiError(403, 'permission_error', 'owner_role_not_allowed', `The person who created this API token no longer has a role that allows "${scope}"; members may only read.`, null, { required_scope: scope }),

  // 404
  notFound: (kind: string, id: string, param: string | null = 'id') =>
    new ApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'.`, param),
  routeNotFound: (method: string, url: string) =>
    new ApiError(404, 'invalid_request_error', 'route_not_found', `Unrecognized request URL (${method}: ${url}).`),

  // 400 and friends: the request itself is wrong
  parameterUnknown: (param: string) =>
    new ApiError(400, 'invalid_request_error', 'parameter_unknown', `Received unknown parameter: ${param}.`, param),
  parameterMissing: (param: string) =>
    new ApiError(400, 'invalid_request_error', 'parameter_missing', `Missing required parameter: ${param}.`, param),
  parameterInvalid: (param: string | null, message: string) =>
    new ApiError(400, 'invalid_request_error', 'parameter_invalid', message, param),
  startingAfterUnknown: (id: string) =>
    new ApiError(400, 'invalid_request_error', 'resource_missing', `starting_after: no such object '${id}' in this list.`, 'starting_after'),
  unstorableText: () =>
    new ApiError(400, 'invalid_request_error', 'parameter_invalid', 'The request contains the NUL character (\\u0000) or a lone UTF-16 surrogate, which no parameter may hold.'),
  bodyInvalidJson: (detail: string) =>
    new ApiError(400, 'invalid_request_error', 'body_invalid_json', `The request body is not valid JSON: ${detail}`),
  bodyTooLarge: (limitBytes: number) =>
    new ApiError(413, 'invalid_request_error', 'body_too_large', `The request body is larger than ${limitBytes} bytes.`),
  unsupportedMediaType: (type: string) =>
    new ApiError(415, 'invalid_request_error', 'unsupported_media_type', `Unsupported Content-Type "${type}"; send application/json.`),

  internal: () =>
    new ApiError(500, 'api_error', 'internal_error', 'Something went wrong on our side. It has been logged; retry later, quoting the request id.'),
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

export function errorBody(error: ApiError, requestId: string, docsBaseUrl: string): ErrorBody {
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
