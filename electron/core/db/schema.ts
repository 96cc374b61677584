/**
 * Every table the app keeps on disk, in one place. Three kinds of SQLite file:
 *
 * - `app.db` (one per data dir): which account is signed in. Opened in exclusive locking mode,
 *   so it is also the lock that keeps a second process off the same data dir.
 * - `cache.db` (one per account scope): what the server last said. It can always be rebuilt
 *   by downloading again, so a damaged one is dropped and resynced.
 * - `work.db` (one per account scope): the technician's own work — queued intents (the outbox)
 *   and the activity log. It cannot be rebuilt from the server, so it is kept small, in its own
 *   file, and a damaged one is moved aside and reported, never silently replaced.
 *
 * Migrations are ordered and append-only: a released migration is never edited, a change is a
 * new entry. `PRAGMA user_version` records how many have run.
 */

export type Migration = string;

export const APP_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE settings (
     key   TEXT PRIMARY KEY,
     value TEXT NOT NULL            -- JSON
   ) STRICT;`,
];

export const CACHE_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE organizations (
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
  `-- Serials as people read labels (issue 21): the serial key (electron/shared/serial-key.ts: lower
   -- case, no space, "-", "." or "_") in its own trigram index, so "FTC2B5H97J8" and
   -- "FTC 2B5H97J8" find FTC-2B5H97J8, and with "$" and a mark after it ("$" not installed,
   -- "%" installed), so the last one or two characters are a trigram too ("j8$", "8$$"), one
   -- that keeps to the inventory by itself: the first characters of a vendor's serials are the
   -- same for every device. Its own table because devices_search is contentless: adding
   -- the key there means re-indexing every device's text from its JSON, eight times the work of
   -- filling this from the serial column alone (7.5 s against 0.9 s at 200,000 devices).
   -- \`state\` as in devices_search. The same key finds the server's spelling of a typed serial
   -- (store/serial-lookup.ts).
   -- devices.serial stays UNIQUE as the server spells it: on a server that looks serials up
   -- case-sensitively "ab12" and "AB12" can be two devices.
   CREATE VIRTUAL TABLE serial_search USING fts5(
     key, state, content = '', contentless_delete = 1, tokenize = 'trigram'
   );
   INSERT INTO serial_search (rowid, key, state)
     SELECT id,
            lower(replace(replace(replace(replace(serial, ' ', ''), '-', ''), '.', ''), '_', ''))
              || CASE WHEN location_id IS NULL THEN '$$' ELSE '$%' END,
            CASE WHEN location_id IS NULL THEN 'yes' ELSE '' END
     FROM devices ORDER BY id;`,
  `-- Issue 26, ask less when the server allows it. Per list page: what the server said
   -- identifies it (ETag, Last-Modified) and which rows it listed, so a page answered
   -- 304 Not Modified keeps its stored rows and counts as listed by the pass.
   CREATE TABLE list_pages (
     list          TEXT NOT NULL,     -- 'devices', 'locations', 'location-devices:<id>'
     request       TEXT NOT NULL,     -- the page's request (list-walk.ts requestKey)
     etag          TEXT,
     last_modified TEXT,
     ids           TEXT NOT NULL,     -- JSON: the ids the page listed, in order
     paging        TEXT NOT NULL,     -- JSON: what it said of the rest (next, rest, total)
     pass          INTEGER,           -- the full download that last listed it
     PRIMARY KEY (list, request)
   ) STRICT;
   -- Per list: where a refresh of what changed starts, and whether the server honours it.
   CREATE TABLE list_marks (
     list       TEXT PRIMARY KEY,
     since      TEXT,                 -- the server's clock when the last refresh began, less a margin
     honoured   INTEGER,              -- updated_since: 1 echoed, 0 ignored, NULL not known yet
     checked_at TEXT,                 -- when \`honoured\` was found out
     current_at TEXT                  -- when the list was last known whole and current
   ) STRICT;`,
  `-- Where a window of the inventory starts (store/device-blocks.ts, decision 70): devices
   -- counted per block of 1,024 row ids, kept by triggers like device_counts. The rows of a
   -- file from before are counted in the background (device_blocks_filled: blocks below it
   -- are counted); a block the triggers touched first is counted again then, whole.
   CREATE TABLE device_blocks (
     block       INTEGER PRIMARY KEY,  -- id >> 10
     total       INTEGER NOT NULL,
     uninstalled INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE device_blocks_filled (
     id    INTEGER PRIMARY KEY CHECK (id = 1),
     below INTEGER NOT NULL
   ) STRICT;
   INSERT INTO device_blocks_filled (id, below) VALUES (1, 0);
   CREATE TRIGGER devices_blocked_in AFTER INSERT ON devices BEGIN
     INSERT INTO device_blocks (block, total, uninstalled)
       VALUES (NEW.id >> 10, 1, NEW.location_id IS NULL)
       ON CONFLICT (block) DO UPDATE SET total = total + 1,
         uninstalled = uninstalled + (NEW.location_id IS NULL);
   END;
   CREATE TRIGGER devices_blocked_out AFTER DELETE ON devices BEGIN
     UPDATE device_blocks SET total = total - 1, uninstalled = uninstalled - (OLD.location_id IS NULL)
       WHERE block = OLD.id >> 10;
   END;
   CREATE TRIGGER devices_blocked_moved AFTER UPDATE OF location_id ON devices
     WHEN (OLD.location_id IS NULL) != (NEW.location_id IS NULL) BEGIN
     UPDATE device_blocks SET uninstalled = uninstalled + (NEW.location_id IS NULL) - (OLD.location_id IS NULL)
       WHERE block = NEW.id >> 10;
   END;`,
];

