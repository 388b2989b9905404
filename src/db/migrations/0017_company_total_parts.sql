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
