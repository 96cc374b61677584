/**
 * A visit's chained record in work.db (`record_entries`, work.db migrations 10 and 11): the one
 * place an entry is appended (`append`), whatever its kind — the visit's start, an action, a
 * verification, a photo, the sign-off, an amendment, and kinds added later. Entries are never
 * changed or removed (SQLite triggers refuse it); each carries a keyed hash of its content and
 * of the entry before it (record/entry-hash.ts), so a change made around the app shows as the
 * first entry that no longer checks out (record/chain-check.ts). Everything a visit shows is
 * read from here (record/visit-view.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Amendment, RecordEntryInfo, RecordEntryKind } from '../../shared';
import type { Db } from '../db/open-database';
import { canonicalJson } from './canonical-json';
import { hashOf, type Seal } from './chain-check';
import { FIRST_PREV } from './entry-hash';
import type { RecordEntry } from './record-entry';

interface NewRecordEntry {
  visitId: string;
  kind: RecordEntryKind;
  /** The activity entry or photo this entry records (amendments find it by this). */
  subject?: string | null;
  body: object;
  at?: string;
}

interface RecordSummary {
  entries: number;
  finalHash: string | null;
  /** When the entries of a visit recorded before chains existed were chained (the upgrade). */
  chainedAtUpgrade: string | null;
}

export interface VisitRecord {
  /** The installation's secret the record is keyed with (core memory only). */
  readonly secret: Buffer;
  /** Appends one entry to its visit's chain (inside the caller's transaction, if any). */
  append(entry: NewRecordEntry): RecordEntry;
  /** A visit's entries, first first. */
  list(visitId: string): RecordEntry[];
  /** Up to `limit` entries after entry `after`, in order (a long visit read a page at a time). */
  page(visitId: string, after: number, limit: number): RecordEntry[];
  /** Every entry recording one activity entry or photo, first first. */
  ofSubject(subject: string): RecordEntry[];
  /** A visit's entries of one kind, first first. */
  ofKind(visitId: string, kind: RecordEntryKind): RecordEntry[];
  /** A visit's photo entries and photo removals, first first: all its photos' states. */
  photoStates(visitId: string): RecordEntry[];
  summary(visitId: string): RecordSummary;
  /** Visits with an entry whose hash starts with this (lower-case hex). */
  visitsWithHash(prefix: string): string[];
  /** Visits recorded before chains existed, still to be chained (see chain-earlier.ts). */
  toChain(): string[];
  chained(visitId: string): void;
  /** The visit's seal of entries from before keys (record/seal.ts), if it has one. */
  seal(visitId: string): Seal | null;
  /** What a list of visits shows of one, found by kind without reading the whole visit. */
  headOf(visitId: string): VisitHead;
}

/** The entries a visit's line in a list is made of (record/visit-view.ts reads them whole). */
interface VisitHead {
  started: RecordEntry | null;
  signOff: RecordEntry | null;
  incomplete: RecordEntry | null;
  stores: { locationId: string | null; name: string }[];
}

interface Row {
  id: string;
  visit_id: string;
  n: number;
  at: string;
  kind: RecordEntryKind;
  subject: string | null;
  body: string;
  prev_hash: string;
  hash: string;
  keyed: number;
}

/** What an amendment entry's body holds: the entry it corrects, and the correction. */
export interface AmendmentBody extends Omit<Amendment, 'at'> {
  /** The record entry (id) whose value it corrects. */
  corrects: string;
}

const fromRow = (row: Row): RecordEntry => ({
  id: row.id,
  visitId: row.visit_id,
  n: row.n,
  at: row.at,
  kind: row.kind,
  subject: row.subject,
  body: JSON.parse(row.body) as unknown,
  prevHash: row.prev_hash,
  hash: row.hash,
  keyed: row.keyed === 1,
});

