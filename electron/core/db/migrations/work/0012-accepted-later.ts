import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 12,
  sql: `-- work.db migration 12: a write the server accepted for later (202, a pending status, a task)
   -- is not done until a read shows it, and is never sent again meanwhile: when, and which step
   -- (sync/replay.ts; decision record 69).
   ALTER TABLE intents ADD COLUMN accepted TEXT;  -- JSON {at, serial, step}; NULL: none waiting`,
};
