import type { NumberedMigration } from '../numbered';

export const migration: NumberedMigration = {
  version: 6,
  sql: `-- A verification whose device checked in but whose walk test failed was recorded as
   -- 'verified' (the Activity badge said so next to "Walk test failed"); it is its own result now.
   UPDATE activity SET result = 'walk_test_failed'
     WHERE action = 'verify' AND result = 'verified'
       AND json_extract(data, '$.walkTest.passed') = 0;`,
};
