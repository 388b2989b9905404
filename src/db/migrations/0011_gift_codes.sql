-- Gift codes through the API and the public claim page (issue 9).

-- Every code has an end: the default is set by the service (a year), never left open.
UPDATE gift_codes SET valid_until = created_at + interval '1 year' WHERE valid_until IS NULL;
ALTER TABLE gift_codes ALTER COLUMN valid_until SET NOT NULL;
-- Revoked and expired are moments too: the worker's expiry and a revoke set them.
ALTER TABLE gift_codes ADD COLUMN expired_at timestamptz;

-- One index per list filter, so that no filter scans a company's codes.
CREATE INDEX gift_codes_status_page ON gift_codes (company_id, livemode, status, created_at DESC, id DESC);
CREATE INDEX gift_codes_external_reference ON gift_codes (company_id, livemode, external_reference, created_at DESC, id DESC)
  WHERE external_reference IS NOT NULL;
CREATE INDEX gift_codes_updated ON gift_codes (company_id, livemode, updated_at);
-- The code a recipient claimed (recipient.gift_code), and a code's reserved trees.
CREATE UNIQUE INDEX gift_codes_of_recipient ON gift_codes (recipient_id) WHERE recipient_id IS NOT NULL;
CREATE INDEX allocations_of_gift_code ON allocations (gift_code_id) WHERE gift_code_id IS NOT NULL;

-- Counters of rate-limiter-flexible's PostgreSQL store (its own table layout), shared by
-- every process on one PostgreSQL: failed gift code look-ups per client address, and
-- later the API's limits. `expire` is milliseconds since the epoch.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
