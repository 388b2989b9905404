/**
 * Rate limits far above what any test sends, so that a big test is never refused: the
 * test apps and the CLI's processes start with them; a test of the limits sets its own.
 */
export const GENEROUS_RATE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_TOKEN_PER_MINUTE: '100000',
  RATE_LIMIT_PER_COMPANY_PER_MINUTE: '100000',
  RATE_LIMIT_WRITES_PER_COMPANY_PER_MINUTE: '100000',
  PUBLIC_PAGE_REQUESTS_PER_MINUTE: '100000',
};
