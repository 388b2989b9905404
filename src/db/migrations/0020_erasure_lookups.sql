-- Erasure (DELETE /v2/recipients/{id}, a gift code revoked with remove_personal_data)
-- finds every stored copy of a person's data by the id of the object that holds it, on an
-- index, never by reading a company's events, stored responses or jobs.

-- The events whose data.object is a recipient: the only event types that carry personal
-- data (src/events/record.ts, PERSONAL_EVENT_TYPES). Partial, so other events cost nothing.
CREATE INDEX events_of_person ON events ((data -> 'object' ->> 'id'))
  WHERE type IN ('recipient.created', 'recipient.claimed');

-- Stored Idempotency-Key responses by the id of the object they answered with (a
-- recipient, a gift code).
CREATE INDEX idempotency_keys_of_object ON idempotency_keys (company_id, livemode, (response_body ->> 'id'))
  WHERE response_body IS NOT NULL;

-- A recipient's queued jobs (its certificate, its email): dropped by its erasure, and
-- looked up by issue_certificate before it queues an email.
CREATE INDEX jobs_of_recipient ON jobs ((payload ->> 'recipient_id'));
