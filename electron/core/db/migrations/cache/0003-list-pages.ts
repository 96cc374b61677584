import type { NumberedMigration } from '../numbered';

/** Why: decision record 32. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 3,
  sql: `-- Issue 26, ask less when the server allows it. Per list page: what the server said
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
};
