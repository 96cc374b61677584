import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 4,
  sql: `-- Placement photos: proof of work kept with the visit on this computer only (the vendor API
   -- has no place for them, and they are never sent). Size is bounded per photo in code.
   CREATE TABLE photos (
     id          TEXT PRIMARY KEY,  -- 'p-<uuid>'
     seq         INTEGER NOT NULL UNIQUE,
     visit_id    TEXT NOT NULL REFERENCES visits(id),
     serial      TEXT NOT NULL,
     location_id TEXT NOT NULL,
     taken_at    TEXT NOT NULL,
     mime        TEXT NOT NULL CHECK (mime IN ('image/jpeg', 'image/webp', 'image/png')),
     bytes       BLOB NOT NULL
   ) STRICT;
   CREATE INDEX photos_by_visit ON photos(visit_id, seq);`,
};