export const entryInfo = (entry: RecordEntry): RecordEntryInfo => ({
  n: entry.n,
  at: entry.at,
  kind: entry.kind,
  hash: entry.hash,
});

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function visitRecord(
  db: Db,
  secret: Buffer,
  now: () => Date = () => new Date(),
): VisitRecord {
  const columns =
    'SELECT id, visit_id, n, at, kind, subject, body, prev_hash, hash, keyed FROM record_entries';
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY n`);
  const paged = db.prepare<[string, number, number], Row>(
    `${columns} WHERE visit_id = ? AND n > ? ORDER BY n LIMIT ?`,
  );
  const bySubject = db.prepare<[string], Row>(`${columns} WHERE subject = ? ORDER BY visit_id, n`);
  const byKind = db.prepare<[string, RecordEntryKind], Row>(
    `${columns} WHERE visit_id = ? AND kind = ? ORDER BY n`,
  );
  // SQLite skips the other entries' bodies: a visit's photos without parsing its whole record.
  const photoRows = db.prepare<[string], Row>(
    `${columns} WHERE visit_id = ? AND kind IN ('photo', 'photo_removed') ORDER BY n`,
  );
  const last = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY n DESC LIMIT 1`);
  const count = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM record_entries WHERE visit_id = ?',
  );
  const upgraded = db.prepare<[string], { at: string }>(
    `SELECT at FROM record_entries WHERE visit_id = ? AND kind = 'chained_at_upgrade' LIMIT 1`,
  );
  const insert = db.prepare(
    `INSERT INTO record_entries (id, visit_id, n, at, kind, subject, body, prev_hash, hash, keyed)
     VALUES (@id, @visitId, @n, @at, @kind, @subject, @body, @prevHash, @hash, 1)`,
  );
  const withHash = db.prepare<[{ prefix: string }], { visit_id: string }>(
    'SELECT DISTINCT visit_id FROM record_entries WHERE substr(hash, 1, length(@prefix)) = @prefix',
  );
  const pending = db.prepare<[], { visit_id: string }>('SELECT visit_id FROM record_to_chain');
  const done = db.prepare<[string]>('DELETE FROM record_to_chain WHERE visit_id = ?');
  const sealOf = db.prepare<
    [string],
    { entries: number; final_hash: string; sealed_at: string; mac: string }
  >('SELECT entries, final_hash, sealed_at, mac FROM record_seals WHERE visit_id = ?');

  const firstOfKind = db.prepare<[string, string], Row>(
    `${columns} WHERE visit_id = ? AND kind = ? ORDER BY n LIMIT 1`,
  );
  const lastOfKind = db.prepare<[string, string], Row>(
    `${columns} WHERE visit_id = ? AND kind = ? ORDER BY n DESC LIMIT 1`,
  );
  const lastIncomplete = db.prepare<[string], Row>(
    `${columns} WHERE visit_id = ? AND kind = 'visit_incomplete' ORDER BY n DESC LIMIT 1`,
  );
  const storesSince = db.prepare<
    [string, number, number],
    { locationId: string | null; name: string; first: number }
  >(
    `SELECT json_extract(body, '$.locationId') AS locationId,
       json_extract(body, '$.locationName') AS name, min(n) AS first
     FROM record_entries
     WHERE visit_id = ? AND n > ? AND n <= ? AND json_extract(body, '$.locationName') IS NOT NULL
       AND json_extract(body, '$.serial') IS NOT NULL
     GROUP BY coalesce(json_extract(body, '$.locationId'), json_extract(body, '$.locationName'))
     ORDER BY first`,
  );
  /**
   * A visit's stores, first visited first, kept per visit and brought up to date from the
   * entries appended since (entries are never changed or removed): reading them from every
   * body of a 5,000-entry visit took ~13 ms at each list of visits (decision record 70).
   */
  const storesKept = new Map<
    string,
    { upto: number; stores: Map<string, VisitHead['stores'][number]> }
  >();
  const storesOf = (visitId: string): VisitHead['stores'] => {
    const kept = storesKept.get(visitId) ?? { upto: 0, stores: new Map() };
    const upto = last.get(visitId)?.n ?? 0;
    if (upto > kept.upto) {
      for (const { locationId, name } of storesSince.all(visitId, kept.upto, upto)) {
        const key = locationId ?? name;
        if (!kept.stores.has(key)) kept.stores.set(key, { locationId, name });
      }
      kept.upto = upto;
      storesKept.set(visitId, kept);
    }
    return [...kept.stores.values()];
  };
  const maybe = (row: Row | undefined) => (row ? fromRow(row) : null);

  const append = db.transaction((input: NewRecordEntry): RecordEntry => {
    const before = last.get(input.visitId);
    // Stored as its canonical text and read back parsed: the hash covers what is stored.
    const bodyText = canonicalJson(input.body);
    const entry: Omit<RecordEntry, 'hash'> = {
      id: `e-${randomUUID()}`,
      visitId: input.visitId,
      n: (before?.n ?? 0) + 1,
      at: input.at ?? now().toISOString(),
      kind: input.kind,
      subject: input.subject ?? null,
      body: JSON.parse(bodyText) as unknown,
      prevHash: before?.hash ?? FIRST_PREV,
      keyed: true,
    };
    const hash = hashOf(entry, secret);
    const { keyed: _keyed, ...stored } = entry;
    insert.run({ ...stored, body: bodyText, hash });
    return { ...entry, hash };
  });

  return {
    secret,
    append,
    list: (visitId) => ofVisit.all(visitId).map(fromRow),
    page: (visitId, after, limit) => paged.all(visitId, after, limit).map(fromRow),
    ofSubject: (subject) => bySubject.all(subject).map(fromRow),
    ofKind: (visitId, kind) => byKind.all(visitId, kind).map(fromRow),
    photoStates: (visitId) => photoRows.all(visitId).map(fromRow),
    summary: (visitId) => ({
      entries: count.get(visitId)?.n ?? 0,
      finalHash: last.get(visitId)?.hash ?? null,
      chainedAtUpgrade: upgraded.get(visitId)?.at ?? null,
    }),
    visitsWithHash: (prefix) => withHash.all({ prefix }).map((r) => r.visit_id),
    toChain: () => pending.all().map((r) => r.visit_id),
    chained: (visitId) => void done.run(visitId),
    headOf: (visitId) => ({
      started: maybe(firstOfKind.get(visitId, 'visit_started')),
      signOff: maybe(lastOfKind.get(visitId, 'sign_off')),
      incomplete: maybe(lastIncomplete.get(visitId)),
      stores: storesOf(visitId),
    }),
    seal: (visitId) => {
      const row = sealOf.get(visitId);
      return row
        ? {
            visitId,
            entries: row.entries,
            finalHash: row.final_hash,
            sealedAt: row.sealed_at,
            mac: row.mac,
          }
        : null;
    },
  };
}
