/**
 * A visit's pick list in work.db (migration 10): the serials of a box, in the order scanned, each
 * with an optional label and, once installed from the list, the intent that does it. What a line
 * is checked against (the inventory) and how its install went (the queue, the activity log) are
 * read where they are kept, never copied here.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open-database';

export interface PickLineRow {
  id: string;
  serial: string;
  label: string | null;
  intentId: string | null;
  locationId: string | null;
}

export interface PickListRows {
  /** Oldest first. */
  lines(visitId: string): PickLineRow[];
  add(visitId: string, serials: readonly string[]): void;
  get(id: string): (PickLineRow & { visitId: string }) | null;
  change(id: string, change: { serial?: string; label?: string | null }): void;
  remove(id: string): boolean;
  /** The line's install: written in the transaction that commits its intent. */
  installing(id: string, intentId: string, locationId: string): void;
  expectedType(visitId: string): string | null;
  chooseType(visitId: string, type: string | null): void;
}

interface Row {
  id: string;
  serial: string;
  label: string | null;
  intent_id: string | null;
  location_id: string | null;
  visit_id: string;
}

const fromRow = (r: Row): PickLineRow => ({
  id: r.id,
  serial: r.serial,
  label: r.label,
  intentId: r.intent_id,
  locationId: r.location_id,
});

export function pickListRows(db: Db, now: () => Date = () => new Date()): PickListRows {
  const columns = 'SELECT id, serial, label, intent_id, location_id, visit_id FROM pick_lines';
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY seq`);
  const one = db.prepare<[string], Row>(`${columns} WHERE id = ?`);
  const insert = db.prepare<[string, string, string, string]>(
    `INSERT INTO pick_lines (id, seq, visit_id, serial, added_at)
     VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM pick_lines), ?, ?, ?)`,
  );
  const setSerial = db.prepare<[string, string]>('UPDATE pick_lines SET serial = ? WHERE id = ?');
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
  const addAll = db.transaction((visitId: string, serials: readonly string[]) => {
    const at = now().toISOString();
    for (const serial of serials) insert.run(`k-${randomUUID()}`, visitId, serial, at);
  });
  return {
    lines: (visitId) => ofVisit.all(visitId).map(fromRow),
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
  };
}
