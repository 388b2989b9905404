-- A message_id received again with a different operation is refused, not taken for a
-- replay: the receipt keeps a hash of the operation it was given for.
ALTER TABLE foundation_receipts ADD COLUMN content_hash text;
