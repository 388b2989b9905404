-- How a company is reached by the people it gives trees (issue 23), set by the operator
-- with `canopy companies create|update`: the address a reply to its certificate emails goes
-- to (their Reply-To), and its privacy policy, linked from the claim page. NULL: it has none,
-- and nothing is shown or sent in its place. The operator's command checks them fully
-- (operator/companies.ts); these checks only keep out what could never be either, such as
-- a header split over lines or a `javascript:` link.
ALTER TABLE companies
  ADD COLUMN contact_email text
    CONSTRAINT companies_contact_email_check CHECK (length(contact_email) <= 254 AND contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  ADD COLUMN privacy_url text
    CONSTRAINT companies_privacy_url_check CHECK (length(privacy_url) <= 2048 AND privacy_url ~ '^https?://[^[:space:]]+$');
