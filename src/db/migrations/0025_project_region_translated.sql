-- A project's region is a translated text, as its name is: the foundation may send
-- { "en": "Central Java", "nl": "Midden-Java" }, or a plain string, kept as English.
ALTER TABLE projects ALTER COLUMN region TYPE jsonb USING jsonb_build_object('en', region);
