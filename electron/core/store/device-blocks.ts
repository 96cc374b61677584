/**
 * Where a window of the inventory starts, without stepping over every row before it: devices
 * are counted per block of 1,024 row ids (cache migration 4, kept by triggers), so a window at
 * offset 999,900 of a million devices sums a thousand block counts and skips fewer than 1,024
 * rows — `LIMIT … OFFSET 999900` read every row before it and held the core's thread 260–345 ms
 * (decision 70). A file from before the table is counted in the background a stretch of blocks
 * per turn; until then windows are found the old way.
 */
import type { Db } from '../db/open-database';

/** Row ids per block (`id >> 10`). */
const BLOCK_BITS = 10;
/** Blocks counted per turn while a file from before is filled in (~2,000 rows: 8 blocks held
 * the thread 25 ms with cold pages on a busy machine). */
const BLOCKS_PER_STEP = 2;

export interface DeviceBlocks {
  /**
   * The row id to start from and the rows to skip after it for the window at `offset` of the
   * whole list or the inventory; null until every block is counted.
   */
  start(view: 'all' | 'uninstalled', offset: number): { fromId: number; skip: number } | null;
  /** Counts the next stretch of blocks of a file from before; false once all are counted. */
  fillStep(): boolean;
}

export function deviceBlocks(db: Db): DeviceBlocks {
  const filledBelow = db.prepare<[], { below: number }>(
    'SELECT below FROM device_blocks_filled WHERE id = 1',
  );
  const lastBlock = db.prepare<[], { block: number | null }>(
    `SELECT max(id) >> ${BLOCK_BITS} AS block FROM devices`,
  );
  const recount = db.prepare<[number, number]>(
    `INSERT OR REPLACE INTO device_blocks (block, total, uninstalled)
     SELECT id >> ${BLOCK_BITS}, count(*), sum(location_id IS NULL) FROM devices
     WHERE id >= ? AND id < ? GROUP BY id >> ${BLOCK_BITS}`,
  );
  const setFilled = db.prepare<[number]>('UPDATE device_blocks_filled SET below = ? WHERE id = 1');
  const findAll = db.prepare<[number], { block: number; before: number }>(
    `SELECT block, running - total AS before FROM (
       SELECT block, total, sum(total) OVER (ORDER BY block) AS running FROM device_blocks
     ) WHERE running > ? ORDER BY block LIMIT 1`,
  );
  const findUninstalled = db.prepare<[number], { block: number; before: number }>(
    `SELECT block, running - uninstalled AS before FROM (
       SELECT block, uninstalled, sum(uninstalled) OVER (ORDER BY block) AS running FROM device_blocks
     ) WHERE running > ? ORDER BY block LIMIT 1`,
  );
  let complete = false;
  const isComplete = (): boolean => {
    if (!complete) {
      const below = filledBelow.get()?.below ?? 0;
      complete = below > (lastBlock.get()?.block ?? -1);
    }
    return complete;
  };
  return {
    start(view, offset) {
      if (!isComplete()) return null;
      const found = (view === 'all' ? findAll : findUninstalled).get(offset);
      // Past the last row: a window that is empty (the count said so).
      if (!found) return { fromId: Number.MAX_SAFE_INTEGER, skip: 0 };
      return { fromId: found.block << BLOCK_BITS, skip: offset - found.before };
    },
    fillStep() {
      if (isComplete()) return false;
      const below = filledBelow.get()?.below ?? 0;
      const next = below + BLOCKS_PER_STEP;
      db.transaction(() => {
        recount.run(below << BLOCK_BITS, next << BLOCK_BITS);
        setFilled.run(next);
      })();
      return !isComplete();
    },
  };
}

/** Fills in a file from before, a step per turn; stops with the store (its file closed). */
export async function fillDeviceBlocks(blocks: DeviceBlocks, db: Db): Promise<void> {
  for (;;) {
    // A turn first: the open that started it, and each step after, gives the thread back.
    await new Promise((resolve) => setImmediate(resolve));
    if (!db.open) return;
    try {
      if (!blocks.fillStep()) return;
    } catch {
      return; // closed or damaged meanwhile: the next open starts again where it was
    }
  }
}
