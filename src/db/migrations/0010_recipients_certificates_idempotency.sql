-- Recipients through the API (issue 7): whether the certificate is to be emailed, and an
-- index for each list filter, so that no filter scans a company's recipients.
ALTER TABLE recipients ADD COLUMN send_email boolean NOT NULL DEFAULT false;
CREATE INDEX recipients_source_page ON recipients (company_id, livemode, source, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX recipients_project_page ON recipients (company_id, livemode, project_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX recipients_updated ON recipients (company_id, livemode, updated_at) WHERE deleted_at IS NULL;

-- Certificate numbers (CNP-2026-000123) count up across all companies.
CREATE SEQUENCE certificate_numbers;
-- One personal certificate per recipient, reissued in place; one company certificate per company and mode.
CREATE UNIQUE INDEX certificates_of_recipient ON certificates (recipient_id) WHERE recipient_id IS NOT NULL;
CREATE UNIQUE INDEX certificates_of_company ON certificates (company_id, livemode) WHERE type = 'company';
CREATE INDEX certificates_type_page ON certificates (company_id, livemode, type, created_at DESC, id DESC);
CREATE INDEX certificates_project_page ON certificates (company_id, livemode, project_id, created_at DESC, id DESC);
CREATE INDEX certificates_updated ON certificates (company_id, livemode, updated_at);

-- Who holds an idempotency key while its first request runs: the store of the response
-- succeeds only for the holder, so a request whose claim was taken over cannot commit.
ALTER TABLE idempotency_keys ADD COLUMN locked_by text;

-- Trees for a recipient restricted to one project: that project's oldest unassigned
-- allocations, without reading the company's others.
CREATE INDEX allocations_unassigned_in_project ON allocations (company_id, livemode, project_id, created_at, id)
  WHERE recipient_id IS NULL AND gift_code_id IS NULL;
