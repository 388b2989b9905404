-- Gift codes made in the dashboard (issue 26) come in batches: one form makes 1 to 1,000
-- codes with the same trees each, the same valid_until and project, downloaded together as
-- a CSV and as printable cards. The batch is the dashboard's: the API's gift_code object
-- does not show it (a code made through the API has none).
CREATE TABLE gift_code_batches (
  id          text PRIMARY KEY,
  company_id  text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  livemode    boolean NOT NULL,
  codes       integer NOT NULL CHECK (codes BETWEEN 1 AND 1000),
  trees       integer NOT NULL CHECK (trees > 0),
  project_id  text REFERENCES projects (id),
  valid_until timestamptz NOT NULL,
  -- Who made it; kept when the person leaves the company (the audit log names them too).
  created_by  text REFERENCES users (id) ON DELETE SET NULL,
  -- The form's own random key: a form sent twice (a double click, a reload) makes one batch.
  form_key    text,
  created_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
CREATE INDEX gift_code_batches_page ON gift_code_batches (company_id, livemode, created_at DESC, id DESC);
CREATE UNIQUE INDEX gift_code_batches_form ON gift_code_batches (company_id, form_key) WHERE form_key IS NOT NULL;

ALTER TABLE gift_codes ADD COLUMN batch_id text REFERENCES gift_code_batches (id);
-- A batch's codes in the list's order, for its page, its CSV and its cards.
CREATE INDEX gift_codes_of_batch ON gift_codes (batch_id, created_at DESC, id DESC) WHERE batch_id IS NOT NULL;
