-- Tokens of the legacy v1 API (issue 11): made by the operator for old integrations,
-- hashed like v2 tokens, working on v1 only (and v2 tokens on v2 only). v1 has no test
-- mode and no scopes: a v1 token is live and reads what v1 shows.
ALTER TABLE api_tokens ADD COLUMN api_version text NOT NULL DEFAULT 'v2' CHECK (api_version IN ('v1', 'v2'));
