/**
 * Where each list download stands, so a failed or cancelled sync resumes with the pages it
 * still lacks instead of starting over. A pass is one complete walk through a list; devices
 * and locations remember the last pass that listed them, which is how deletions on the server
 * are found once a pass completes.
 */
import type { Db } from '../db/open-database';

export interface Checkpoint {
  resource: string;
  pass: number;
  perPage: number;
  totalPages: number | null;
  pagesDone: Set<number>;
  /** This pass continued a run that stopped part-way (pages may have shifted meanwhile). */
  resumed: boolean;
  startedAt: string;
  completedAt: string | null;
}

export interface Checkpoints {
  get(resource: string): Checkpoint | null;
  /** Starts a new pass (or continues the unfinished one) and returns it. */
  begin(resource: string, perPage: number, now: string): Checkpoint;
  pageDone(checkpoint: Checkpoint, page: number, totalPages: number | null): void;
  complete(checkpoint: Checkpoint, now: string): void;
  /** When a list was last completely downloaded. */
  completedAt(resource: string): string | null;
}

interface Row {
  resource: string;
  pass: number;
  per_page: number;
  total_pages: number | null;
  pages_done: string;
  resumed: number;
  started_at: string;
  completed_at: string | null;
}

export function checkpoints(db: Db): Checkpoints {
  const getRow = db.prepare<[string], Row>('SELECT * FROM sync_checkpoints WHERE resource = ?');
  const upsert = db.prepare<
    [string, number, number, number | null, string, number, string, string | null]
  >(
    `INSERT INTO sync_checkpoints (resource, pass, per_page, total_pages, pages_done, resumed, started_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(resource) DO UPDATE SET pass = excluded.pass, per_page = excluded.per_page,
       total_pages = excluded.total_pages, pages_done = excluded.pages_done, resumed = excluded.resumed,
       started_at = excluded.started_at, completed_at = excluded.completed_at`,
  );
  const fromRow = (row: Row): Checkpoint => ({
    resource: row.resource,
    pass: row.pass,
    perPage: row.per_page,
    totalPages: row.total_pages,
    pagesDone: new Set(JSON.parse(row.pages_done) as number[]),
    resumed: row.resumed === 1,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  });
  const save = (c: Checkpoint) =>
    upsert.run(
      c.resource,
      c.pass,
      c.perPage,
      c.totalPages,
      JSON.stringify([...c.pagesDone]),
      c.resumed ? 1 : 0,
      c.startedAt,
      c.completedAt,
    );
  // The last completion is kept in a row of its own, so "last updated" stays true while the
  // next pass runs.
  const metaKey = (resource: string) => `completed:${resource}`;

  return {
    get(resource) {
      const row = getRow.get(resource);
      return row ? fromRow(row) : null;
    },
    begin(resource, perPage, now) {
      const row = getRow.get(resource);
      const previous = row ? fromRow(row) : null;
      if (previous && previous.completedAt === null && previous.perPage === perPage) {
        const resumed = { ...previous, resumed: previous.pagesDone.size > 0 };
        save(resumed);
        return resumed;
      }
      const fresh: Checkpoint = {
        resource,
        pass: (previous?.pass ?? 0) + 1,
        perPage,
        totalPages: null,
        pagesDone: new Set(),
        resumed: false,
        startedAt: now,
        completedAt: null,
      };
      save(fresh);
      return fresh;
    },
    pageDone(c, page, totalPages) {
      c.pagesDone.add(page);
      if (totalPages !== null) c.totalPages = totalPages;
      save(c);
    },
    complete(c, now) {
      c.completedAt = now;
      save(c);
      upsert.run(metaKey(c.resource), 0, 0, null, '[]', 0, now, now);
    },
    completedAt(resource) {
      return getRow.get(metaKey(resource))?.completed_at ?? null;
    },
  };
}
