-- Photos load from Canopy, never from the foundation's host (issue 23). Each photo URL the
-- foundation sends is fetched once, resized to a phone and a desktop width (WebP), and kept
-- here, in the database, so that every process (PGlite, or several on one PostgreSQL) serves
-- the same copies and a backup of the database holds them.
--
-- A copy is keyed by a hash of its source URL (src/modules/photos/copies.ts, photoKey): the
-- same URL in a thousand plantings is one copy, fetched once. `waiting` until the job
-- (copy_photo) has stored it; `failed`, with the reason, once its attempts ran out; a page
-- asks for a failed copy again a day later.
CREATE TABLE photo_copies (
  key            text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{32}$'),
  source_url     text NOT NULL,
  status         text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'stored', 'failed')),
  -- Attempts to fetch it so far, over every round; the reason of the last failure.
  attempts       integer NOT NULL DEFAULT 0,
  failure        text,
  -- The source's size, upright (after its EXIF orientation).
  width          integer,
  height         integer,
  phone          bytea,
  phone_width    integer,
  phone_height   integer,
  desktop        bytea,
  desktop_width  integer,
  desktop_height integer,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  stored_at      timestamptz,
  CHECK (status <> 'stored' OR (phone IS NOT NULL AND desktop IS NOT NULL AND phone_width IS NOT NULL AND desktop_width IS NOT NULL))
);
