-- jsonb reorders keys (shortest first), so an event's data.object did not read like the
-- GET response it copies ("id" first, and so on). json keeps the text as written;
-- nothing queries inside event data.
ALTER TABLE events ALTER COLUMN data TYPE json USING data::json;
