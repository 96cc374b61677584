import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 2,
  sql: `-- Replace (uninstall a broken device, install its successor at the same store) is one intent.
   -- SQLite cannot change a CHECK, so the table is rebuilt with the same columns and rows.
   CREATE TABLE intents_v2 (
     id                TEXT PRIMARY KEY,
     seq               INTEGER NOT NULL UNIQUE,
     kind              TEXT NOT NULL CHECK (kind IN ('install', 'uninstall', 'move',
                         'update_device', 'create_location', 'delete_location', 'replace')),
     serial            TEXT,                   -- replace: the new device
     location_id       TEXT,
     location_name     TEXT,
     from_location_id  TEXT,
     payload           TEXT,                   -- replace: the broken serial, label and interval
     created_at        TEXT NOT NULL,
     state             TEXT NOT NULL CHECK (state IN ('queued', 'syncing', 'failed', 'conflict')),
     attempts          INTEGER NOT NULL DEFAULT 0,
     steps_done        INTEGER NOT NULL DEFAULT 0,
     last_error        TEXT,
     conflict_location TEXT,
     key_fingerprint   TEXT NOT NULL
   ) STRICT;
   INSERT INTO intents_v2 SELECT id, seq, kind, serial, location_id, location_name,
     from_location_id, payload, created_at, state, attempts, steps_done, last_error,
     conflict_location, key_fingerprint FROM intents;
   DROP TABLE intents;
   ALTER TABLE intents_v2 RENAME TO intents;
   CREATE INDEX intents_by_serial ON intents(serial, seq);`,
};