export const WORK_MIGRATIONS: readonly Migration[] = [
  `-- The outbox: what the technician did that the server has not confirmed yet. Ordered by seq;
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
  `-- Replace (uninstall a broken device, install its successor at the same store) is one intent.
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
  `-- Visits: the activity log in spans of work, each with a start and (once "Finish visit" is
   -- pressed) a finish. A work.db belongs to one account scope (base URL + organization + key;
   -- training has its own), so a visit is of one organization and one account by construction.
   CREATE TABLE visits (
     id          TEXT PRIMARY KEY,  -- 'v-<uuid>'
     seq         INTEGER NOT NULL UNIQUE,
     started_at  TEXT NOT NULL,
     finished_at TEXT               -- NULL: the visit in progress (at most one)
   ) STRICT;
   CREATE UNIQUE INDEX visits_one_open ON visits((finished_at IS NULL)) WHERE finished_at IS NULL;
   ALTER TABLE activity ADD COLUMN visit_id TEXT REFERENCES visits(id);
   ALTER TABLE activity ADD COLUMN data TEXT;  -- JSON: a verification's walk test, …
   CREATE INDEX activity_by_visit ON activity(visit_id, seq);
   -- What was logged before visits existed becomes one finished, earlier visit.
   INSERT INTO visits (id, seq, started_at, finished_at)
     SELECT 'v-earlier', 1, min(at), max(at) FROM activity HAVING count(*) > 0;
   UPDATE activity SET visit_id = 'v-earlier' WHERE visit_id IS NULL;`,
  `-- Placement photos: proof of work kept with the visit on this computer only (the vendor API
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
  `-- One activity row per action: the row a queued action was logged with names its intent, and
   -- later states (sent, conflict, failed, discarded) update that row instead of adding one.
   -- Rows written before have no intent and stay as they were.
   ALTER TABLE activity ADD COLUMN intent_id TEXT;
   CREATE INDEX activity_by_intent ON activity(intent_id) WHERE intent_id IS NOT NULL;`,
  `-- A verification whose device checked in but whose walk test failed was recorded as
   -- 'verified' (the Activity badge said so next to "Walk test failed"); it is its own result now.
   UPDATE activity SET result = 'walk_test_failed'
     WHERE action = 'verify' AND result = 'verified'
       AND json_extract(data, '$.walkTest.passed') = 0;`,
  `-- work.db migration 7 (issue 28): a pick list from the box.
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
  `-- Completion rules (issue 27): a visit finished with rules still open is incomplete, with which
   -- rules and the technician's reason (JSON {open, reason}); NULL: complete, or no rules.
   ALTER TABLE visits ADD COLUMN incomplete TEXT;`,
  `-- Accuracy audits (issue 27): people counted by hand at a device, compared with what it
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
  `-- work.db migration 10 (issue 28): a visit's record, chained (electron/core/record/): every entry — an action and each change
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
  `-- work.db migration 11 (decision record 68): the record is keyed. Entries appended from now on
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
  `-- work.db migration 12: a write the server accepted for later (202, a pending status, a task)
   -- is not done until a read shows it, and is never sent again meanwhile: when, and which step
   -- (sync/replay.ts; decision record 69).
   ALTER TABLE intents ADD COLUMN accepted TEXT;  -- JSON {at, serial, step}; NULL: none waiting`,
  `-- work.db migration 13: a pick list line's check, stored once made (decision 70): what the inventory said of its
   -- serial (JSON: the server's spelling, type, location, known) and which inventory that was
   -- (DeviceRows.version). A read shows what is stored; a line whose inventory changed is
   -- checked again in the background. NULL: not checked yet.
   ALTER TABLE pick_lines ADD COLUMN checked TEXT;
   ALTER TABLE pick_lines ADD COLUMN checked_against TEXT;`,
];
