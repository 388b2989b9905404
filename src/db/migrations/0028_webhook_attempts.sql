-- Webhook delivery log (issue 25): every attempt to send an event to an endpoint, for the
-- dashboard's delivery log and the warning before an endpoint is switched off.
-- event_deliveries stays the state of each (event, endpoint); this is its history.

-- One row per HTTP attempt (and per test event sent from the dashboard). No foreign key to
-- events: a test event is not in the event log, and both are kept 30 days (purge jobs).
-- Holds no payload: the event log has it; response_body is the receiver's answer, cut to 2 KB.
CREATE TABLE webhook_attempts (
  id            text PRIMARY KEY,
  endpoint_id   text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  company_id    text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode      boolean NOT NULL,
  event_id      text NOT NULL,
  event_type    text NOT NULL,
  test          boolean NOT NULL DEFAULT false,
  attempted_at  timestamptz NOT NULL,
  status_code   integer,
  latency_ms    integer NOT NULL,
  response_body text,
  error         text,
  outcome       text NOT NULL CHECK (outcome IN ('succeeded', 'failed'))
);
-- An endpoint's attempts newest first; filtered by outcome (failures are the few worth a
-- partial index of their own) or by event type; an event's attempts; and the purge by age.
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, attempted_at DESC, id DESC);
CREATE INDEX webhook_attempts_endpoint_failed ON webhook_attempts (endpoint_id, attempted_at DESC, id DESC) WHERE outcome = 'failed';
CREATE INDEX webhook_attempts_endpoint_type ON webhook_attempts (endpoint_id, event_type, attempted_at DESC, id DESC);
CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id, attempted_at DESC);
CREATE INDEX webhook_attempts_attempted ON webhook_attempts (attempted_at);

-- The admins are warned once per run of failures, a day in (reset when a delivery succeeds).
ALTER TABLE webhook_endpoints ADD COLUMN failing_warned_at timestamptz;

-- When an endpoint was switched off, by anyone: the events of those times have no delivery to
-- it, and recovering it ("send what it missed since ...") finds them here. Kept 30 days after
-- they end, like the events.
CREATE TABLE webhook_endpoint_pauses (
  endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  paused_at   timestamptz NOT NULL,
  resumed_at  timestamptz,
  PRIMARY KEY (endpoint_id, paused_at)
);
INSERT INTO webhook_endpoint_pauses (endpoint_id, paused_at)
  SELECT id, coalesce(disabled_at, updated_at) FROM webhook_endpoints WHERE status = 'disabled';

-- An endpoint's failed deliveries, for "resend all failed since ...".
CREATE INDEX event_deliveries_failed_of_endpoint ON event_deliveries (endpoint_id) WHERE status = 'failed';
