/**
 * A visit's chained record in work.db (`record_entries`, work.db migration 10): the one place
 * an entry is appended (`append`), whatever its kind — an action, a verification, a photo, the
 * sign-off, an amendment, and kinds added later. Entries are never changed or removed (SQLite
 * triggers refuse it); each carries the hash of its content and of the entry before it, so a
 * change made around the app shows as the first entry whose hash no longer matches.
 */
import { randomUUID } from 'node:crypto';
import type { Amendment, RecordEntryInfo, RecordEntryKind } from '../../shared';
import type { Db } from '../db/open-database';
import { canonicalJson } from './canonical-json';
import { entryHash, FIRST_PREV } from './entry-hash';

interface NewRecordEntry {
  visitId: string;
  kind: RecordEntryKind;
  /** The activity entry or photo this entry records (amendments find it by this). */
  subject?: string | null;
  body: object;
  at?: string;
}

export interface RecordEntry {
  id: string;
  visitId: string;
  n: number;
  at: string;
  kind: RecordEntryKind;
  subject: string | null;
  body: unknown;
  prevHash: string;
  hash: string;
}

interface RecordSummary {
  entries: number;
  finalHash: string | null;
  /** When the entries of a visit recorded before chains existed were chained (the upgrade). */
  chainedAtUpgrade: string | null;
}

export interface VisitRecord {
  /** Appends one entry to its visit's chain (inside the caller's transaction, if any). */
  append(entry: NewRecordEntry): RecordEntry;
  /** A visit's entries, first first. */
  list(visitId: string): RecordEntry[];
  /** Every entry recording one activity entry or photo, first first. */
  ofSubject(subject: string): RecordEntry[];
  /** A visit's entries of one kind, first first. */
  ofKind(visitId: string, kind: RecordEntryKind): RecordEntry[];
  summary(visitId: string): RecordSummary;
  /** Amendments by the activity entry they correct: one visit's, or every visit's. */
  amendments(visitId?: string): Map<string, Amendment[]>;
  /** The first entry (1-based) that is not what its place in the chain says; null: none. */
  firstBroken(visitId: string): number | null;
  /** Visits with an entry whose hash starts with this (lower-case hex). */
  visitsWithHash(prefix: string): string[];
  /** Visits recorded before chains existed, still to be chained (see chain-earlier.ts). */
  toChain(): string[];
  chained(visitId: string): void;
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
}

/** What an amendment entry's body holds: the entry it corrects, and the correction. */
export interface AmendmentBody extends Omit<Amendment, 'at'> {
  /** The record entry (id) whose value it corrects. */
  corrects: string;
}

interface AmendmentRow {
  subject: string;
  at: string;
  body: string;
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
});

export const hashOf = (entry: Omit<RecordEntry, 'hash'>): string =>
  entryHash({
    visitId: entry.visitId,
    n: entry.n,
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    subject: entry.subject,
    body: entry.body,
    prev: entry.prevHash,
  });

/**
 * The first entry (1-based) that breaks the chain: numbered out of turn, not naming the hash
 * before it, or whose content no longer gives its hash. Pure, for the check and its tests.
 */
export function firstBrokenEntry(entries: readonly RecordEntry[]): number | null {
  let prev = FIRST_PREV;
  for (const [index, entry] of entries.entries()) {
    if (entry.n !== index + 1 || entry.prevHash !== prev || hashOf(entry) !== entry.hash) {
      return index + 1;
    }
    prev = entry.hash;
  }
  return null;
}

export const entryInfo = (entry: RecordEntry): RecordEntryInfo => ({
  n: entry.n,
  at: entry.at,
  kind: entry.kind,
  hash: entry.hash,
});

export function visitRecord(db: Db, now: () => Date = () => new Date()): VisitRecord {
  const columns =
    'SELECT id, visit_id, n, at, kind, subject, body, prev_hash, hash FROM record_entries';
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY n`);
  const bySubject = db.prepare<[string], Row>(`${columns} WHERE subject = ? ORDER BY visit_id, n`);
  const byKind = db.prepare<[string, RecordEntryKind], Row>(
    `${columns} WHERE visit_id = ? AND kind = ? ORDER BY n`,
  );
  const last = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY n DESC LIMIT 1`);
  const count = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM record_entries WHERE visit_id = ?',
  );
  const upgraded = db.prepare<[string], { at: string }>(
    `SELECT at FROM record_entries WHERE visit_id = ? AND kind = 'chained_at_upgrade' LIMIT 1`,
  );
  const insert = db.prepare(
    `INSERT INTO record_entries (id, visit_id, n, at, kind, subject, body, prev_hash, hash)
     VALUES (@id, @visitId, @n, @at, @kind, @subject, @body, @prevHash, @hash)`,
  );
  const amendmentColumns = `SELECT subject, at, body FROM record_entries WHERE kind = 'amendment'`;
  const amendmentsOfVisit = db.prepare<[string], AmendmentRow>(
    `${amendmentColumns} AND visit_id = ? ORDER BY n`,
  );
  const allAmendments = db.prepare<[], AmendmentRow>(`${amendmentColumns} ORDER BY visit_id, n`);
  const withHash = db.prepare<[{ prefix: string }], { visit_id: string }>(
    'SELECT DISTINCT visit_id FROM record_entries WHERE substr(hash, 1, length(@prefix)) = @prefix',
  );
  const pending = db.prepare<[], { visit_id: string }>('SELECT visit_id FROM record_to_chain');
  const done = db.prepare<[string]>('DELETE FROM record_to_chain WHERE visit_id = ?');

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
    };
    const hash = hashOf(entry);
    insert.run({ ...entry, body: bodyText, hash });
    return { ...entry, hash };
  });

  const list = (visitId: string) => ofVisit.all(visitId).map(fromRow);
  return {
    append,
    list,
    ofSubject: (subject) => bySubject.all(subject).map(fromRow),
    ofKind: (visitId, kind) => byKind.all(visitId, kind).map(fromRow),
    summary: (visitId) => ({
      entries: count.get(visitId)?.n ?? 0,
      finalHash: last.get(visitId)?.hash ?? null,
      chainedAtUpgrade: upgraded.get(visitId)?.at ?? null,
    }),
    amendments: (visitId) => {
      const found = new Map<string, Amendment[]>();
      const rows = visitId === undefined ? allAmendments.all() : amendmentsOfVisit.all(visitId);
      for (const row of rows) {
        const { field, value, previous, reason } = JSON.parse(row.body) as AmendmentBody;
        const list = found.get(row.subject) ?? [];
        list.push({ at: row.at, field, value, previous, reason });
        found.set(row.subject, list);
      }
      return found;
    },
    firstBroken: (visitId) => firstBrokenEntry(list(visitId)),
    visitsWithHash: (prefix) => withHash.all({ prefix }).map((r) => r.visit_id),
    toChain: () => pending.all().map((r) => r.visit_id),
    chained: (visitId) => void done.run(visitId),
  };
}
