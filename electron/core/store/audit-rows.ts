/**
 * Accuracy audits in work.db (migration 7): the audit and each tap of its hand count, written
 * as it is taken, so the tally survives a crash and a day offline.
 */
import { randomUUID } from 'node:crypto';
import type { AuditComparison, Direction } from '../../shared/accuracy-audit';
import type { Db } from '../db/open-database';

export interface AuditRow {
  id: string;
  visitId: string;
  serial: string;
  locationId: string;
  startedAt: number;
  bucketMs: number;
  bucketSeen: boolean;
  plannedEnd: number | null;
  stoppedAt: number | null;
  activityId: string | null;
  result: AuditComparison | null;
  reason: string | null;
}

interface Tap {
  at: number;
  direction: Direction;
}

export interface AuditRows {
  add(audit: Omit<AuditRow, 'id' | 'stoppedAt' | 'activityId' | 'result' | 'reason'>): AuditRow;
  get(id: string): AuditRow | null;
  /** The newest audit of a device in a visit. */
  latest(visitId: string, serial: string): AuditRow | null;
  /** Stopped and not yet compared: what settles by itself when the counts can be read. */
  unsettled(): AuditRow[];
  taps(id: string): Tap[];
  tap(id: string, tap: Tap): void;
  /** Takes back the last tap; false when there was none. */
  undo(id: string): boolean;
  stop(id: string, at: number, activityId: string): void;
  settle(id: string, result: AuditComparison, bucketMs: number): void;
  setReason(id: string, reason: string): void;
}

interface Row {
  id: string;
  visit_id: string;
  serial: string;
  location_id: string;
  started_at: number;
  bucket_ms: number;
  bucket_seen: number;
  planned_end: number | null;
  stopped_at: number | null;
  activity_id: string | null;
  result: string | null;
  reason: string | null;
}

const fromRow = (r: Row): AuditRow => ({
  id: r.id,
  visitId: r.visit_id,
  serial: r.serial,
  locationId: r.location_id,
  startedAt: r.started_at,
  bucketMs: r.bucket_ms,
  bucketSeen: r.bucket_seen === 1,
  plannedEnd: r.planned_end,
  stoppedAt: r.stopped_at,
  activityId: r.activity_id,
  result: r.result === null ? null : (JSON.parse(r.result) as AuditComparison),
  reason: r.reason,
});

export function auditRows(db: Db): AuditRows {
  const one = db.prepare<[string], Row>('SELECT * FROM audits WHERE id = ?');
  const newest = db.prepare<[string, string], Row>(
    'SELECT * FROM audits WHERE visit_id = ? AND serial = ? ORDER BY seq DESC LIMIT 1',
  );
  const open = db.prepare<[], Row>(
    'SELECT * FROM audits WHERE stopped_at IS NOT NULL AND result IS NULL ORDER BY seq',
  );
  const insert = db.prepare(
    `INSERT INTO audits (id, seq, visit_id, serial, location_id, started_at, bucket_ms,
       bucket_seen, planned_end)
     VALUES (@id, (SELECT coalesce(max(seq), 0) + 1 FROM audits), @visitId, @serial, @locationId,
       @startedAt, @bucketMs, @bucketSeen, @plannedEnd)`,
  );
  const tapsOf = db.prepare<[string], Tap>(
    'SELECT at, direction FROM audit_taps WHERE audit_id = ? ORDER BY seq',
  );
  const addTap = db.prepare<[string, string, number, string]>(
    `INSERT INTO audit_taps (audit_id, seq, at, direction)
     VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM audit_taps WHERE audit_id = ?), ?, ?)`,
  );
  const dropLast = db.prepare<[string, string]>(
    `DELETE FROM audit_taps WHERE audit_id = ?
       AND seq = (SELECT max(seq) FROM audit_taps WHERE audit_id = ?)`,
  );
  const stop = db.prepare<[number, string, string]>(
    'UPDATE audits SET stopped_at = ?, activity_id = ? WHERE id = ? AND stopped_at IS NULL',
  );
  const settle = db.prepare<[string, number, string]>(
    'UPDATE audits SET result = ?, bucket_ms = ?, bucket_seen = 1 WHERE id = ?',
  );
  const reason = db.prepare<[string, string]>('UPDATE audits SET reason = ? WHERE id = ?');
  return {
    add: (audit) => {
      const id = `a-${randomUUID()}`;
      insert.run({ ...audit, id, bucketSeen: audit.bucketSeen ? 1 : 0 });
      return fromRow(one.get(id) as Row);
    },
    get: (id) => {
      const row = one.get(id);
      return row ? fromRow(row) : null;
    },
    latest: (visitId, serial) => {
      const row = newest.get(visitId, serial);
      return row ? fromRow(row) : null;
    },
    unsettled: () => open.all().map(fromRow),
    taps: (id) => tapsOf.all(id),
    tap: (id, tap) => void addTap.run(id, id, tap.at, tap.direction),
    undo: (id) => dropLast.run(id, id).changes > 0,
    stop: (id, at, activityId) => void stop.run(at, activityId, id),
    settle: (id, result, bucketMs) => void settle.run(JSON.stringify(result), bucketMs, id),
    setReason: (id, text) => void reason.run(text, id),
  };
}
