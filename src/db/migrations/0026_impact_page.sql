-- The public impact page (modules/impact): a company may hide it (its address stays, and
-- answers a plain "not public" page), and may write a short text about its trees, in
-- English and in Dutch (each optional; the page shows the reader's language, else the other).
ALTER TABLE companies ADD COLUMN impact_page_public boolean NOT NULL DEFAULT true;
ALTER TABLE companies ADD COLUMN about_en text;
ALTER TABLE companies ADD COLUMN about_nl text;
