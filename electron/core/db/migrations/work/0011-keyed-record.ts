import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 11,
  sql: `-- work.db migration 11 (decision record 68): the record is keyed. Entries appended from now on
   -- carry an HMAC-SHA256 with this installation's secret from the OS keychain (keyed = 1);
   -- entries written before keep their SHA-256 (keyed = 0) and are accepted only within a seal:
   -- the visit's unkeyed entry count and final hash, MACed with the secret once, when the
   -- scope first opened with a key (record/seal.ts; the keychain notes that it happened).
   ALTER TABLE record_entries ADD COLUMN keyed INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE record_seals (
     visit_id   TEXT PRIMARY KEY,
     entries    INTEGER NOT NULL,   -- unkeyed entries sealed (1..entries)
     final_hash TEXT NOT NULL,      -- the hash of entry \`entries\`
     sealed_at  TEXT NOT NULL,
     mac        TEXT NOT NULL       -- HMAC of the above with the installation's secret
   ) STRICT;`,
};
