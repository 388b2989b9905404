-- Webhook delivery (issue 10).

-- Signing secrets are kept encrypted (AES-256-GCM, a key derived from CANOPY_SECRET_KEY),
-- never in the clear. No endpoint could be made before this migration, so there is nothing to convert.
ALTER TABLE webhook_endpoints RENAME COLUMN secret TO secret_encrypted;
-- A rotated secret keeps signing beside the new one until it expires.
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_encrypted text;
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_expires_at timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason text;

-- A delivery is claimed by a lease, so any number of workers share them and a worker that
-- dies mid-attempt leaves it to be sent again when the lease runs out.
ALTER TABLE event_deliveries ADD COLUMN locked_until timestamptz;
ALTER TABLE event_deliveries ADD COLUMN last_error text;
ALTER TABLE event_deliveries ADD COLUMN delivered_at timestamptz;
ALTER TABLE event_deliveries ADD COLUMN created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now());
-- The pending deliveries of one endpoint (redelivery, disabling, and the count in flight).
CREATE INDEX event_deliveries_pending_of_endpoint ON event_deliveries (endpoint_id, next_attempt_at) WHERE status = 'pending';
