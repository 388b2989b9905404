-- The dashboard's search of a company's recipients (issue 26): a name, an email or an
-- external_reference by what it starts with, case-insensitively, in one company and mode.
-- Each index is a prefix range of its own (text_pattern_ops: byte order, whatever the
-- database's collation), partial like the list's: a deleted recipient's fields are erased.
-- The full name ("first last") serves a first name and a whole name; the last name alone has its own.
CREATE INDEX recipients_search_name ON recipients (company_id, livemode, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) text_pattern_ops)
  WHERE deleted_at IS NULL;
CREATE INDEX recipients_search_last_name ON recipients (company_id, livemode, lower(last_name) text_pattern_ops)
  WHERE deleted_at IS NULL AND last_name IS NOT NULL;
CREATE INDEX recipients_search_email ON recipients (company_id, livemode, lower(email) text_pattern_ops)
  WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX recipients_search_reference ON recipients (company_id, livemode, lower(external_reference) text_pattern_ops)
  WHERE deleted_at IS NULL AND external_reference IS NOT NULL;
