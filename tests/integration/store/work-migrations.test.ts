/**
 * work.db migrations upgrade a file written by an earlier version without losing a queued
 * action (the queue cannot be rebuilt from the server). Real SQLite files.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { WORK_MIGRATIONS } from '../../../electron/core/db/schema';
import { activityRows } from '../../../electron/core/store/activity-rows';
import { intentRows } from '../../../electron/core/store/intent-rows';

/** The record's key: these tests read the activity cache and its chain, not the keying. */
const SECRET = randomBytes(32);

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'fi-work-mig-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('work.db migrations', () => {
  it('keeps the queued intents of a version-1 file and then accepts a replace intent', () => {
    const path = join(dir, 'work.db');
    const v1 = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, 1) });
    const old = intentRows(v1).add({
      kind: 'move',
      serial: 'FTC-1',
      locationId: 'l2',
      locationName: 'Store 2',
      fromLocationId: 'l1',
      keyFingerprint: 'k',
    });
    intentRows(v1).update(old.id, { stepsDone: 1 });
    expect(() =>
      v1
        .prepare(
          "INSERT INTO intents (id, seq, kind, created_at, state, key_fingerprint) VALUES ('x', 9, 'replace', '', 'queued', 'k')",
        )
        .run(),
    ).toThrow(/CHECK/);
    v1.close();

    const now = openDatabase(path, { migrations: WORK_MIGRATIONS });
    const rows = intentRows(now);
    expect(rows.list()).toMatchObject([
      { id: old.id, kind: 'move', stepsDone: 1, fromLocationId: 'l1' },
    ]);
    const replace = rows.add({
      kind: 'replace',
      serial: 'FTC-3',
      locationId: 'l2',
      locationName: 'Store 2',
      fromLocationId: null,
      payload: { replaces: 'FTC-2', changes: { name: 'Door' } },
      keyFingerprint: 'k',
    });
    expect(rows.get(replace.id)).toMatchObject({ kind: 'replace', replaces: 'FTC-2' });
    expect(rows.list().map((i) => i.id)).toEqual([old.id, replace.id]);
    now.close();
  });

  it('reads a verification recorded "verified" beside a failed walk test as what it was (migration 6)', () => {
    const path = join(dir, 'work.db');
    const v4 = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, 4) });
    const insert = v4.prepare(
      `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result,
         detail, visit_id, data)
       VALUES (?, ?, '2026-05-04T12:00:00.000Z', 'verify', ?, 'l1', 'Store 1', ?, '', NULL, ?)`,
    );
    const walk = (passed: boolean) =>
      JSON.stringify({
        walkTest: { expected: 3, counted: passed ? 3 : 0, passed, reason: passed ? null : 'x' },
      });
    insert.run('failed-walk', 1, 'FTC-1', 'verified', walk(false));
    insert.run('passed-walk', 2, 'FTC-2', 'verified', walk(true));
    insert.run('no-walk', 3, 'FTC-3', 'verified', null);
    insert.run('no-checkin', 4, 'FTC-4', 'not_verified', walk(false));
    v4.close();

    const now = openDatabase(path, { migrations: WORK_MIGRATIONS });
    expect(
      activityRows(now, { secret: SECRET })
        .cached()
        .map((e) => [e.id, e.result]),
    ).toEqual([
      ['failed-walk', 'walk_test_failed'],
      ['passed-walk', 'verified'],
      ['no-walk', 'verified'],
      ['no-checkin', 'not_verified'],
    ]);
    now.close();
  });

  it('keeps the visits of a version-6 file, complete, and can then finish one incomplete (migration 8)', () => {
    const path = join(dir, 'work.db');
    const v6 = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, 6) });
    v6.exec(`INSERT INTO visits (id, seq, started_at, finished_at)
      VALUES ('v-done', 1, '2026-05-04T08:00:00.000Z', '2026-05-04T09:00:00.000Z'),
             ('v-open', 2, '2026-05-04T10:00:00.000Z', NULL)`);
    v6.close();

    const now = openDatabase(path, { migrations: WORK_MIGRATIONS });
    const visits = activityRows(now, { secret: SECRET }).visits;
    expect(visits.list().map((v) => [v.id, v.incomplete])).toEqual([
      ['v-open', null],
      ['v-done', null],
    ]);
    const incomplete = {
      open: [{ rule: 'checklist' as const, serial: 'FTC-1' }],
      reason: 'closing',
    };
    expect(visits.finish(incomplete)).toMatchObject({ id: 'v-open', incomplete });
    expect(visits.get('v-done')?.incomplete).toBeNull();
    now.close();
  });
});
