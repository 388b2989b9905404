-- Events written by one operation can share a millisecond; a random id as tie-breaker
-- listed them out of order. seq numbers them as written.
ALTER TABLE events ADD COLUMN seq bigserial;
DROP INDEX events_page;
DROP INDEX events_type_page;
CREATE INDEX events_page ON events (company_id, livemode, created_at DESC, seq DESC);
CREATE INDEX events_type_page ON events (company_id, livemode, type, created_at DESC, seq DESC);

-- Proof a test helper makes belongs to the company that asked for it: other companies'
-- test modes must not see it (the foundation's own test proof has no owner and is shared).
ALTER TABLE monitorings ADD COLUMN owner_company_id text REFERENCES companies(id) ON DELETE CASCADE;
ALTER TABLE verifications ADD COLUMN owner_company_id text REFERENCES companies(id) ON DELETE CASCADE;

-- verification.published and project fan-out look companies up by project.
CREATE INDEX company_projects_by_project ON company_projects (project_id);
