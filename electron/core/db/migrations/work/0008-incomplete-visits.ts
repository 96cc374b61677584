import type { NumberedMigration } from '../numbered';

/** Why: decision record 56. The SQL is as released, its comments included. */
export const migration: NumberedMigration = {
  version: 8,
  sql: `-- Completion rules (issue 27): a visit finished with rules still open is incomplete, with which
   -- rules and the technician's reason (JSON {open, reason}); NULL: complete, or no rules.
   ALTER TABLE visits ADD COLUMN incomplete TEXT;`,
};
