/**
 * Rows from the server stored a slice at a time (decision 70): a transaction of a 500-device
 * page whose search text changed held the core's thread 440 ms at a million devices. Each
 * slice is its own transaction of about SLICE_MS, sized from the one before, with a turn of the
 * event loop between them; the last slice is the caller's, to store with what must commit with
 * it (a page's checkpoint). Rows are upserts: a list cut short between two slices is stored
 * again whole by its next try.
 */

/** About how long one slice's transaction may hold the thread. */
const SLICE_MS = 10;
const ROWS_MIN = 10;

/** How many rows the next slice takes; shared by the slices of one download. */
export interface SliceSize {
  rows: number;
}

export const firstSliceSize = (): SliceSize => ({ rows: 50 });

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Stores all of `items` but the last slice, each slice with `store` in its own transaction;
 * resolves with the last slice. `stop` is asked between slices (a cancelled download).
 */
export async function storeAllButLast<T>(
  items: readonly T[],
  store: (slice: T[]) => void,
  size: SliceSize,
  turn: () => Promise<void> = nextTurn,
  stop: () => void = () => undefined,
): Promise<T[]> {
  let rest = [...items];
  while (rest.length > size.rows) {
    const slice = rest.slice(0, size.rows);
    rest = rest.slice(size.rows);
    const started = performance.now();
    store(slice);
    const took = Math.max(0.5, performance.now() - started);
    size.rows = Math.max(
      ROWS_MIN,
      Math.min(items.length, Math.round((size.rows * SLICE_MS) / took)),
    );
    await turn();
    stop();
  }
  return rest;
}
