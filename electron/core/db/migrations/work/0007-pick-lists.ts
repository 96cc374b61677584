import type { NumberedMigration } from '../numbered';

/** Why: decision record 59. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 7,
  sql: `-- work.db migration 7 (issue 28): a pick list from the box.
   -- Serials scanned or pasted before or at the store, kept with the visit. A line is checked
   -- against the cached inventory whenever it is read (never stored: the inventory changes);
   -- its install is its own intent (intent_id), whose state the queue and then the activity
   -- row of that intent keep, so the list shows what is stored and nothing of its own.
   CREATE TABLE pick_lines (
     id          TEXT PRIMARY KEY,  -- 'k-<uuid>'
     seq         INTEGER NOT NULL UNIQUE,
     visit_id    TEXT NOT NULL REFERENCES visits(id),
     serial      TEXT NOT NULL,     -- as scanned, typed or pasted
     label       TEXT,
     intent_id   TEXT,              -- its install, once "Install the pick list here" asked
     location_id TEXT,              -- where that install went
     added_at    TEXT NOT NULL
   ) STRICT;
   CREATE INDEX pick_lines_by_visit ON pick_lines(visit_id, seq);
   -- The device type a visit's pick list expects, when the technician chose one (else the
   -- type of its first known device).
   CREATE TABLE pick_lists (
     visit_id      TEXT PRIMARY KEY REFERENCES visits(id),
     expected_type TEXT NOT NULL
   ) STRICT;`,
};
