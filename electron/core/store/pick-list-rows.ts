/**
 * A visit's pick list in work.db (migration 7): the serials of a box, in the order scanned, each
 * with an optional label, its check once made and, once installed from the list, the intent that
 * does it. How its install went (the queue, the activity log) is read where it is kept; what the
 * inventory said of its serial is stored with the inventory version it was said against
 * (decision 70), so a read never looks the inventory up.
 */
import { randomUUID } from 'node:crypto';
import type { LocationRef } from '../api/records';
import type { Db } from '../db/open-database';

/** What the inventory said of a line's serial when it was checked. */
export interface LineFacts {
  /** The inventory has the device (`serial` is then the server's spelling). */
  known: boolean;
  serial: string;
  type: string | null;
  location: LocationRef | null;
}

export interface PickLineRow {
  id: string;
  serial: string;
  label: string | null;
  intentId: string | null;
  locationId: string | null;
  /** null: not checked yet. */
  facts: LineFacts | null;
  /** The inventory version the facts were found in (DeviceRows.version). */
  checkedAgainst: string | null;
}

export interface PickListRows {
  /** Oldest first: up to `limit` lines after the line numbered `afterSeq` (0: from the first). */
  linesAfter(visitId: string, afterSeq: number, limit: number): (PickLineRow & { seq: number })[];
  count(visitId: string): number;
  add(visitId: string, serials: readonly string[]): void;
  get(id: string): (PickLineRow & { visitId: string }) | null;
  change(id: string, change: { serial?: string; label?: string | null }): void;
  remove(id: string): boolean;
  /** The line's install: written in the transaction that commits its intent. */
  installing(id: string, intentId: string, locationId: string): void;
  expectedType(visitId: string): string | null;
  chooseType(visitId: string, type: string | null): void;
  /** Up to `limit` lines (oldest first) not checked against `version`. */
  toCheck(visitId: string, version: string, limit: number): { id: string; serial: string }[];
  /** Lines never checked, and lines in all. */
  progress(visitId: string): { unchecked: number; lines: number };
  /**
   * Stores checks, in one transaction without waiting for the disk (synchronous=NORMAL): a check
   * lost to a power cut is made again, and a check a slice of a few milliseconds must not wait
   * for an fsync.
   */
  storeChecks(checks: readonly { id: string; facts: LineFacts }[], version: string): void;
  /** Removes the lines never checked (a check cancelled); how many. */
  removeUnchecked(visitId: string): number;
}

interface Row {
  id: string;
  serial: string;
  label: string | null;
  intent_id: string | null;
  location_id: string | null;
  visit_id: string;
  seq: number;
  checked: string | null;
  checked_against: string | null;
}

