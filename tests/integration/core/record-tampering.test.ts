/**
 * What a visit shows is what its chain proves (decision record 68). Each tampering tried with
 * the app's own files — a side table changed, a whole back-dated visit or one entry inserted
 * into the record without the installation's secret, a photo's picture swapped — is found and
 * named at its entry and field, while the receipt keeps saying what the record says. Real
 * core, real keychain (the record's secret), real sandbox, real SQLite files edited with SQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedSettings, Visit } from '../../../electron/shared';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import { canonicalJson } from '../../../electron/core/record/canonical-json';
import { keyedHash, unkeyedHash } from '../../../electron/core/record/entry-hash';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { compareCsvRows } from '../../../renderer/src/lib/visit/csv-check';
import { parseCsv, readReceiptRows } from '../../../renderer/src/lib/visit/record-csv';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { JPEG_8x6, PNG_8x6 } from '../../helpers/photo-bytes';
import {
  hostSandbox,
  signInAndSync,
  uninstalledSerials,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
let harness: CoreHarness;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-tamper-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
  // Two photos per device: a visit with one is finished incomplete.
  const managed: ManagedSettings = {
    ...NOT_MANAGED,
    source: { kind: 'linux-file', where: join(root, 'policy.json') },
    quality: {
      rules: { photos: 2, passedCheck: false, checklist: false },
      organizations: null,
      checklistFile: null,
    },
  };
  harness = await startCoreHarness({ dataDir: join(root, 'core'), managed });
  await signInAndSync(harness, host.sandbox);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function workDb(): Promise<Database.Database> {
  const accounts = join(harness.dataDir, 'accounts');
  const [dir] = await readdir(accounts);
  return new Database(join(accounts, dir!, 'work.db'));
}

/** A finished visit: an install, a failed verification, a photo, finished incomplete. */
async function finishedVisit(): Promise<{ visit: Visit; serial: string }> {
  const [serial] = await uninstalledSerials(harness, 1);
  const at = (await harness.call('listLocations')).value[0]!.id;
  await harness.call('installDevice', { serial, locationId: at });
  await harness.call('recordVerification', {
    serial,
    locationId: at,
    walkTestReason: 'The device never checked in',
  });
  await harness.call('addPhoto', {
    serial,
    locationId: at,
    dataUrl: `data:image/jpeg;base64,${JPEG_8x6.toString('base64')}`,
  });
  const visit = await harness.call('finishVisit', {
    signOff: { signed: false, reason: 'Nobody from the store present' },
    reason: 'The second photo could not be taken',
  });
  return { visit: visit!, serial: serial! };
}

const receiptOf = async (visitId: string) => {
  const receipt = await harness.call('visitReceipt', { visitId });
  if (!receipt) throw new Error('no receipt');
  return receipt;
};

