-- The legacy v1 API lists a company's trees page by page (issue 11): one row per legacy
-- tree, then one row per planted foundation allocation. A legacy tree lives as an id in
-- `allocations.legacy_tree_ids`, which travels with its tree when an allocation is split,
-- so the list is kept here once per tree, numbered 1, 2, 3... per company and mode in the
-- order the trees were recorded. Page N of v1 is then positions (N-1)*100+1 to N*100: a
-- range of the primary key, as fast on the last page as on the first. Legacy trees are
-- only ever added (foundation writes are serialised), so the numbers stay dense.
CREATE TABLE legacy_trees (
  company_id   text NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  livemode     boolean NOT NULL,
  position     integer NOT NULL CHECK (position >= 1),
  tree_id      text NOT NULL,
  planting_id  text NOT NULL REFERENCES plantings(id),
  PRIMARY KEY (company_id, livemode, position)
);

INSERT INTO legacy_trees (company_id, livemode, position, tree_id, planting_id)
SELECT a.company_id, a.livemode,
       row_number() OVER (PARTITION BY a.company_id, a.livemode ORDER BY a.allocated_at, coalesce(a.split_from_id, a.id), t.tree_id),
       t.tree_id, a.planting_id
FROM allocations a, unnest(a.legacy_tree_ids) AS t(tree_id)
WHERE a.source = 'legacy';

-- The rest of v1's tree list: planted (or measured) foundation allocations, oldest first.
CREATE INDEX allocations_v1_planted ON allocations (company_id, livemode, allocated_at, id)
  WHERE source = 'foundation' AND status IN ('planted', 'monitored');
