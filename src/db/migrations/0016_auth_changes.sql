-- Processes cache what authenticating a token reads (the token, its owner, its company).
-- Whatever changes one of those rows tells every process at commit, on the channel
-- canopy_auth, so a revoked, expired-early, demoted or removed credential stops working
-- at once everywhere (src/http/token-cache.ts). A token's last_used_at is not news.
CREATE FUNCTION canopy_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('canopy_auth', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_tokens_auth_changed
  AFTER UPDATE OF company_id, owner_user_id, name, livemode, scopes, token_hash, expires_at, ip_allowlist, revoked_at, api_version OR DELETE
  ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION canopy_auth_changed();

CREATE TRIGGER users_auth_changed
  AFTER UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION canopy_auth_changed();

CREATE TRIGGER companies_auth_changed
  AFTER UPDATE OR DELETE ON companies FOR EACH STATEMENT EXECUTE FUNCTION canopy_auth_changed();
