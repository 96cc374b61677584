import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 13,
  sql: `-- work.db migration 13: a pick list line's check, stored once made (decision 70): what the inventory said of its
   -- serial (JSON: the server's spelling, type, location, known) and which inventory that was
   -- (DeviceRows.version). A read shows what is stored; a line whose inventory changed is
   -- checked again in the background. NULL: not checked yet.
   ALTER TABLE pick_lines ADD COLUMN checked TEXT;
   ALTER TABLE pick_lines ADD COLUMN checked_against TEXT;`,
};
