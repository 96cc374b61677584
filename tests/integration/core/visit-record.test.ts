/**
 * A visit's record is chained and append-only in a real work.db: every action, verification,
 * photo and the sign-off is an entry; SQLite refuses to change or remove one; an entry changed
 * around the app (triggers dropped, row edited with SQL) is found by "Check a receipt", which
 * names the entry; corrections are amendments; a receipt's CSV checks out after a round trip.
 * Real core, real sandbox, real SQLite files.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Visit } from '../../../electron/shared';
import { RECEIPT_ENTRIES_MAX } from '../../../electron/shared/field-limits';
import { canonicalJson } from '../../../electron/core/record/canonical-json';
import { unkeyedHash } from '../../../electron/core/record/entry-hash';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { readReceiptCsv } from '../../../renderer/src/lib/visit/record-csv';
import { JPEG_8x6 } from '../../helpers/photo-bytes';
import { uninstalledSerials, useSandboxWorld, workDbPath } from '../../helpers/store-world';

const world = useSandboxWorld('fi-record-');

const SIGNATURE = [
  [10, 10, 40, 60, 80, 20],
  [100, 100, 120, 130],
];

/** A visit with an install, a verification with a note, a photo and the store's signature. */
async function signedVisit(): Promise<{ visit: Visit; verificationId: string }> {
  const [serial] = await uninstalledSerials(world.harness, 1);
  const at = (await world.harness.call('listLocations')).value[0]!.id;
  await world.harness.call('installDevice', { serial, locationId: at });
  world.host.sandbox.checkIn(serial!);
  const verification = await world.harness.call('recordVerification', {
    serial,
    locationId: at,
    walkTestReason: 'Store closed',
    note: 'Above the door',
  });
  await world.harness.call('addPhoto', {
    serial,
    locationId: at,
    dataUrl: `data:image/jpeg;base64,${JPEG_8x6.toString('base64')}`,
    takenAt: new Date().toISOString(),
  });
  const visit = await world.harness.call('finishVisit', {
    signOff: { signed: true, name: 'Ana Store', strokes: SIGNATURE },
  });
  return { visit: visit!, verificationId: verification.id };
}

/** The receipt's CSV as the Activity screen writes it, and what "Check a receipt" reads of it. */
async function csvOf(visit: Visit): Promise<string> {
  const entries = await world.harness.call('listActivity', { visitId: visit.id });
  const record = await world.harness.call('visitRecord', { visitId: visit.id });
  return activityToCsv(entries, { organization: 'Org', record: { visit, entries: record } });
}

const checkCsv = async (csv: string) => {
  const read = readReceiptCsv(csv);
  if (!read) throw new Error('the CSV has no record');
  return world.harness.call('checkReceipt', read);
};

