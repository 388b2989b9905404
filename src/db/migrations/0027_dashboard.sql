-- The company dashboard (issue 25): people sign in with a password or a one-time link,
-- sessions live here (not in a signed cookie), so that signing out everywhere, removing a
-- person or lowering a role ends them at once; every change made in the dashboard is
-- written to the company's audit log.

-- A person's password, as a scrypt hash (platform/dashboard/passwords.ts); null until they
-- choose one (an invited person signs in by their invitation link first). Their language
-- for the dashboard and its emails; null: the browser's.
ALTER TABLE users ADD COLUMN password_hash text;
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'nl'));
ALTER TABLE users ADD COLUMN signed_in_at timestamptz;
-- An email address signs in to one company: the sign-in form looks it up across companies.
CREATE INDEX users_email_active ON users (lower(email)) WHERE removed_at IS NULL;

-- A signed-in browser. The cookie holds a random value; only its SHA-256 is stored, as for
-- API tokens. A session ends at expires_at (absolute), when idle past the idle limit
-- (last_seen_at), when its person signs out (everywhere), is removed, or is lowered in role
-- (the session reads the role live, so a lowered admin keeps a member's session).
CREATE TABLE dashboard_sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  last_seen_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id) WHERE ended_at IS NULL;
-- The hourly purge of sessions 30 days past their end (modules/accounts/jobs.ts).
CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);

-- One-time links by email: an invitation (choose a password), a sign-in link, a password
-- reset. Only the SHA-256 of the link's secret is stored; a link works once, until expires_at.
CREATE TABLE sign_in_links (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('invite', 'sign_in', 'reset')),
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_links_user ON sign_in_links (user_id, purpose) WHERE used_at IS NULL;
CREATE INDEX sign_in_links_expires ON sign_in_links (expires_at);

-- Who changed what in the dashboard (and the CLI's user commands): never a secret or a
-- token's value, only ids, names and the fields changed.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- null: the operator (the canopy CLI).
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  -- The order of writing: entries of one millisecond (a removal and its revoked tokens) keep it.
  seq bigserial NOT NULL
);
CREATE INDEX audit_log_company_order ON audit_log (company_id, seq DESC);
CREATE INDEX audit_log_company_time ON audit_log (company_id, created_at DESC);
