import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 1,
  sql: `-- The outbox: what the technician did that the server has not confirmed yet. Ordered by seq;
   -- replay only ever runs the oldest intent of a device.
   CREATE TABLE intents (
     id                TEXT PRIMARY KEY,       -- 'q-<uuid>'
     seq               INTEGER NOT NULL UNIQUE,
     kind              TEXT NOT NULL CHECK (kind IN ('install', 'uninstall', 'move',
                         'update_device', 'create_location', 'delete_location')),
     serial            TEXT,
     location_id       TEXT,
     location_name     TEXT,
     from_location_id  TEXT,
     payload           TEXT,                   -- JSON: device changes, the new store
     created_at        TEXT NOT NULL,
     state             TEXT NOT NULL CHECK (state IN ('queued', 'syncing', 'failed', 'conflict')),
     attempts          INTEGER NOT NULL DEFAULT 0,
     steps_done        INTEGER NOT NULL DEFAULT 0,
     last_error        TEXT,                   -- JSON AppErrorShape
     conflict_location TEXT,                   -- JSON LocationRef
     key_fingerprint   TEXT NOT NULL           -- whose key queued it
   ) STRICT;
   CREATE INDEX intents_by_serial ON intents(serial, seq);

   CREATE TABLE activity (
     id            TEXT PRIMARY KEY,
     seq           INTEGER NOT NULL UNIQUE,
     at            TEXT NOT NULL,
     action        TEXT NOT NULL,
     serial        TEXT,
     location_id   TEXT,
     location_name TEXT,
     result        TEXT NOT NULL,
     detail        TEXT NOT NULL
   ) STRICT;`,
};
