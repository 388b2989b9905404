-- Assigning part of an allocation to a recipient or gift code carves that part into a
-- row of its own. split_from_id links every such part to the allocation the
-- foundation recorded (the row that carries foundation_ref), so a refund of that
-- donation can see which of its trees are still unassigned.
ALTER TABLE allocations ADD COLUMN split_from_id text REFERENCES allocations(id);
CREATE INDEX allocations_split_from ON allocations (split_from_id) WHERE split_from_id IS NOT NULL;
