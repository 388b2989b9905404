-- The trees of a planting that are allocated to companies, kept on the planting row in
-- the transaction of every allocation change, so that a donation checks the planting's
-- capacity by reading the row it has locked anyway instead of summing its allocations.
ALTER TABLE plantings ADD COLUMN trees_allocated bigint NOT NULL DEFAULT 0;

UPDATE plantings p
SET trees_allocated = a.total
FROM (SELECT planting_id, sum(trees) AS total FROM allocations GROUP BY planting_id) a
WHERE a.planting_id = p.id;
