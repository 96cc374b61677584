/**
 * Each work.db migration upgrades a file made by the version before it (real SQLite files):
 * the rows that version held are still there, read as they were meant, and the new shape
 * takes what the new version writes. work.db cannot be rebuilt from the server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../electron/core/db/open-database';
import { WORK_MIGRATIONS } from '../../../electron/core/db/schema';
import { columns, has, rows, upgradeTo } from './upgrade';

let path: string;
beforeEach(async () => (path = join(await mkdtemp(join(tmpdir(), 'fi-work-up-')), 'work.db')));
afterEach(() => rm(join(path, '..'), { recursive: true, force: true }));

const upgrade = (version: number, seed?: (db: Db) => void) =>
  upgradeTo(path, WORK_MIGRATIONS, version, seed);

const INTENT = `INSERT INTO intents (id, seq, kind, serial, location_id, location_name,
    from_location_id, payload, created_at, state, attempts, steps_done, last_error,
    conflict_location, key_fingerprint)
  VALUES ('q-1', 1, 'move', 'FTC-1', 'l2', 'Store 2', 'l1', '{"changes":{"name":"Door"}}',
    '2026-05-04T09:00:00.000Z', 'failed', 2, 1, '{"code":"network"}', NULL, 'k')`;
const VISIT = `INSERT INTO visits (id, seq, started_at, finished_at)
  VALUES ('v-1', 1, '2026-05-04T08:00:00.000Z', '2026-05-04T09:00:00.000Z'),
         ('v-2', 2, '2026-05-04T10:00:00.000Z', NULL)`;
const activity = (id: string, seq: number, at: string, more = '') =>
  `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result, detail${more ? ', visit_id' : ''})
   VALUES ('${id}', ${seq}, '${at}', 'install', 'FTC-1', 'l1', 'Store 1', 'done', 'Installed.'${more ? `, '${more}'` : ''})`;

describe('work.db migrations, each from the version before', () => {
  it('1 outbox-and-activity: a new file takes intents of the known kinds and activity rows', () => {
    const db = upgrade(1);
    db.exec(INTENT);
    db.exec(activity('a1', 1, '2026-05-04T09:00:00.000Z'));
    expect(rows(db, 'SELECT id, kind, steps_done FROM intents')).toEqual([
      { id: 'q-1', kind: 'move', steps_done: 1 },
    ]);
    expect(() => db.exec(INTENT.replace("'q-1', 1, 'move'", "'q-2', 2, 'bogus'"))).toThrow(/CHECK/);
    expect(has(db, 'intents_by_serial')).toBe(true);
    db.close();
  });

  it('2 replace-intent: keeps every column of a queued intent and accepts a replace', () => {
    const db = upgrade(2, (v1) => v1.exec(INTENT));
    expect(rows(db, 'SELECT * FROM intents')).toEqual([
      {
        id: 'q-1',
        seq: 1,
        kind: 'move',
        serial: 'FTC-1',
        location_id: 'l2',
        location_name: 'Store 2',
        from_location_id: 'l1',
        payload: '{"changes":{"name":"Door"}}',
        created_at: '2026-05-04T09:00:00.000Z',
        state: 'failed',
        attempts: 2,
        steps_done: 1,
        last_error: '{"code":"network"}',
        conflict_location: null,
        key_fingerprint: 'k',
      },
    ]);
    db.exec(INTENT.replace("'q-1', 1, 'move'", "'q-2', 2, 'replace'"));
    expect(has(db, 'intents_by_serial')).toBe(true);
    expect(has(db, 'intents_v2')).toBe(false);
    db.close();
  });

  it('3 visits: what was logged before becomes one finished earlier visit', () => {
    const db = upgrade(3, (v2) => {
      v2.exec(activity('a1', 1, '2026-05-04T09:00:00.000Z'));
      v2.exec(activity('a2', 2, '2026-05-04T11:30:00.000Z'));
    });
    expect(rows(db, 'SELECT * FROM visits')).toEqual([
      {
        id: 'v-earlier',
        seq: 1,
        started_at: '2026-05-04T09:00:00.000Z',
        finished_at: '2026-05-04T11:30:00.000Z',
      },
    ]);
    expect(rows(db, 'SELECT id, visit_id, data FROM activity ORDER BY seq')).toEqual([
      { id: 'a1', visit_id: 'v-earlier', data: null },
      { id: 'a2', visit_id: 'v-earlier', data: null },
    ]);
    // At most one visit in progress.
    db.exec("INSERT INTO visits (id, seq, started_at) VALUES ('v-now', 2, 'x')");
    expect(() =>
      db.exec("INSERT INTO visits (id, seq, started_at) VALUES ('v-two', 3, 'x')"),
    ).toThrow(/UNIQUE/);
    db.close();
  });

  it('3 visits: a file with nothing logged gets no earlier visit', () => {
    const db = upgrade(3);
    expect(rows(db, 'SELECT * FROM visits')).toEqual([]);
    db.close();
  });

  it('4 photos: keeps the visits and takes a photo of one, in the image types allowed', () => {
    const db = upgrade(4, (v3) => v3.exec(VISIT));
    expect(rows(db, 'SELECT id FROM visits ORDER BY seq')).toEqual([{ id: 'v-1' }, { id: 'v-2' }]);
    const photo = db.prepare(
      `INSERT INTO photos (id, seq, visit_id, serial, location_id, taken_at, mime, bytes)
       VALUES (?, ?, ?, 'FTC-1', 'l1', 'x', ?, x'ffd8')`,
    );
    photo.run('p-1', 1, 'v-2', 'image/jpeg');
    expect(() => photo.run('p-2', 2, 'v-2', 'image/gif')).toThrow(/CHECK/);
    expect(() => photo.run('p-3', 3, 'v-none', 'image/png')).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('5 activity-row-per-intent: earlier rows name no intent; new ones can', () => {
    const db = upgrade(5, (v4) => {
      v4.exec(VISIT);
      v4.exec(activity('a1', 1, '2026-05-04T08:30:00.000Z', 'v-1'));
    });
    expect(columns(db, 'activity')).toContain('intent_id');
    expect(rows(db, 'SELECT id, visit_id, intent_id FROM activity')).toEqual([
      { id: 'a1', visit_id: 'v-1', intent_id: null },
    ]);
    expect(has(db, 'activity_by_intent')).toBe(true);
    db.close();
  });

  it('6 walk-test-failed-result: a verification "verified" beside a failed walk test is walk_test_failed', () => {
    const walk = (passed: boolean) => JSON.stringify({ walkTest: { passed } });
    const db = upgrade(6, (v5) => {
      const insert = v5.prepare(
        `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result,
           detail, data)
         VALUES (?, ?, 'x', ?, 'FTC-1', 'l1', 'Store 1', ?, '', ?)`,
      );
      insert.run('failed-walk', 1, 'verify', 'verified', walk(false));
      insert.run('passed-walk', 2, 'verify', 'verified', walk(true));
      insert.run('no-walk', 3, 'verify', 'verified', null);
      insert.run('install', 4, 'install', 'verified', walk(false));
    });
    expect(rows(db, 'SELECT id, result FROM activity ORDER BY seq')).toEqual([
      { id: 'failed-walk', result: 'walk_test_failed' },
      { id: 'passed-walk', result: 'verified' },
      { id: 'no-walk', result: 'verified' },
      { id: 'install', result: 'verified' },
    ]);
    db.close();
  });

  it('7 pick-lists: keeps the visits and takes a pick list line and its expected type', () => {
    const db = upgrade(7, (v6) => v6.exec(VISIT));
    db.exec(`INSERT INTO pick_lines (id, seq, visit_id, serial, added_at)
      VALUES ('k-1', 1, 'v-2', 'FTC-1', 'x')`);
    db.exec("INSERT INTO pick_lists (visit_id, expected_type) VALUES ('v-2', 'Counter')");
    expect(rows(db, 'SELECT id, visit_id, intent_id FROM pick_lines')).toEqual([
      { id: 'k-1', visit_id: 'v-2', intent_id: null },
    ]);
    expect(() =>
      db.exec(`INSERT INTO pick_lines (id, seq, visit_id, serial, added_at)
        VALUES ('k-2', 2, 'v-none', 'FTC-2', 'x')`),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('8 incomplete-visits: visits from before are complete (NULL)', () => {
    const db = upgrade(8, (v7) => v7.exec(VISIT));
    expect(rows(db, 'SELECT id, finished_at IS NULL AS open, incomplete FROM visits')).toEqual([
      { id: 'v-1', open: 0, incomplete: null },
      { id: 'v-2', open: 1, incomplete: null },
    ]);
    db.exec(`UPDATE visits SET incomplete = '{"open":[],"reason":"r"}' WHERE id = 'v-2'`);
    db.close();
  });

  it('9 accuracy-audits: keeps the visits and takes an audit and its taps, in or out', () => {
    const db = upgrade(9, (v8) => v8.exec(VISIT));
    db.exec(`INSERT INTO audits (id, seq, visit_id, serial, location_id, started_at, bucket_ms,
        bucket_seen) VALUES ('a-1', 1, 'v-2', 'FTC-1', 'l1', 1000, 60000, 1)`);
    const tap = db.prepare(
      "INSERT INTO audit_taps (audit_id, seq, at, direction) VALUES ('a-1', ?, 0, ?)",
    );
    tap.run(1, 'in');
    tap.run(2, 'out');
    expect(() => tap.run(3, 'sideways')).toThrow(/CHECK/);
    expect(rows(db, 'SELECT count(*) AS n FROM visits')).toEqual([{ n: 2 }]);
    db.close();
  });

  it('10 chained-record: every visit from before is marked to be chained; entries cannot change', () => {
    const db = upgrade(10, (v9) => v9.exec(VISIT));
    expect(rows(db, 'SELECT visit_id FROM record_to_chain ORDER BY visit_id')).toEqual([
      { visit_id: 'v-1' },
      { visit_id: 'v-2' },
    ]);
    db.exec(`INSERT INTO record_entries (id, visit_id, n, at, kind, body, prev_hash, hash)
      VALUES ('e-1', 'v-2', 1, 'x', 'install', '{}', 'p', 'h')`);
    expect(() => db.exec("UPDATE record_entries SET body = '{}'")).toThrow(/never changed/);
    expect(() => db.exec('DELETE FROM record_entries')).toThrow(/never removed/);
    db.close();
  });

  it('11 keyed-record: entries from before stay unkeyed; a seal can be stored', () => {
    const db = upgrade(11, (v10) => {
      v10.exec(VISIT);
      v10.exec(`INSERT INTO record_entries (id, visit_id, n, at, kind, body, prev_hash, hash)
        VALUES ('e-1', 'v-1', 1, 'x', 'install', '{}', 'p', 'h')`);
    });
    expect(rows(db, 'SELECT id, hash, keyed FROM record_entries')).toEqual([
      { id: 'e-1', hash: 'h', keyed: 0 },
    ]);
    db.exec(`INSERT INTO record_seals (visit_id, entries, final_hash, sealed_at, mac)
      VALUES ('v-1', 1, 'h', 'x', 'm')`);
    db.close();
  });

  it('12 accepted-later: a queued intent from before waits for nothing', () => {
    const db = upgrade(12, (v11) => v11.exec(INTENT));
    expect(rows(db, 'SELECT id, state, steps_done, accepted FROM intents')).toEqual([
      { id: 'q-1', state: 'failed', steps_done: 1, accepted: null },
    ]);
    db.exec(`UPDATE intents SET accepted = '{"at":"x","serial":"FTC-1","step":0}'`);
    db.close();
  });

  it('13 pick-line-checks: a pick list line from before is not checked yet', () => {
    const db = upgrade(13, (v12) => {
      v12.exec(VISIT);
      v12.exec(`INSERT INTO pick_lines (id, seq, visit_id, serial, label, added_at)
        VALUES ('k-1', 1, 'v-2', 'FTC-1', 'Door', 'x')`);
    });
    expect(rows(db, 'SELECT id, serial, label, checked, checked_against FROM pick_lines')).toEqual([
      { id: 'k-1', serial: 'FTC-1', label: 'Door', checked: null, checked_against: null },
    ]);
    db.close();
  });

  it('has a test above for every migration the registry lists', () => {
    expect(WORK_MIGRATIONS).toHaveLength(13);
  });
});
