/**
 * Visits in work.db: the activity log cut into spans of work. The visit in progress is the one
 * without a finish; the first entry logged when none is in progress starts one, and "Finish
 * visit" closes it. Earlier visits stay, with their entries, for their receipts.
 */
import { randomUUID } from 'node:crypto';
import type { Visit } from '../../shared';
import type { Db } from '../db/open-database';

export interface VisitRow {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  /** Activity entries logged in it. */
  entries: number;
  incomplete: Visit['incomplete'];
}

export interface VisitRows {
  /** The visit in progress, if there is one. */
  current(): VisitRow | null;
  /** The visit in progress, started now when there is none. */
  ensureOpen(): VisitRow;
  /**
   * Finishes the visit in progress at `at` (its sign-off's time; incomplete: with rules open,
   * and why); null when none.
   */
  finish(incomplete?: Visit['incomplete'], at?: string): VisitRow | null;
  get(id: string): VisitRow | null;
  /** Newest first. */
  list(): VisitRow[];
}

interface Row {
  id: string;
  started_at: string;
  finished_at: string | null;
  entries: number;
  incomplete: string | null;
}

const fromRow = (row: Row): VisitRow => ({
  id: row.id,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  entries: row.entries,
  incomplete: row.incomplete ? (JSON.parse(row.incomplete) as Visit['incomplete']) : null,
});

/**
 * `onStart`: a visit was just started (its record's first entry is appended there, in the same
 * transaction as the row).
 */
export function visitRows(
  db: Db,
  now: () => Date = () => new Date(),
  onStart: (visit: VisitRow) => void = () => undefined,
): VisitRows {
  const select = `SELECT v.id, v.started_at, v.finished_at, v.incomplete,
      (SELECT count(*) FROM activity a WHERE a.visit_id = v.id) AS entries FROM visits v`;
  const open = db.prepare<[], Row>(`${select} WHERE v.finished_at IS NULL`);
  const one = db.prepare<[string], Row>(`${select} WHERE v.id = ?`);
  const all = db.prepare<[], Row>(`${select} ORDER BY v.seq DESC`);
  const insert = db.prepare<[string, string]>(
    `INSERT INTO visits (id, seq, started_at)
     VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM visits), ?)`,
  );
  const close = db.prepare<[string, string | null, string]>(
    'UPDATE visits SET finished_at = ?, incomplete = ? WHERE id = ? AND finished_at IS NULL',
  );
  const rows: VisitRows = {
    current: () => {
      const row = open.get();
      return row ? fromRow(row) : null;
    },
    ensureOpen: () => {
      const found = rows.current();
      if (found) return found;
      const id = `v-${randomUUID()}`;
      return db.transaction(() => {
        insert.run(id, now().toISOString());
        const started = rows.get(id) as VisitRow;
        onStart(started);
        return started;
      })();
    },
    finish: (incomplete = null, at = now().toISOString()) => {
      const found = rows.current();
      if (!found) return null;
      close.run(at, incomplete ? JSON.stringify(incomplete) : null, found.id);
      return rows.get(found.id);
    },
    get: (id) => {
      const row = one.get(id);
      return row ? fromRow(row) : null;
    },
    list: () => all.all().map(fromRow),
  };
  return rows;
}