describe('the chained visit record', () => {
  it('records every entry and the sign-off; its CSV checks out; SQLite refuses edits', async () => {
    const { visit } = await signedVisit();
    const record = await world.harness.call('visitRecord', { visitId: visit.id });
    expect(record.map((e) => e.kind)).toEqual([
      'visit_started',
      'action',
      'verification',
      'photo',
      'sign_off',
    ]);
    expect(visit.record).toEqual({
      entries: 5,
      finalHash: record[4]!.hash,
      chainedAtUpgrade: null,
    });
    expect(visit.signOff).toMatchObject({ signed: true, name: 'Ana Store', strokes: SIGNATURE });
    // The photo's entry holds its picture's SHA-256 and the time the core stored it.
    const [photo] = await world.harness.call('listPhotos', { visitId: visit.id });
    expect(Date.now() - Date.parse(photo!.takenAt)).toBeLessThan(60_000);
    const stored = (await world.harness.call('photoData', { id: photo!.id })).dataUrl.split(
      ',',
    )[1]!;
    const db0 = new Database(await workDbPath(world.harness.dataDir), { readonly: true });
    try {
      const body = db0
        .prepare<[string], { body: string }>(`SELECT body FROM record_entries WHERE subject = ?`)
        .get(photo!.id)!.body;
      expect(JSON.parse(body)).toMatchObject({
        takenAt: photo!.takenAt,
        sha256: createHash('sha256').update(Buffer.from(stored, 'base64')).digest('hex'),
      });
    } finally {
      db0.close();
    }

    const csv = await csvOf(visit);
    expect(csv).toContain(record[4]!.hash);
    expect(await checkCsv(csv)).toMatchObject({
      verdict: 'match',
      visitId: visit.id,
      entries: 5,
      chaining: 'keyed',
    });
    // The hash typed from the PDF: grouped, upper case, or its first 16 digits.
    const typed = record[4]!.hash.toUpperCase().replace(/(.{8})/g, '$1 ');
    expect(await world.harness.call('checkReceipt', { hash: typed })).toMatchObject({
      verdict: 'match',
    });
    expect(
      await world.harness.call('checkReceipt', { hash: record[4]!.hash.slice(0, 16) }),
    ).toMatchObject({ verdict: 'match', visitId: visit.id });

    const db = new Database(await workDbPath(world.harness.dataDir));
    try {
      expect(() => db.prepare(`UPDATE record_entries SET body = '{}' WHERE n = 3`).run()).toThrow(
        /never changed/,
      );
      expect(() => db.prepare('DELETE FROM record_entries').run()).toThrow(/never removed/);
    } finally {
      db.close();
    }
  });

  it(`a receipt's CSV is checked with up to ${RECEIPT_ENTRIES_MAX.toLocaleString('en')} entries; more is refused at once, by its rule`, async () => {
    const { visit } = await signedVisit();
    const record = await world.harness.call('visitRecord', { visitId: visit.id });
    const hash = record.at(-1)!.hash;
    const entries = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ n: i + 1, hash: record[i]?.hash ?? hash }));
    // At the limit: checked (its entries differ from the record's after the fifth).
    expect(
      await world.harness.call('checkReceipt', {
        hash,
        visitId: visit.id,
        entries: entries(RECEIPT_ENTRIES_MAX),
      }),
    ).toMatchObject({ verdict: 'differs', entry: 6, receiptEntries: RECEIPT_ENTRIES_MAX });
    for (const count of [RECEIPT_ENTRIES_MAX + 1, 100_000]) {
      const refused = await world.harness.core.invoke('checkReceipt', {
        hash,
        visitId: visit.id,
        entries: entries(count),
      });
      expect(refused).toEqual({
        ok: false,
        error: expect.objectContaining({
          kind: 'validation',
          code: 'field',
          fields: {
            entries: {
              rule: 'receipt_too_many_entries',
              code: 'too_big',
              params: expect.objectContaining({ maximum: RECEIPT_ENTRIES_MAX }),
            },
          },
        }),
      });
    }
  });

  it('finds an entry changed around the app, and names it, even with every hash computed again', async () => {
    const { visit } = await signedVisit();
    const csv = await csvOf(visit);
    const db = new Database(await workDbPath(world.harness.dataDir));
    try {
      // Someone edits the file: the triggers dropped, the verification's note rewritten.
      db.exec('DROP TRIGGER record_entries_never_changed');
      const row = db
        .prepare<[string], { body: string }>(
          `SELECT body FROM record_entries WHERE visit_id = ? AND n = 3`,
        )
        .get(visit.id)!;
      const body = JSON.parse(row.body) as { fact: { note: string } };
      body.fact.note = 'Behind the till';
      db.prepare(`UPDATE record_entries SET body = ? WHERE visit_id = ? AND n = 3`).run(
        canonicalJson(body),
        visit.id,
      );
      expect(await checkCsv(csv)).toMatchObject({
        verdict: 'altered',
        entry: 3,
        entryKind: 'verification',
        reason: 'hash',
      });

      // …and, more carefully, every hash from there on computed again (the file holds no
      // secret, so with SHA-256 as before keys): a chain again, but not this installation's.
      const rows = db
        .prepare<
          [string],
          {
            id: string;
            n: number;
            at: string;
            kind: string;
            subject: string | null;
            body: string;
            prevHash: string;
          }
        >(
          `SELECT id, n, at, kind, subject, body, prev_hash AS prevHash
           FROM record_entries WHERE visit_id = ? ORDER BY n`,
        )
        .all(visit.id);
      let prev = '0'.repeat(64);
      for (const r of rows) {
        const hash = unkeyedHash({
          visitId: visit.id,
          n: r.n,
          id: r.id,
          at: r.at,
          kind: r.kind,
          subject: r.subject,
          body: JSON.parse(r.body) as unknown,
          prev,
        });
        db.prepare('UPDATE record_entries SET prev_hash = ?, hash = ?, keyed = 0 WHERE id = ?').run(
          prev,
          hash,
          r.id,
        );
        prev = hash;
      }
      expect(await checkCsv(csv)).toMatchObject({
        verdict: 'altered',
        entry: 1,
        entryKind: 'visit_started',
        reason: 'unsealed',
      });
      const receipt = await world.harness.call('visitReceipt', { visitId: visit.id });
      expect(receipt?.proof.broken).toEqual({ n: 1, kind: 'visit_started', reason: 'unsealed' });
    } finally {
      db.close();
    }
  });

  it('corrects a note by an amendment: lists show the correction, the record keeps both', async () => {
    const { visit, verificationId } = await signedVisit();
    const before = await csvOf(visit);
    const corrected = await world.harness.call('amendEntry', {
      entryId: verificationId,
      field: 'note',
      value: 'Above the side door',
      reason: 'Wrong door noted',
    });
    expect(corrected.fact).toMatchObject({ kind: 'verification', note: 'Above the side door' });
    expect(corrected.amendments).toEqual([
      {
        at: expect.any(String) as string,
        field: 'note',
        value: 'Above the side door',
        previous: 'Above the door',
        reason: 'Wrong door noted',
      },
    ]);
    const listed = await world.harness.call('listActivity', { visitId: visit.id });
    expect(listed.find((e) => e.id === verificationId)?.amendments).toHaveLength(1);
    const record = await world.harness.call('visitRecord', { visitId: visit.id });
    expect(record.map((e) => e.kind).slice(-2)).toEqual(['sign_off', 'amendment']);
    // The receipt handed over before the correction: all its entries are there, one more since.
    expect(await checkCsv(before)).toMatchObject({
      verdict: 'added_since',
      entry: 6,
      entryKind: 'amendment',
    });
    expect(await checkCsv(await csvOf(visit))).toMatchObject({ verdict: 'match', entries: 6 });
    // The cache keeps the note as first recorded: a correction is no disagreement.
    expect((await world.harness.call('visitReceipt', { visitId: visit.id }))?.proof).toMatchObject({
      broken: null,
      cache: null,
    });
    // Only a verification's note is correctable.
    const install = listed.find((e) => e.action === 'install')!;
    expect(
      await world.harness.core.invoke('amendEntry', {
        entryId: install.id,
        field: 'note',
        value: 'x',
        reason: 'y',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'validation', code: 'entry_not_amendable' } });
  });

  it('a visit is finished with a signature and a name, or with a reason', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.harness.call('installDevice', { serial, locationId: at });
    for (const signOff of [
      undefined,
      { signed: false, reason: '  ' },
      { signed: true, name: 'A', strokes: [] },
    ]) {
      expect(
        await world.harness.core.invoke('finishVisit', signOff ? { signOff } : {}),
      ).toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      });
    }
    const finished = await world.harness.call('finishVisit', {
      signOff: { signed: false, reason: 'Nobody from the store present' },
    });
    expect(finished?.signOff).toMatchObject({
      signed: false,
      reason: 'Nobody from the store present',
    });
  });
});
