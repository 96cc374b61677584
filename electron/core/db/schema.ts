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
 * This is the registry of their migrations: one numbered file each under migrations/<file>/
 * (decision record 74). They are append-only: a released migration is never edited, a change is
 * a new file with the next number. `PRAGMA user_version` records how many have run.
 */
import { migration as app1 } from './migrations/app/0001-settings';
import { migration as cache1 } from './migrations/cache/0001-initial';
import { migration as cache2 } from './migrations/cache/0002-serial-search';
import { migration as cache3 } from './migrations/cache/0003-list-pages';
import { migration as cache4 } from './migrations/cache/0004-device-blocks';
import { migration as work1 } from './migrations/work/0001-outbox-and-activity';
import { migration as work2 } from './migrations/work/0002-replace-intent';
import { migration as work3 } from './migrations/work/0003-visits';
import { migration as work4 } from './migrations/work/0004-photos';
import { migration as work5 } from './migrations/work/0005-activity-row-per-intent';
import { migration as work6 } from './migrations/work/0006-walk-test-failed-result';
import { migration as work7 } from './migrations/work/0007-pick-lists';
import { migration as work8 } from './migrations/work/0008-incomplete-visits';
import { migration as work9 } from './migrations/work/0009-accuracy-audits';
import { migration as work10 } from './migrations/work/0010-chained-record';
import { migration as work11 } from './migrations/work/0011-keyed-record';
import { migration as work12 } from './migrations/work/0012-accepted-later';
import { migration as work13 } from './migrations/work/0013-pick-line-checks';
import { numbered } from './migrations/numbered';

export type { Migration } from './migrations/numbered';

export const APP_MIGRATIONS = numbered('app.db', [app1]);
export const CACHE_MIGRATIONS = numbered('cache.db', [cache1, cache2, cache3, cache4]);
export const WORK_MIGRATIONS = numbered('work.db', [
  work1,
  work2,
  work3,
  work4,
  work5,
  work6,
  work7,
  work8,
  work9,
  work10,
  work11,
  work12,
  work13,
]);
