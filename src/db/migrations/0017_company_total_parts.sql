-- A company's totals in 16 rows per mode instead of one. Every write of a company's
-- recipients changes its totals (recipients, unassigned trees) and holds that row locked
-- until it commits: with one row, every create of a company waited its turn there, and
-- under 16 concurrent clients that queue, not the CPU, bounded creates per second
-- (bench/RESULTS.md, issue 12). A write now adds to the part of its database connection,
-- pg_backend_pid() % 16 (src/domain/counters.ts): concurrent writes mostly hold different
-- rows, and a transaction still touches one row per company and mode, so no new lock
-- order can deadlock. `company_totals` becomes a view that sums the parts: every reader
-- reads what it read before, from 16 rows on the primary key.
ALTER TABLE company_totals RENAME TO company_total_parts;
ALTER TABLE company_total_parts ADD COLUMN part smallint NOT NULL DEFAULT 0 CHECK (part BETWEEN 0 AND 15);
ALTER TABLE company_total_parts DROP CONSTRAINT company_totals_pkey;
ALTER TABLE company_total_parts ADD PRIMARY KEY (company_id, livemode, part);
ALTER TABLE company_total_parts ALTER COLUMN part DROP DEFAULT;

-- Every part exists from the start (zeros), so that adding to one is a plain UPDATE.
INSERT INTO company_total_parts (company_id, livemode, part)
SELECT t.company_id, t.livemode, p.part FROM company_total_parts t, generate_series(1, 15) AS p(part);

CREATE VIEW company_totals AS
SELECT company_id, livemode,
       sum(trees_pledged)::bigint AS trees_pledged,
       sum(trees_planted)::bigint AS trees_planted,
       sum(trees_monitored)::bigint AS trees_monitored,
       sum(trees_unassigned)::bigint AS trees_unassigned,
       sum(projects)::integer AS projects,
       sum(plantings)::integer AS plantings,
       sum(recipients)::integer AS recipients,
       sum(certificates)::integer AS certificates,
       min(first_contribution_at) AS first_contribution_at
FROM company_total_parts
GROUP BY company_id, livemode;

-- A Canopy process from before this migration, still running while the processes are
-- replaced (docs/operations.md, "Upgrading"), writes company_totals as a table: an INSERT
-- for a new company, and UPDATEs that add to its counters. These triggers turn those into
-- writes of the parts (what an update adds goes to part 0), so the old process keeps
-- working. Its company certificate refresh, which locks the totals row (FOR UPDATE, not
-- possible on this view), fails until it is replaced, and the next refresh does it.
CREATE FUNCTION company_totals_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO company_total_parts (company_id, livemode, part)
    SELECT NEW.company_id, NEW.livemode, p.part FROM generate_series(0, 15) AS p(part);
    UPDATE company_total_parts SET
      trees_pledged = coalesce(NEW.trees_pledged, 0), trees_planted = coalesce(NEW.trees_planted, 0),
      trees_monitored = coalesce(NEW.trees_monitored, 0), trees_unassigned = coalesce(NEW.trees_unassigned, 0),
      projects = coalesce(NEW.projects, 0), plantings = coalesce(NEW.plantings, 0),
      recipients = coalesce(NEW.recipients, 0), certificates = coalesce(NEW.certificates, 0),
      first_contribution_at = NEW.first_contribution_at
    WHERE company_id = NEW.company_id AND livemode = NEW.livemode AND part = 0;
    RETURN NEW;
  END IF;
  UPDATE company_total_parts SET
    trees_pledged = trees_pledged + (NEW.trees_pledged - OLD.trees_pledged),
    trees_planted = trees_planted + (NEW.trees_planted - OLD.trees_planted),
    trees_monitored = trees_monitored + (NEW.trees_monitored - OLD.trees_monitored),
    trees_unassigned = trees_unassigned + (NEW.trees_unassigned - OLD.trees_unassigned),
    projects = projects + (NEW.projects - OLD.projects),
    plantings = plantings + (NEW.plantings - OLD.plantings),
    recipients = recipients + (NEW.recipients - OLD.recipients),
    certificates = certificates + (NEW.certificates - OLD.certificates),
    first_contribution_at = least(first_contribution_at, NEW.first_contribution_at)
  WHERE company_id = OLD.company_id AND livemode = OLD.livemode AND part = 0;
  RETURN NEW;
END;
$$;

CREATE TRIGGER company_totals_write INSTEAD OF INSERT OR UPDATE ON company_totals
  FOR EACH ROW EXECUTE FUNCTION company_totals_write();
