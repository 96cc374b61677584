import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 3,
  sql: `-- Visits: the activity log in spans of work, each with a start and (once "Finish visit" is
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
};
