import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 1,
  sql: `CREATE TABLE settings (
     key   TEXT PRIMARY KEY,
     value TEXT NOT NULL            -- JSON
   ) STRICT;`,
};
