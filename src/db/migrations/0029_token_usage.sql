-- API tokens in the dashboard (issue 25): where a token was last used from, and rolling.
--
-- last_used_ip is written with last_used_at, in the same statement, at most once a minute
-- per token (http/token-verifier.ts): the address of the request that wrote it. Neither is
-- news to the token cache (migration 0016's trigger leaves them out).
ALTER TABLE api_tokens ADD COLUMN last_used_ip text;

-- Rolling a token (as Stripe's "roll key") makes a new row with a new value, the same name,
-- scopes, mode, expiry and allowlist, owned by the person rolling (rolled_from_token_id: the
-- old row); the old row's expires_at becomes the end of the overlap the admin chose (now for
-- none) and rolled_to_token_id names the new row. So each value keeps its own last use, and
-- the old one is refused by the same expiry rule as any expired token. A token is rolled once.
ALTER TABLE api_tokens ADD COLUMN rolled_from_token_id text REFERENCES api_tokens (id) ON DELETE SET NULL;
ALTER TABLE api_tokens ADD COLUMN rolled_to_token_id text REFERENCES api_tokens (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX api_tokens_rolled_from ON api_tokens (rolled_from_token_id) WHERE rolled_from_token_id IS NOT NULL;
