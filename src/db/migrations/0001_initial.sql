-- Canopy's initial schema: every object of spec section 2, plus the operator's tables
-- (users, tokens, foundation keys, jobs, idempotency) and the counters that keep
-- company totals off the hot path.
--
-- Conventions: ids are text "<prefix>_<24 alphanumerics>"; timestamps are timestamptz;
-- translated texts are jsonb maps {"en": "...", "nl": "..."}; objects that exist in
-- test mode carry "livemode". Every list is served by an index on
-- (scope..., created_at DESC, id DESC) for keyset pagination.

CREATE TABLE companies (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  slug            text NOT NULL UNIQUE,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'closed')),
  plan            text NOT NULL DEFAULT 'automate' CHECK (plan IN ('starter', 'grow', 'automate')),
  country         text,
  website_url     text,
  logo_url        text,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);

-- Totals per company and mode, maintained in the same transaction as every change to
-- allocations, recipients and certificates, so GET /company never scans allocations.
CREATE TABLE company_totals (
  company_id            text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode              boolean NOT NULL,
  trees_pledged         bigint NOT NULL DEFAULT 0,
  trees_planted         bigint NOT NULL DEFAULT 0,
  trees_monitored       bigint NOT NULL DEFAULT 0,
  trees_unassigned      bigint NOT NULL DEFAULT 0,
  projects              integer NOT NULL DEFAULT 0,
  plantings             integer NOT NULL DEFAULT 0,
  recipients            integer NOT NULL DEFAULT 0,
  certificates          integer NOT NULL DEFAULT 0,
  first_contribution_at timestamptz,
  PRIMARY KEY (company_id, livemode)
);

