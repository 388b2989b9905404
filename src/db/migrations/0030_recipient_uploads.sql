-- CSV uploads of recipients in the dashboard (issue 26): a file of up to 10,000 rows is
-- read and checked once (the preview), its rows stored here so that a worker in another
-- process gives them, in order, in chunks, each chunk one transaction.

CREATE TABLE recipient_uploads (
  id               text PRIMARY KEY,
  company_id       text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  livemode         boolean NOT NULL,
  -- Who uploaded it; kept when the person leaves the company (the audit log names them too).
  created_by       text REFERENCES users (id) ON DELETE SET NULL,
  -- previewed: checked, nothing given; queued: the person chose to give; giving: the job
  -- is at it; done: every row has its outcome; refused: the whole upload was refused
  -- before any row was given (too few trees); expired: a preview never started, past its retention.
  status           text NOT NULL CHECK (status IN ('previewed', 'queued', 'giving', 'done', 'refused', 'expired')),
  -- What to do when the trees do not suffice: refuse the whole upload, or give rows in order until they run out.
  when_short       text CHECK (when_short IN ('refuse_upload', 'give_until_out')),
  file_sha256      text NOT NULL,
  delimiter        text NOT NULL,
  rows_total       integer NOT NULL,
  -- Rows the preview found wrong (refused) or given before (skipped); the rest are to give.
  rows_invalid     integer NOT NULL,
  rows_skipped     integer NOT NULL,
  trees_to_give    integer NOT NULL,
  -- Outcomes so far (the progress bar): rows given, refused and skipped by the job.
  rows_given       integer NOT NULL DEFAULT 0,
  rows_refused     integer NOT NULL DEFAULT 0,
  rows_passed      integer NOT NULL DEFAULT 0,
  trees_given      integer NOT NULL DEFAULT 0,
  -- The trees ran out at this row: every later row is refused no_trees_available.
  ran_out_at_row   integer,
  created_at       timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  started_at       timestamptz,
  finished_at      timestamptz
);
CREATE INDEX recipient_uploads_page ON recipient_uploads (company_id, created_at DESC, id DESC);
-- The purge of rows past their retention (modules/recipients/upload-jobs.ts).
CREATE INDEX recipient_uploads_open ON recipient_uploads (created_at) WHERE status IN ('previewed', 'queued', 'giving');

-- One row of a file, numbered as a spreadsheet numbers it (the header is row 1). `input`
-- is the row as the API's body (names, email, message: personal data): it is set to null
-- in the transaction that gives the row (the recipient then holds it), when the row is
-- refused or skipped, and by the purge when a preview is never started. What stays is the
-- outcome, for the result file: no name, no email.
CREATE TABLE recipient_upload_rows (
  upload_id          text NOT NULL REFERENCES recipient_uploads (id) ON DELETE CASCADE,
  row_number         integer NOT NULL,
  -- `ref:<external_reference>`, or `hash:<keyed SHA-256 of the row's normalised content>`.
  row_key            text,
  external_reference text,
  trees              integer,
  input              jsonb,
  outcome            text CHECK (outcome IN ('created', 'refused', 'skipped')),
  recipient_id       text,
  -- Why a row was refused or skipped: each problem's code (the API's where there is one),
  -- column, and what its text needs (another row's number, a limit); never the cell's value.
  problems           jsonb,
  PRIMARY KEY (upload_id, row_number)
);
-- The job's next chunk: the rows without an outcome, in order.
CREATE INDEX recipient_upload_rows_pending ON recipient_upload_rows (upload_id, row_number) WHERE outcome IS NULL;

-- Every row an upload of the company gave, by its key: a row of a later upload with the same
-- key is skipped, pointing to this recipient. Written in the transaction that gives the row,
-- so a chunk a crashed worker had committed is never given again, and one it had not is
-- given once. Kept after the upload's rows are gone; a hash key is keyed with the server's
-- secret, so it cannot be matched against guessed names or emails.
CREATE TABLE recipient_upload_keys (
  company_id   text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  livemode     boolean NOT NULL,
  row_key      text NOT NULL,
  recipient_id text NOT NULL,
  upload_id    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  PRIMARY KEY (company_id, livemode, row_key)
);
