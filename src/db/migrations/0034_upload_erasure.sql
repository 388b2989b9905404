-- CSV uploads (issue 26), after review. A recipient's erasure clears the reference and body of
-- the upload rows that name it, found by recipient_id. An upload whose job died for good is
-- `failed` (the purge marks it); one given in "refuse the whole upload" mode whose trees ran out
-- after rows were given (trees taken meanwhile) is `partial`, not `done`.
CREATE INDEX recipient_upload_rows_recipient ON recipient_upload_rows (recipient_id) WHERE recipient_id IS NOT NULL;

ALTER TABLE recipient_uploads DROP CONSTRAINT recipient_uploads_status_check;
ALTER TABLE recipient_uploads ADD CONSTRAINT recipient_uploads_status_check
  CHECK (status IN ('previewed', 'queued', 'giving', 'done', 'partial', 'refused', 'failed', 'expired'));

-- Keys were `ref:<external_reference>` in clear; they are now a keyed hash, which SQL cannot
-- compute (the key is derived from the server's secret). The clear ones go: a live recipient
-- still holds its reference, so a re-upload of its row is refused external_reference_taken.
DELETE FROM recipient_upload_keys WHERE row_key LIKE 'ref:%';
UPDATE recipient_upload_rows SET row_key = NULL WHERE row_key LIKE 'ref:%' AND outcome IS NOT NULL;
