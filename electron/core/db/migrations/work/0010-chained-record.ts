import type { NumberedMigration } from '../numbered';

/** Why: decision record 53. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 10,
  sql: `-- work.db migration 10 (issue 28): a visit's record, chained (electron/core/record/): every entry — an action and each change
   -- of its state, a verification, a photo, the sign-off, an amendment — is appended with the
   -- SHA-256 of its content and of the entry before it. Entries are never changed or removed:
   -- the triggers refuse it, and a change made around them (the file edited) breaks the chain.
   CREATE TABLE record_entries (
     id        TEXT PRIMARY KEY,    -- 'e-<uuid>'
     visit_id  TEXT NOT NULL REFERENCES visits(id),
     n         INTEGER NOT NULL,    -- 1, 2, … within the visit
     at        TEXT NOT NULL,
     kind      TEXT NOT NULL,
     subject   TEXT,                -- the activity entry or photo the entry records
     body      TEXT NOT NULL,       -- canonical JSON (record/canonical-json.ts)
     prev_hash TEXT NOT NULL,
     hash      TEXT NOT NULL,
     UNIQUE (visit_id, n)
   ) STRICT;
   CREATE INDEX record_entries_by_subject ON record_entries(subject) WHERE subject IS NOT NULL;
   CREATE TRIGGER record_entries_never_changed BEFORE UPDATE ON record_entries
     BEGIN SELECT RAISE(ABORT, 'record entries are appended, never changed'); END;
   CREATE TRIGGER record_entries_never_removed BEFORE DELETE ON record_entries
     BEGIN SELECT RAISE(ABORT, 'record entries are appended, never removed'); END;
   -- Visits recorded before: their chains are built once, at the first open after the upgrade
   -- (hashing is done in code: record/visit-record.ts chainEarlierVisits).
   CREATE TABLE record_to_chain (visit_id TEXT PRIMARY KEY) STRICT;
   INSERT INTO record_to_chain SELECT id FROM visits;`,
};
