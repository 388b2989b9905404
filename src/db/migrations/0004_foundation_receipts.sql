-- What the foundation has sent before, so that a replay of an operation, or of a whole
-- import file, changes nothing and writes no event, even where a later operation has
-- changed the same object since. Keyed by the operation's message_id when it sends
-- one, else by a hash of the operation's canonical JSON.
CREATE TABLE foundation_receipts (
  key         text PRIMARY KEY,
  op          text NOT NULL,
  object_id   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
);