const fromRow = (r: Row): PickLineRow => ({
  id: r.id,
  serial: r.serial,
  label: r.label,
  intentId: r.intent_id,
  locationId: r.location_id,
  facts: r.checked === null ? null : (JSON.parse(r.checked) as LineFacts),
  checkedAgainst: r.checked_against,
});

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function pickListRows(db: Db, now: () => Date = () => new Date()): PickListRows {
  const columns =
    'SELECT id, serial, label, intent_id, location_id, visit_id, seq, checked, checked_against FROM pick_lines';
  const ofVisit = db.prepare<[string, number, number], Row>(
    `${columns} WHERE visit_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const one = db.prepare<[string], Row>(`${columns} WHERE id = ?`);
  const countOf = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM pick_lines WHERE visit_id = ?',
  );
  const lastSeq = db.prepare<[], { seq: number }>(
    'SELECT coalesce(max(seq), 0) AS seq FROM pick_lines',
  );
  const insert = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO pick_lines (id, seq, visit_id, serial, added_at) VALUES (?, ?, ?, ?, ?)',
  );
  // A new serial is a new question: its old check goes with it.
  const setSerial = db.prepare<[string, string]>(
    'UPDATE pick_lines SET serial = ?, checked = NULL, checked_against = NULL WHERE id = ?',
  );
  const setLabel = db.prepare<[string | null, string]>(
    'UPDATE pick_lines SET label = ? WHERE id = ?',
  );
  const setInstall = db.prepare<[string, string, string]>(
    'UPDATE pick_lines SET intent_id = ?, location_id = ? WHERE id = ?',
  );
  const drop = db.prepare<[string]>('DELETE FROM pick_lines WHERE id = ?');
  const typeOf = db.prepare<[string], { expected_type: string }>(
    'SELECT expected_type FROM pick_lists WHERE visit_id = ?',
  );
  const putType = db.prepare<[string, string]>(
    `INSERT INTO pick_lists (visit_id, expected_type) VALUES (?, ?)
     ON CONFLICT (visit_id) DO UPDATE SET expected_type = excluded.expected_type`,
  );
  const dropType = db.prepare<[string]>('DELETE FROM pick_lists WHERE visit_id = ?');
  const stale = db.prepare<[string, string, number], { id: string; serial: string }>(
    `SELECT id, serial FROM pick_lines WHERE visit_id = ? AND checked_against IS NOT ?
     ORDER BY seq LIMIT ?`,
  );
  const counts = db.prepare<[string], { unchecked: number | null; lines: number }>(
    `SELECT sum(checked IS NULL) AS unchecked, count(*) AS lines FROM pick_lines WHERE visit_id = ?`,
  );
  const setChecked = db.prepare<[string, string, string]>(
    'UPDATE pick_lines SET checked = ?, checked_against = ? WHERE id = ?',
  );
  const dropUnchecked = db.prepare<[string]>(
    'DELETE FROM pick_lines WHERE visit_id = ? AND checked IS NULL AND intent_id IS NULL',
  );
  const storeAll = db.transaction(
    (checks: readonly { id: string; facts: LineFacts }[], version: string) => {
      for (const { id, facts } of checks) setChecked.run(JSON.stringify(facts), version, id);
    },
  );
  const addAll = db.transaction((visitId: string, serials: readonly string[]) => {
    const at = now().toISOString();
    let seq = lastSeq.get()?.seq ?? 0;
    for (const serial of serials) insert.run(`k-${randomUUID()}`, (seq += 1), visitId, serial, at);
  });
  return {
    linesAfter: (visitId, afterSeq, limit) =>
      ofVisit.all(visitId, afterSeq, limit).map((r) => ({ ...fromRow(r), seq: r.seq })),
    count: (visitId) => countOf.get(visitId)?.n ?? 0,
    add: (visitId, serials) => addAll(visitId, serials),
    get(id) {
      const row = one.get(id);
      return row ? { ...fromRow(row), visitId: row.visit_id } : null;
    },
    change(id, change) {
      if (change.serial !== undefined) setSerial.run(change.serial, id);
      if (change.label !== undefined) setLabel.run(change.label, id);
    },
    remove: (id) => drop.run(id).changes > 0,
    installing: (id, intentId, locationId) => void setInstall.run(intentId, locationId, id),
    expectedType: (visitId) => typeOf.get(visitId)?.expected_type ?? null,
    chooseType(visitId, type) {
      if (type === null) dropType.run(visitId);
      else putType.run(visitId, type);
    },
    toCheck: (visitId, version, limit) => stale.all(visitId, version, limit),
    progress(visitId) {
      const row = counts.get(visitId);
      return { unchecked: row?.unchecked ?? 0, lines: row?.lines ?? 0 };
    },
    storeChecks(checks, version) {
      const durable = db.pragma('synchronous', { simple: true });
      db.pragma('synchronous = NORMAL');
      try {
        storeAll(checks, version);
      } finally {
        db.pragma(`synchronous = ${Number(durable)}`);
      }
    },
    removeUnchecked: (visitId) => dropUnchecked.run(visitId).changes,
  };
}