describe('tampering with the app’s files', () => {
  it('a side table changed with UPDATE: the receipt says what the record says, and where the cache differs', async () => {
    const { visit, serial } = await finishedVisit();
    const clean = await receiptOf(visit.id);
    expect(clean.proof).toEqual({
      chaining: 'keyed',
      sealedAt: null,
      broken: null,
      cache: null,
      photo: null,
    });
    const verification = clean.entries.find((e) => e.action === 'verify')!;
    const recorded = clean.record.find((e) => e.kind === 'verification')!;

    const db = await workDb();
    try {
      // "Verified, walk test 3 of 3" written into the activity table.
      db.prepare(
        `UPDATE activity SET result = 'verified', data = json_set(data,
           '$.walkTest', json('{"expected":3,"counted":3,"passed":true,"reason":null}'),
           '$.fact.checkedIn', json('true')) WHERE id = ?`,
      ).run(verification.id);
    } finally {
      db.close();
    }
    const edited = await receiptOf(visit.id);
    expect(edited.entries.find((e) => e.id === verification.id)).toMatchObject({
      result: 'not_verified',
      walkTest: { counted: 0, passed: false },
    });
    expect(edited.proof.cache).toEqual({ n: recorded.n, kind: 'verification', field: 'result' });
    expect(edited.proof.broken).toBeNull();
    // Listed visits say it too once read, and the serial stays as recorded.
    const listed = (await harness.call('listVisits')).find((v) => v.id === visit.id)!;
    expect(listed.proof?.cache).toEqual(edited.proof.cache);
    expect(edited.entries.some((e) => e.serial === serial && e.action === 'install')).toBe(true);
  });

  it('an install the record never had, INSERTed, and "finished incomplete" removed: neither is shown, both are named', async () => {
    const { visit } = await finishedVisit();
    expect((await receiptOf(visit.id)).visit.incomplete).toMatchObject({
      reason: 'The second photo could not be taken',
    });
    const db = await workDb();
    try {
      db.prepare(`UPDATE visits SET incomplete = NULL WHERE id = ?`).run(visit.id);
    } finally {
      db.close();
    }
    const completed = await receiptOf(visit.id);
    expect(completed.visit.incomplete).toMatchObject({
      reason: 'The second photo could not be taken',
    });
    expect(completed.proof.cache).toMatchObject({ kind: 'visit_incomplete', field: 'incomplete' });

    const db2 = await workDb();
    try {
      db2
        .prepare(
          `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result,
             detail, visit_id, data)
           VALUES (?, (SELECT max(seq) + 1 FROM activity), ?, 'install', 'FTC-NEVER', 'l1',
             'Store 1', 'done', '', ?, '{"fact":{"kind":"installed","location":"Store 1"}}')`,
        )
        .run(randomUUID(), visit.startedAt, visit.id);
    } finally {
      db2.close();
    }
    const added = await receiptOf(visit.id);
    expect(added.entries.some((e) => e.serial === 'FTC-NEVER')).toBe(false);
    expect(added.proof.cache).toEqual({ n: null, kind: null, field: 'entry' });
  });

  it('a whole back-dated visit INSERTed into the record without the secret is listed as not proven, and its receipt never "matches"', async () => {
    const db = await workDb();
    const visitId = `v-${randomUUID()}`;
    let final = '';
    try {
      db.prepare(
        `INSERT INTO visits (id, seq, started_at, finished_at)
         VALUES (?, (SELECT max(seq) + 1 FROM visits), '2026-01-05T09:00:00.000Z', '2026-01-05T10:00:00.000Z')`,
      ).run(visitId);
      // As the attacker would write it: consistent, with SHA-256 (the old, unkeyed hash), and
      // once more "keyed" with a secret of their own.
      for (const hashWith of ['sha256', 'guess'] as const) {
        let prev = '0'.repeat(64);
        const rows = [
          { kind: 'visit_started', subject: null, body: { organization: null } },
          {
            kind: 'action',
            subject: randomUUID(),
            body: {
              at: '2026-01-05T09:10:00.000Z',
              action: 'install',
              serial: 'FTC-FORGED',
              locationId: 'l1',
              locationName: 'Store 1',
              result: 'done',
              fact: { kind: 'installed', location: 'Store 1' },
              walkTest: null,
              sentAt: null,
              replaces: null,
            },
          },
          {
            kind: 'sign_off',
            subject: null,
            body: { signed: true, name: 'A. Store', strokes: [[1, 1, 5, 5]] },
          },
        ];
        const id = hashWith === 'sha256' ? visitId : `v-${randomUUID()}`;
        if (id !== visitId)
          db.prepare(
            `INSERT INTO visits (id, seq, started_at, finished_at)
             VALUES (?, (SELECT max(seq) + 1 FROM visits), '2026-01-05T09:00:00.000Z', '2026-01-05T10:00:00.000Z')`,
          ).run(id);
        rows.forEach((row, i) => {
          const entry = {
            visitId: id,
            n: i + 1,
            id: `e-${randomUUID()}`,
            at: '2026-01-05T09:10:00.000Z',
            kind: row.kind,
            subject: row.subject,
            body: row.body,
            prev,
          };
          const hash =
            hashWith === 'sha256' ? unkeyedHash(entry) : keyedHash(entry, Buffer.alloc(32, 7));
          db.prepare(
            `INSERT INTO record_entries (id, visit_id, n, at, kind, subject, body, prev_hash, hash, keyed)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            entry.id,
            id,
            entry.n,
            entry.at,
            entry.kind,
            entry.subject,
            canonicalJson(entry.body),
            prev,
            hash,
            hashWith === 'sha256' ? 0 : 1,
          );
          prev = hash;
        });
        if (hashWith === 'sha256') final = prev;
      }
    } finally {
      db.close();
    }
    // Its printed hash, checked: not a match, altered from its first entry.
    expect(await harness.call('checkReceipt', { hash: final })).toMatchObject({
      verdict: 'altered',
      visitId,
      entry: 1,
      entryKind: 'visit_started',
      reason: 'unsealed',
    });
    const forged = await receiptOf(visitId);
    expect(forged.proof.broken).toEqual({ n: 1, kind: 'visit_started', reason: 'unsealed' });
    const guessed = (await harness.call('listVisits')).find(
      (v) => v.id !== visitId && v.startedAt === '2026-01-05T09:10:00.000Z',
    )!;
    expect((await receiptOf(guessed.id)).proof.broken).toEqual({
      n: 1,
      kind: 'visit_started',
      reason: 'hash',
    });
  });

  it('one entry appended to a real visit without the secret is named at its place', async () => {
    const { visit } = await finishedVisit();
    const { record } = await receiptOf(visit.id);
    const last = record.at(-1)!;
    const db = await workDb();
    try {
      const entry = {
        visitId: visit.id,
        n: last.n + 1,
        id: `e-${randomUUID()}`,
        at: new Date().toISOString(),
        kind: 'amendment',
        subject: null,
        body: {
          corrects: 'x',
          field: 'note',
          value: 'Verified after all',
          previous: null,
          reason: 'x',
        },
        prev: last.hash,
      };
      db.prepare(
        `INSERT INTO record_entries (id, visit_id, n, at, kind, subject, body, prev_hash, hash, keyed)
         VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, 1)`,
      ).run(
        entry.id,
        visit.id,
        entry.n,
        entry.at,
        entry.kind,
        canonicalJson(entry.body),
        last.hash,
        unkeyedHash(entry),
      );
    } finally {
      db.close();
    }
    expect(await harness.call('checkReceipt', { hash: last.hash })).toMatchObject({
      verdict: 'altered',
      entry: last.n + 1,
      entryKind: 'amendment',
      reason: 'hash',
    });
  });

  it.each(['en', 'de'])(
    'a CSV row edited (%s), its hash column left alone: the check names the row and the column',
    async (language) => {
      const { visit } = await finishedVisit();
      const receipt = await receiptOf(visit.id);
      const cities = new Map([[receipt.entries[0]!.locationId!, 'Springfield']]);
      const written = (() => {
        setLocaleSource(() => resolveLocale([language]));
        try {
          return activityToCsv(receipt.entries, {
            organization: 'Org',
            cities,
            signOff: receipt.visit.signOff,
            record: { visit: receipt.visit, entries: receipt.record },
          });
        } finally {
          setLocaleSource(() => FALLBACK_LOCALE);
        }
      })();
      const check = async (csv: string) => {
        const rows = parseCsv(csv);
        const hashes = await harness.call('checkReceipt', readReceiptRows(rows)!);
        const found = await compareCsvRows(rows, receipt, { organization: 'Org', cities }, () =>
          Promise.resolve(),
        );
        return { hashes, found };
      };
      expect(await check(written)).toMatchObject({
        hashes: { verdict: 'match' },
        found: { kind: 'same', rows: receipt.entries.length },
      });
      // "Not verified" → "Verified" in the readable rows; every hash as it was.
      const [notVerified, verified] =
        language === 'de' ? ['Nicht geprüft', 'Geprüft'] : ['Not verified', 'Verified'];
      const row = written.split('\r\n').findIndex((r) => r.includes(`"${notVerified}"`));
      expect(row).toBeGreaterThan(0);
      const edited = written.replace(`"${notVerified}"`, `"${verified}"`);
      expect(await check(edited)).toMatchObject({
        hashes: { verdict: 'match' },
        found: {
          kind: 'differs',
          difference: {
            row: row + 1,
            column: language === 'de' ? 'Ergebnis' : 'Result',
            found: verified,
            expected: notVerified,
          },
        },
      });
    },
  );

  it('a photo’s picture swapped: not shown, and the receipt and the check name its entry', async () => {
    const { visit } = await finishedVisit();
    const before = await receiptOf(visit.id);
    const [photo] = before.photos;
    expect(photo).toMatchObject({ matches: true });
    const db = await workDb();
    try {
      db.prepare(`UPDATE photos SET bytes = ?, mime = 'image/png' WHERE id = ?`).run(
        PNG_8x6,
        photo!.id,
      );
    } finally {
      db.close();
    }
    const after = await receiptOf(visit.id);
    expect(after.photos[0]).toMatchObject({ id: photo!.id, matches: false });
    expect(after.proof.photo).toEqual({ n: photo!.n, kind: 'photo', field: 'picture' });
    expect(await harness.call('checkReceipt', { hash: before.record.at(-1)!.hash })).toMatchObject({
      verdict: 'altered',
      entry: photo!.n,
      entryKind: 'photo',
      reason: 'picture',
    });
    expect(await harness.core.invoke('photoData', { id: photo!.id })).toMatchObject({
      ok: false,
      error: { code: 'photo_not_recorded', params: { entry: photo!.n } },
    });
  });
});