CREATE TABLE users (
  id          text PRIMARY KEY,
  company_id  text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  email       text NOT NULL,
  name        text NOT NULL,
  role        text NOT NULL CHECK (role IN ('admin', 'member')),
  removed_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE UNIQUE INDEX users_company_email ON users (company_id, lower(email));

CREATE TABLE api_tokens (
  id            text PRIMARY KEY,
  company_id    text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  owner_user_id text NOT NULL REFERENCES users(id),
  name          text NOT NULL,
  livemode      boolean NOT NULL,
  scopes        text[] NOT NULL,
  token_hash    text NOT NULL UNIQUE,
  token_prefix  text NOT NULL,
  token_last4   text NOT NULL,
  expires_at    timestamptz,
  ip_allowlist  text[] NOT NULL DEFAULT '{}',
  revoked_at    timestamptz,
  last_used_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX api_tokens_company ON api_tokens (company_id, created_at DESC, id DESC);

CREATE TABLE foundation_keys (
  id           text PRIMARY KEY,
  name         text NOT NULL,
  key_hash     text NOT NULL UNIQUE,
  key_prefix   text NOT NULL,
  key_last4    text NOT NULL,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);

CREATE TABLE partners (
  id              text PRIMARY KEY,
  foundation_ref  text NOT NULL UNIQUE,
  name            text NOT NULL,
  country         text,
  website_url     text,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);

CREATE TABLE projects (
  id              text PRIMARY KEY,
  foundation_ref  text NOT NULL UNIQUE,
  legacy_id       integer UNIQUE,
  partner_id      text NOT NULL REFERENCES partners(id),
  name            jsonb NOT NULL,
  description     jsonb NOT NULL,
  country         text NOT NULL,
  region          text NOT NULL,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('planned', 'active', 'completed')),
  ecosystem_type  text NOT NULL,
  started_at      date,
  latitude        double precision,
  longitude       double precision,
  geometry        jsonb,
  photos          jsonb NOT NULL DEFAULT '[]',
  default_species jsonb NOT NULL DEFAULT '[]',
  sdg_goals       integer[] NOT NULL DEFAULT '{}',
  foundation_url  text,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);

-- A planting's dossier (date, polygon, species, photos, notes) grows over time.
-- completed_at: the foundation reported the planting done; allocations move to
-- "planted" once that and a complete dossier both hold.
CREATE TABLE plantings (
  id               text PRIMARY KEY,
  foundation_ref   text NOT NULL UNIQUE,
  livemode         boolean NOT NULL DEFAULT true,
  project_id       text NOT NULL REFERENCES projects(id),
  partner_id       text NOT NULL REFERENCES partners(id),
  source           text NOT NULL DEFAULT 'foundation' CHECK (source IN ('foundation', 'legacy')),
  planted_at       date,
  trees            integer NOT NULL CHECK (trees >= 0),
  species          jsonb NOT NULL DEFAULT '[]',
  latitude         double precision,
  longitude        double precision,
  geometry         jsonb,
  photos           jsonb NOT NULL DEFAULT '[]',
  planting_method  text,
  notes            jsonb,
  completed_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX plantings_project ON plantings (project_id);

CREATE TABLE monitorings (
  id              text PRIMARY KEY,
  foundation_ref  text NOT NULL UNIQUE,
  project_id      text NOT NULL REFERENCES projects(id),
  planting_id     text REFERENCES plantings(id),
  recorded_at     date NOT NULL,
  survival_rate   double precision NOT NULL CHECK (survival_rate >= 0 AND survival_rate <= 1),
  trees_alive     integer NOT NULL CHECK (trees_alive >= 0),
  method          text NOT NULL,
  photos          jsonb NOT NULL DEFAULT '[]',
  notes           jsonb,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX monitorings_project ON monitorings (project_id, recorded_at DESC, id DESC);
CREATE INDEX monitorings_planting ON monitorings (planting_id, recorded_at DESC, id DESC) WHERE planting_id IS NOT NULL;

CREATE TABLE verifications (
  id                    text PRIMARY KEY,
  foundation_ref        text NOT NULL UNIQUE,
  project_id            text NOT NULL REFERENCES projects(id),
  period_start          date NOT NULL,
  period_end            date NOT NULL,
  verifier_name         text NOT NULL,
  verifier_website_url  text,
  document_url          text,
  summary               jsonb NOT NULL,
  trees_verified        integer NOT NULL CHECK (trees_verified >= 0),
  published_at          timestamptz NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX verifications_project ON verifications (project_id, published_at DESC, id DESC);

-- Which projects and plantings a company has trees in, per mode, with the
-- per-status tree counts. Serves GET /projects, GET /plantings, project.trees and
-- planting.trees_for_company without scanning allocations.
CREATE TABLE company_projects (
  company_id        text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode          boolean NOT NULL,
  project_id        text NOT NULL REFERENCES projects(id),
  project_created_at timestamptz NOT NULL,
  trees_pledged     bigint NOT NULL DEFAULT 0,
  trees_planted     bigint NOT NULL DEFAULT 0,
  trees_monitored   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, livemode, project_id)
);
CREATE INDEX company_projects_page ON company_projects (company_id, livemode, project_created_at DESC, project_id DESC);

CREATE TABLE company_plantings (
  company_id          text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode            boolean NOT NULL,
  planting_id         text NOT NULL REFERENCES plantings(id),
  project_id          text NOT NULL REFERENCES projects(id),
  planting_created_at timestamptz NOT NULL,
  trees               bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, livemode, planting_id)
);
CREATE INDEX company_plantings_page ON company_plantings (company_id, livemode, planting_created_at DESC, planting_id DESC);
CREATE INDEX company_plantings_project_page ON company_plantings (company_id, livemode, project_id, planting_created_at DESC, planting_id DESC);

CREATE TABLE recipients (
  id                  text PRIMARY KEY,
  company_id          text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode            boolean NOT NULL,
  first_name          text,
  last_name           text,
  email               text,
  language            text NOT NULL DEFAULT 'en',
  external_reference  text CHECK (length(external_reference) <= 255),
  trees               integer NOT NULL CHECK (trees > 0),
  project_id          text REFERENCES projects(id),
  message             text,
  source              text NOT NULL CHECK (source IN ('api', 'dashboard', 'gift_code', 'foundation', 'legacy')),
  certificate_id      text,
  foundation_ref      text UNIQUE,
  email_sent_at       timestamptz,
  claimed_at          timestamptz,
  deleted_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX recipients_page ON recipients (company_id, livemode, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX recipients_external_reference ON recipients (company_id, livemode, external_reference)
  WHERE deleted_at IS NULL AND external_reference IS NOT NULL;

CREATE TABLE gift_codes (
  id                  text PRIMARY KEY,
  company_id          text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode            boolean NOT NULL,
  code                text NOT NULL UNIQUE,
  status              text NOT NULL CHECK (status IN ('open', 'claimed', 'expired', 'revoked')),
  trees               integer NOT NULL CHECK (trees > 0),
  project_id          text REFERENCES projects(id),
  sent_to_name        text,
  sent_to_email       text,
  external_reference  text CHECK (length(external_reference) <= 255),
  recipient_id        text REFERENCES recipients(id),
  valid_until         timestamptz,
  claimed_at          timestamptz,
  revoked_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at          timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX gift_codes_page ON gift_codes (company_id, livemode, created_at DESC, id DESC);

CREATE TABLE certificates (
  id           text PRIMARY KEY,
  company_id   text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode     boolean NOT NULL,
  type         text NOT NULL CHECK (type IN ('company', 'personal', 'gift')),
  number       text NOT NULL UNIQUE,
  trees        integer NOT NULL,
  project_id   text REFERENCES projects(id),
  recipient_id text REFERENCES recipients(id),
  language     text NOT NULL DEFAULT 'en',
  issued_at    timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  withdrawn_at timestamptz,
  created_at   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX certificates_page ON certificates (company_id, livemode, created_at DESC, id DESC);

-- An allocation: trees of one planting assigned to a company. Assigning part of an
-- allocation to a recipient or gift code splits it, so each row has one owner.
CREATE TABLE allocations (
  id               text PRIMARY KEY,
  company_id       text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode         boolean NOT NULL,
  planting_id      text NOT NULL REFERENCES plantings(id),
  project_id       text NOT NULL REFERENCES projects(id),
  trees            integer NOT NULL CHECK (trees >= 0),
  status           text NOT NULL CHECK (status IN ('pledged', 'planted', 'monitored')),
  source           text NOT NULL CHECK (source IN ('foundation', 'legacy')),
  recipient_id     text REFERENCES recipients(id),
  gift_code_id     text REFERENCES gift_codes(id),
  certificate_id   text REFERENCES certificates(id),
  foundation_ref   text UNIQUE,
  legacy_tree_ids  text[] NOT NULL DEFAULT '{}',
  legacy_order_id  text,
  allocated_at     timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX allocations_page ON allocations (company_id, livemode, created_at DESC, id DESC);
CREATE INDEX allocations_status_page ON allocations (company_id, livemode, status, created_at DESC, id DESC);
CREATE INDEX allocations_project_page ON allocations (company_id, livemode, project_id, created_at DESC, id DESC);
CREATE INDEX allocations_planting_page ON allocations (company_id, livemode, planting_id, created_at DESC, id DESC);
CREATE INDEX allocations_recipient_page ON allocations (company_id, livemode, recipient_id, created_at DESC, id DESC);
CREATE INDEX allocations_unassigned_page ON allocations (company_id, livemode, created_at DESC, id DESC)
  WHERE recipient_id IS NULL AND gift_code_id IS NULL;
CREATE INDEX allocations_updated ON allocations (company_id, livemode, updated_at);
CREATE INDEX allocations_by_planting ON allocations (planting_id);

CREATE TABLE webhook_endpoints (
  id                    text PRIMARY KEY,
  company_id            text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode              boolean NOT NULL,
  url                   text NOT NULL,
  description           text,
  secret                text NOT NULL,
  enabled_events        text[] NOT NULL DEFAULT '{*}',
  include_personal_data boolean NOT NULL DEFAULT false,
  status                text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  failing_since         timestamptz,
  disabled_at           timestamptz,
  created_at            timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at            timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX webhook_endpoints_page ON webhook_endpoints (company_id, livemode, created_at DESC, id DESC);

-- The event log doubles as the outbox: an event is written in the transaction of
-- the change that causes it.
CREATE TABLE events (
  id          text PRIMARY KEY,
  company_id  text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode    boolean NOT NULL,
  type        text NOT NULL,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX events_page ON events (company_id, livemode, created_at DESC, id DESC);
CREATE INDEX events_type_page ON events (company_id, livemode, type, created_at DESC, id DESC);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE event_deliveries (
  event_id          text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  endpoint_id       text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts          integer NOT NULL DEFAULT 0,
  next_attempt_at   timestamptz,
  last_attempt_at   timestamptz,
  last_status_code  integer,
  PRIMARY KEY (event_id, endpoint_id)
);
CREATE INDEX event_deliveries_due ON event_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE idempotency_keys (
  company_id      text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode        boolean NOT NULL,
  key             text NOT NULL CHECK (length(key) <= 255),
  request_method  text NOT NULL,
  request_path    text NOT NULL,
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  locked_at       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  PRIMARY KEY (company_id, livemode, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Background jobs, claimed with FOR UPDATE SKIP LOCKED by any worker process.
CREATE TABLE jobs (
  id           bigserial PRIMARY KEY,
  kind         text NOT NULL,
  payload      jsonb NOT NULL DEFAULT '{}',
  run_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  attempts     integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX jobs_due ON jobs (run_at, id);
