import type { NumberedMigration } from '../numbered';

/** Why: decision record 7. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 9,
  sql: `-- Accuracy audits (issue 27): people counted by hand at a device, compared with what it
   -- counted. Every tap is its own row as it is taken (undo deletes the last one), so a crash
   -- or a night offline loses no count; the comparison is settled once the counts can be read.
   CREATE TABLE audits (
     id          TEXT PRIMARY KEY,        -- 'a-<uuid>'
     seq         INTEGER NOT NULL UNIQUE,
     visit_id    TEXT NOT NULL REFERENCES visits(id),
     serial      TEXT NOT NULL,
     location_id TEXT NOT NULL,
     started_at  INTEGER NOT NULL,        -- ms: Start pressed
     bucket_ms   INTEGER NOT NULL,        -- the server's bucket length (as known at start)
     bucket_seen INTEGER NOT NULL,        -- 1: read from the server; 0: assumed (offline)
     planned_end INTEGER,                 -- ms: the whole run offered for coarse buckets
     stopped_at  INTEGER,                 -- ms: Stop pressed (NULL: counting)
     activity_id TEXT,                    -- its row in the visit log, once stopped
     result      TEXT,                    -- JSON AuditComparison once settled
     reason      TEXT                     -- why a failed audit is left as it is
   ) STRICT;
   CREATE INDEX audits_by_serial ON audits(serial, seq);
   CREATE TABLE audit_taps (
     audit_id  TEXT NOT NULL REFERENCES audits(id),
     seq       INTEGER NOT NULL,
     at        INTEGER NOT NULL,          -- ms
     direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
     PRIMARY KEY (audit_id, seq)
   ) STRICT;`,
};
