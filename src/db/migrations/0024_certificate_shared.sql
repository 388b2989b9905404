-- When the holder of a certificate's page chose to share it (the page's "Share this
-- certificate" form), or NULL while it is not shared. Only a shared certificate's page may be
-- listed by search engines and name its recipient in a link preview; "Stop sharing" sets it
-- back to NULL. It records when, and nothing of who: the page has no login.
ALTER TABLE certificates ADD COLUMN shared_at timestamptz;
