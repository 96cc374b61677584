/**
 * Where each list download stands, so a failed or cancelled sync resumes with the pages it
 * still lacks instead of starting over. A pass is one complete walk through a list; devices
 * and locations remember the last pass that listed them, which is how deletions on the server
 * are found once a pass completes. The pages are named by the requests that fetch them
 * (api/list-answer.ts): page numbers, offsets, cursors or next-page URLs alike.
 */
import type { PageRequest } from '../api/list-answer';
import type { Db } from '../db/open-database';

export interface Progress {
  /** The first page is stored (it told how the list pages). */
  firstDone: boolean;
  /** Keys of the requests whose pages are stored (concurrent lists). */
  done: string[];
  /** Every request after the first, when the server's paging lets them be worked out. */
  rest: PageRequest[] | null;
  /** The next request of a list that can only be followed one page after another. */
  next: PageRequest | null;
  totalCount: number | null;
  /** Items stored in this pass so far. */
  fetched: number;
  /** The server's clock when it answered the first page (ISO), if it said. */
  serverTime?: string | null;
}

export interface Checkpoint {
  resource: string;
  pass: number;
  progress: Progress;
  /** This pass continued a run that stopped part-way (pages may have shifted meanwhile). */
  resumed: boolean;
  startedAt: string;
  completedAt: string | null;
}

export interface Checkpoints {
  get(resource: string): Checkpoint | null;
  /** Starts a new pass (or continues the unfinished one) and returns it. */
  begin(resource: string, now: string): Checkpoint;
  /** Records the checkpoint's progress (call inside the page's transaction). */
  save(checkpoint: Checkpoint): void;
  complete(checkpoint: Checkpoint, now: string): void;
  /** Forgets the pages of an unfinished pass: the next run fetches them all again. */
  restart(checkpoint: Checkpoint): void;
  /** When a list was last completely downloaded. */
  completedAt(resource: string): string | null;
}

interface Row {
  resource: string;
  pass: number;
  progress: string;
  resumed: number;
  started_at: string;
  completed_at: string | null;
}

/** A pass with nothing fetched yet. */
export const freshProgress = (): Progress => ({
  firstDone: false,
  done: [],
  rest: null,
  next: null,
  totalCount: null,
  fetched: 0,
  serverTime: null,
});

export function checkpoints(db: Db): Checkpoints {
  const getRow = db.prepare<[string], Row>('SELECT * FROM sync_checkpoints WHERE resource = ?');
  const upsert = db.prepare<[string, number, string, number, string, string | null]>(
    `INSERT INTO sync_checkpoints (resource, pass, progress, resumed, started_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(resource) DO UPDATE SET pass = excluded.pass, progress = excluded.progress,
       resumed = excluded.resumed, started_at = excluded.started_at,
       completed_at = excluded.completed_at`,
  );
  const fromRow = (row: Row): Checkpoint => ({
    resource: row.resource,
    pass: row.pass,
    progress: { ...freshProgress(), ...(JSON.parse(row.progress) as Partial<Progress>) },
    resumed: row.resumed === 1,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  });
  const save = (c: Checkpoint) =>
    upsert.run(
      c.resource,
      c.pass,
      JSON.stringify(c.progress),
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
    begin(resource, now) {
      const row = getRow.get(resource);
      const previous = row ? fromRow(row) : null;
      if (previous && previous.completedAt === null) {
        const resumed = { ...previous, resumed: previous.progress.firstDone };
        save(resumed);
        return resumed;
      }
      const started: Checkpoint = {
        resource,
        pass: (previous?.pass ?? 0) + 1,
        progress: freshProgress(),
        resumed: false,
        startedAt: now,
        completedAt: null,
      };
      save(started);
      return started;
    },
    save,
    restart(c) {
      c.progress = freshProgress();
      c.resumed = false;
      save(c);
    },
    complete(c, now) {
      c.completedAt = now;
      save(c);
      upsert.run(metaKey(c.resource), 0, '{}', 0, now, now);
    },
    completedAt(resource) {
      return getRow.get(metaKey(resource))?.completed_at ?? null;
    },
  };
}
