-- A company's own API rate limits (issue 12), set by the operator with
-- `canopy companies set-limits`. NULL: the configuration's default applies. They are read
-- with the token on every v2 request, so a change applies at once on every process.
ALTER TABLE companies
  ADD COLUMN rate_limit_per_token_per_minute integer CHECK (rate_limit_per_token_per_minute >= 1),
  ADD COLUMN rate_limit_per_company_per_minute integer CHECK (rate_limit_per_company_per_minute >= 1),
  ADD COLUMN rate_limit_writes_per_company_per_minute integer CHECK (rate_limit_writes_per_company_per_minute >= 1);
