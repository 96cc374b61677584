/**
 * Per list, what a refresh of only what changed needs (decision record 32): the server's time to ask
 * `updated_since` from, whether the server honours that filter (found from its answers, never
 * assumed) and when the list was last known whole and current.
 */
import type { Db } from '../db/open-database';

interface ListMark {
  /** The server's clock when the last refresh began, less a margin (ISO); null: none yet. */
  since: string | null;
  /** true: the server echoed `updated_since`; false: it ignored it; null: not known yet. */
  honoured: boolean | null;
  /** When `honoured` was found out. */
  checkedAt: string | null;
  /** When the list was last known whole and current (a complete pass, or a refresh of changes). */
  currentAt: string | null;
}

export interface ListMarks {
  get(list: string): ListMark;
  save(list: string, change: Partial<ListMark>): void;
}

interface Row {
  since: string | null;
  honoured: number | null;
  checked_at: string | null;
  current_at: string | null;
}

const NONE: ListMark = { since: null, honoured: null, checkedAt: null, currentAt: null };

export function listMarks(db: Db): ListMarks {
  const get = db.prepare<[string], Row>(
    'SELECT since, honoured, checked_at, current_at FROM list_marks WHERE list = ?',
  );
  const upsert = db.prepare<[string, string | null, number | null, string | null, string | null]>(
    `INSERT INTO list_marks (list, since, honoured, checked_at, current_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(list) DO UPDATE SET since = excluded.since, honoured = excluded.honoured,
       checked_at = excluded.checked_at, current_at = excluded.current_at`,
  );
  const read = (list: string): ListMark => {
    const row = get.get(list);
    if (!row) return NONE;
    return {
      since: row.since,
      honoured: row.honoured === null ? null : row.honoured === 1,
      checkedAt: row.checked_at,
      currentAt: row.current_at,
    };
  };
  return {
    get: read,
    save(list, change) {
      const next = { ...read(list), ...change };
      upsert.run(
        list,
        next.since,
        next.honoured === null ? null : next.honoured ? 1 : 0,
        next.checkedAt,
        next.currentAt,
      );
    },
  };
}
