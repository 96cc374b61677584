import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 5,
  sql: `-- One activity row per action: the row a queued action was logged with names its intent, and
   -- later states (sent, conflict, failed, discarded) update that row instead of adding one.
   -- Rows written before have no intent and stay as they were.
   ALTER TABLE activity ADD COLUMN intent_id TEXT;
   CREATE INDEX activity_by_intent ON activity(intent_id) WHERE intent_id IS NOT NULL;`,
};
