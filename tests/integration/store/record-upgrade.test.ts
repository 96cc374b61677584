/**
 * Upgrading a work.db written before records were chained (migration 6, a real SQLite file):
 * each earlier visit gets its chain once — its activity entries and photos as they stand,
 * then a `chained_at_upgrade` entry — and opening again adds nothing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import { openDatabase } from '../../../electron/core/db/open-database';
import { WORK_MIGRATIONS } from '../../../electron/core/db/schema';
import { openAccountStore } from '../../../electron/core/store/account-store';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** The last migration before records were chained. */
const BEFORE_RECORDS = 6;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-record-upgrade-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a work.db from before chained records', () => {
  it('chains each earlier visit once, at the first open', () => {
    const scope = join(dir, 'scope');
    mkdirSync(scope, { recursive: true, mode: 0o700 });
    const path = join(scope, 'work.db');
    // What an earlier version left on disk.
    const old = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, BEFORE_RECORDS) });
    old.exec(`
      INSERT INTO visits (id, seq, started_at, finished_at)
        VALUES ('v-old', 1, '2026-05-04T09:00:00.000Z', '2026-05-04T11:00:00.000Z');
      INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result,
          detail, visit_id, data)
        VALUES ('a1', 1, '2026-05-04T09:10:00.000Z', 'install', 'FTC-1', 'l1', 'Store 1', 'done',
          'Installed at Store 1.', 'v-old', '{"fact":{"kind":"installed","location":"Store 1"}}'),
        ('a2', 2, '2026-05-04T09:20:00.000Z', 'verify', 'FTC-1', 'l1', 'Store 1', 'verified',
          'Checked in after install.', 'v-old', NULL);
    `);
    const picture = Buffer.from('jpeg bytes');
    old
      .prepare(
        `INSERT INTO photos (id, seq, visit_id, serial, location_id, taken_at, mime, bytes)
         VALUES ('p-1', 1, 'v-old', 'FTC-1', 'l1', '2026-05-04T09:15:00.000Z', 'image/jpeg', ?)`,
      )
      .run(picture);
    old.close();

    const store = openAccountStore(scope, log);
    try {
      const { record } = store.work.activity;
      const entries = record.list('v-old');
      expect(entries.map((e) => [e.kind, e.subject])).toEqual([
        ['action', 'a1'],
        ['verification', 'a2'],
        ['photo', 'p-1'],
        ['chained_at_upgrade', null],
      ]);
      // The entry written before facts keeps its English as the only wording it has.
      expect(entries[1]!.body).toMatchObject({ detail: 'Checked in after install.' });
      expect(entries[2]!.body).toMatchObject({
        takenAt: '2026-05-04T09:15:00.000Z',
        sha256: createHash('sha256').update(picture).digest('hex'),
      });
      expect(record.firstBroken('v-old')).toBeNull();
      expect(record.summary('v-old')).toMatchObject({
        entries: 4,
        chainedAtUpgrade: entries[3]!.at,
      });
    } finally {
      store.close();
    }
    const again = openAccountStore(scope, log);
    try {
      expect(again.work.activity.record.summary('v-old').entries).toBe(4);
    } finally {
      again.close();
    }
  });
});
