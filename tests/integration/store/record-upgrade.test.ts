/**
 * Upgrading a work.db written before records were chained (work.db migration 10; real SQLite
 * files at version 6, and at 8 with a pick list, a mounting checklist and a visit finished
 * incomplete): each earlier visit gets its chain once — its activity entries and photos as they
 * stand, then a `chained_at_upgrade` entry — and opening again adds nothing.
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
import Database from 'better-sqlite3';
import { checkChain } from '../../../electron/core/record/chain-check';
import { canonicalJson } from '../../../electron/core/record/canonical-json';
import { FIRST_PREV, unkeyedHash } from '../../../electron/core/record/entry-hash';
import { readVisit } from '../../../electron/core/service/visit-read';
import { memoryRecordKey } from '../../helpers/record-key';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** What versions 7 (pick list) and 8 (completion rules) could hold of an earlier visit. */
const AT_VERSION_8 = `
  INSERT INTO pick_lines (id, seq, visit_id, serial, added_at)
    VALUES ('k-1', 1, 'v-old', 'FTC-1', '2026-05-04T09:05:00.000Z');
  INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result,
      detail, visit_id, data)
    VALUES ('a3', 3, '2026-05-04T09:30:00.000Z', 'checklist', 'FTC-1', 'l1', 'Store 1', 'done',
      'Mounting checklist.', 'v-old',
      '{"fact":{"kind":"mounting_checklist","deviceType":"Counter","checks":[]}}'),
    ('a4', 4, '2026-05-04T10:59:00.000Z', 'finish_visit', NULL, NULL, NULL, 'incomplete',
      'Visit incomplete.', 'v-old',
      '{"fact":{"kind":"visit_incomplete","open":[{"rule":"passed_check","serial":"FTC-1"}],"reason":"closing"}}');
  UPDATE visits SET incomplete =
    '{"open":[{"rule":"passed_check","serial":"FTC-1"}],"reason":"closing"}' WHERE id = 'v-old';
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-record-upgrade-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a work.db from before chained records', () => {
  it.each([
    { version: 6, extra: '', later: [] },
    {
      version: 8,
      extra: AT_VERSION_8,
      later: [
        ['mounting_checklist', 'a3'],
        ['visit_incomplete', 'a4'],
      ],
    },
  ])(
    'chains each earlier visit of a version-$version file once, at the first open',
    ({ version, extra, later }) => {
      const scope = join(dir, 'scope');
      mkdirSync(scope, { recursive: true, mode: 0o700 });
      const path = join(scope, 'work.db');
      // What an earlier version left on disk.
      const old = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, version) });
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
      old.exec(extra);
      const picture = Buffer.from('jpeg bytes');
      old
        .prepare(
          `INSERT INTO photos (id, seq, visit_id, serial, location_id, taken_at, mime, bytes)
         VALUES ('p-1', 1, 'v-old', 'FTC-1', 'l1', '2026-05-04T09:15:00.000Z', 'image/jpeg', ?)`,
        )
        .run(picture);
      old.close();

      const recordKey = memoryRecordKey();
      const store = openAccountStore(scope, log, { recordKey });
      try {
        const { record } = store.work.activity;
        const entries = record.list('v-old');
        expect(entries.map((e) => [e.kind, e.subject])).toEqual([
          ['action', 'a1'],
          ['verification', 'a2'],
          ...later,
          ['photo', 'p-1'],
          ['chained_at_upgrade', null],
        ]);
        const total = 4 + later.length;
        // The entry written before facts keeps its English as the only wording it has.
        expect(entries[1]!.body).toMatchObject({ detail: 'Checked in after install.' });
        expect(entries.at(-2)!.body).toMatchObject({
          takenAt: '2026-05-04T09:15:00.000Z',
          sha256: createHash('sha256').update(picture).digest('hex'),
        });
        expect(checkChain(entries, recordKey.secret, record.seal('v-old'))).toBeNull();
        expect(record.summary('v-old')).toMatchObject({
          entries: total,
          chainedAtUpgrade: entries.at(-1)!.at,
        });
      } finally {
        store.close();
      }
      const again = openAccountStore(scope, log, { recordKey });
      try {
        expect(again.work.activity.record.summary('v-old').entries).toBe(4 + later.length);
      } finally {
        again.close();
      }
    },
  );
});

describe('a work.db chained before keys (version 10)', () => {
  it('is sealed once at the first open with the secret: its receipts still match, it says how it was chained, and nothing unkeyed is taken after', async () => {
    const scope = join(dir, 'scope');
    mkdirSync(scope, { recursive: true, mode: 0o700 });
    const path = join(scope, 'work.db');
    const old = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, 10) });
    /** Writes a visit's entries as version 10 did: plain SHA-256, chained. */
    const writeUnkeyed = (db: typeof old, visitId: string, kinds: string[]): string => {
      db.prepare(
        `INSERT INTO visits (id, seq, started_at, finished_at) VALUES (?,
           (SELECT coalesce(max(seq), 0) + 1 FROM visits), '2026-05-04T09:00:00.000Z', '2026-05-04T10:00:00.000Z')`,
      ).run(visitId);
      let prev = FIRST_PREV;
      kinds.forEach((kind, i) => {
        const entry = {
          visitId,
          n: i + 1,
          id: `e-${visitId}-${i}`,
          at: '2026-05-04T09:30:00.000Z',
          kind,
          subject: null,
          body: { said: i },
          prev,
        };
        const hash = unkeyedHash(entry);
        db.prepare(
          `INSERT INTO record_entries (id, visit_id, n, at, kind, subject, body, prev_hash, hash)
           VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
        ).run(entry.id, visitId, entry.n, entry.at, kind, canonicalJson(entry.body), prev, hash);
        prev = hash;
      });
      return prev;
    };
    const printed = writeUnkeyed(old, 'v-before', ['action', 'sign_off']);
    old.close();

    const recordKey = memoryRecordKey();
    const proofOf = async (store: ReturnType<typeof openAccountStore>, visitId: string) =>
      (await readVisit(store.work, visitId))!.proof;
    const store = openAccountStore(scope, log, { recordKey });
    try {
      expect(recordKey.sealed('scope')).toBe(true);
      const proof = await proofOf(store, 'v-before');
      expect(proof).toMatchObject({ chaining: 'sealed', broken: null });
      expect(proof.sealedAt).not.toBeNull();
      expect(store.work.activity.record.summary('v-before').finalHash).toBe(printed);
    } finally {
      store.close();
    }

    // Written into the file afterwards, the old way: never sealed, never taken.
    const raw = new Database(path);
    writeUnkeyed(raw, 'v-forged', ['action', 'sign_off']);
    // …and the seals removed, as if the file were rolled back to before them.
    raw.exec('DELETE FROM record_seals');
    raw.close();
    const again = openAccountStore(scope, log, { recordKey });
    try {
      for (const visitId of ['v-forged', 'v-before'])
        expect((await proofOf(again, visitId)).broken).toEqual({
          n: 1,
          kind: 'action',
          reason: 'unsealed',
        });
    } finally {
      again.close();
    }
  });
});
