-- "Oldest first" (spec section 4, POST /recipients rule 1) is the order the trees were
-- allocated in, not the order Canopy recorded them: allocated_at, then the donation (the
-- allocation the foundation recorded: a part's split_from_id, else its own id), then the id
-- (src/domain/assignment.ts, oldestFirst). A part split off keeps its donation's
-- allocated_at and names the donation, so no split moves trees in this order.
--
-- Every recipient create and gift code locks the first page of a company's unassigned
-- allocations in this order: it is read from an index in that order, so that neither the
-- company's allocations nor its unassigned ones are read whole and sorted. The key is the
-- expression the query orders by, so a page is the first entries of a range of the index
-- (and the next page a range after the previous page's last row).
CREATE INDEX allocations_oldest_unassigned
  ON allocations (company_id, livemode, allocated_at, (coalesce(split_from_id, id)), id)
  WHERE recipient_id IS NULL AND gift_code_id IS NULL;

-- The same within one project, for a recipient or gift code restricted to it.
--
-- allocations_unassigned_page (0001) and allocations_unassigned_in_project (0010), in the
-- order the allocations were recorded, stay: the assignment no longer reads them, but
-- GET /v2/allocations?recipient=none (and &project=) lists newest recorded first from them.
-- Without them that list reads the company's (or project's) allocations newest first and
-- passes over every part given to a recipient since the oldest unassigned one (30,000 rows
-- for one page, measured). Each partial index here costs a split one entry (the allocation
-- that shrinks is a new row version and stays unassigned; the part split off is assigned
-- and enters none).
CREATE INDEX allocations_oldest_unassigned_in_project
  ON allocations (company_id, livemode, project_id, allocated_at, (coalesce(split_from_id, id)), id)
  WHERE recipient_id IS NULL AND gift_code_id IS NULL;
