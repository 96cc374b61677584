import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 1,
  sql: `CREATE TABLE organizations (
     id         TEXT PRIMARY KEY,
     position   INTEGER NOT NULL,   -- order the server listed them in
     json       TEXT NOT NULL,      -- the whole object as received: unknown fields are kept
     fetched_at TEXT NOT NULL
   ) STRICT;

   CREATE TABLE locations (
     id          TEXT PRIMARY KEY,  -- 'local-…' for a store created offline, until sent
     name        TEXT NOT NULL,
     json        TEXT NOT NULL,
     seen_pass   INTEGER,           -- last full download that listed it (NULL: local only)
     fetched_at  TEXT NOT NULL,
     offline_at  TEXT               -- when "Make available offline" last completed for it
   ) STRICT;

   -- Every device the account has, installed or not. Narrow on purpose: windows of the
   -- inventory page through it with OFFSET, so the full JSON lives in device_json.
   CREATE TABLE devices (
     id                    INTEGER PRIMARY KEY,  -- insertion order = the server's list order
     serial                TEXT NOT NULL UNIQUE,
     location_id           TEXT,                 -- NULL: not installed (the inventory)
     location_name         TEXT,
     device_type_name      TEXT,
     firmware_version_name TEXT,
     search_hash           INTEGER NOT NULL,     -- of the indexed text: re-index only on change
     seen_pass             INTEGER,
     fetched_at            TEXT NOT NULL
   ) STRICT;
   CREATE INDEX devices_by_location ON devices(location_id, id);
   CREATE INDEX devices_by_type ON devices(device_type_name);
   CREATE INDEX devices_by_firmware ON devices(firmware_version_name);

   -- The two counts every inventory screen shows, kept by triggers: counting 666,000 index
   -- entries of a cold file took 160–330 ms, reading one row takes microseconds.
   CREATE TABLE device_counts (
     id          INTEGER PRIMARY KEY CHECK (id = 1),
     total       INTEGER NOT NULL,
     uninstalled INTEGER NOT NULL
   ) STRICT;
   INSERT INTO device_counts (id, total, uninstalled) VALUES (1, 0, 0);
   CREATE TRIGGER devices_counted_in AFTER INSERT ON devices BEGIN
     UPDATE device_counts SET total = total + 1, uninstalled = uninstalled + (NEW.location_id IS NULL);
   END;
   CREATE TRIGGER devices_counted_out AFTER DELETE ON devices BEGIN
     UPDATE device_counts SET total = total - 1, uninstalled = uninstalled - (OLD.location_id IS NULL);
   END;
   CREATE TRIGGER devices_counted_moved AFTER UPDATE OF location_id ON devices
     WHEN (OLD.location_id IS NULL) != (NEW.location_id IS NULL) BEGIN
     UPDATE device_counts SET uninstalled = uninstalled + (NEW.location_id IS NULL) - (OLD.location_id IS NULL);
   END;

   CREATE TABLE device_json (
     id   INTEGER PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
     json TEXT NOT NULL
   ) STRICT;

   -- Search: trigram index over folded text (NFKC + lower case in code; the tokenizer removes
   -- diacritics), so "munchen" finds München and full-width digits find serials. Contentless:
   -- the text is only needed to find rows, never shown. \`state\` is 'yes' for a device that is
   -- not installed, so the inventory view intersects inside the index instead of checking
   -- every match: "munchen" in the inventory took 138 ms (142,000 installed matches), 14 ms so.
   CREATE VIRTUAL TABLE devices_search USING fts5(
     text, state, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
   );

   -- Foot traffic answers, by the query that produced them (range + granularity).
   CREATE TABLE foot_traffic (
     query      TEXT PRIMARY KEY,
     json       TEXT NOT NULL,
     fetched_at TEXT NOT NULL
   ) STRICT;

   -- One row per list download: where a failed or cancelled one resumes.
   CREATE TABLE sync_checkpoints (
     resource     TEXT PRIMARY KEY,  -- 'devices', 'locations', …
     pass         INTEGER NOT NULL,  -- bumped when a new full download starts
     progress     TEXT NOT NULL,     -- JSON: requests done, still to make, next, totals
     resumed      INTEGER NOT NULL DEFAULT 0, -- 1 when this pass continued an earlier run
     started_at   TEXT NOT NULL,
     completed_at TEXT               -- set when every page of the pass is stored
   ) STRICT;`,
};
