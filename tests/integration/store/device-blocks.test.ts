/**
 * Windows of the inventory found by block counts (store/device-blocks.ts, decision 70), in a
 * real cache.db: at every offset, in the whole list and the inventory, the window is the one
 * `LIMIT … OFFSET` gives — after inserts, removals and moves, in a file whose blocks were
 * counted in the background after the triggers had touched some of them, and before that count
 * is done (then windows are found the old way). At a million devices the old way stepped over
 * every row before the window (260–345 ms at offset 999,900; `npm run bench`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import type { Device } from '../../../electron/core/api/wire';
import { deviceBlocks } from '../../../electron/core/store/device-blocks';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = '2026-11-23T08:00:00.000Z';
const STORE = { id: 'loc_1', name: 'Mall' };

let dir: string;
let store: AccountStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-blocks-'));
  store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
  await store.checked;
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const device = (i: number): Device => ({
  serial_number: `FTC-${String(i).padStart(8, '0')}`,
  location: i % 3 === 0 ? STORE : null,
});

/** What `LIMIT … OFFSET` answers: the reference. */
function byOffset(view: 'all' | 'uninstalled', offset: number, limit: number): string[] {
  const where = view === 'uninstalled' ? 'WHERE location_id IS NULL' : '';
  return store.cache.db
    .prepare(`SELECT serial FROM devices ${where} ORDER BY id LIMIT ? OFFSET ?`)
    .all(limit, offset)
    .map((r) => (r as { serial: string }).serial);
}

const window = (view: 'all' | 'uninstalled', offset: number, limit: number) =>
  store.cache.queries.window({ view, offset, limit }, null).rows.map((d) => d.serial_number);

function expectSameWindows(): void {
  const counts = (view: 'all' | 'uninstalled') =>
    store.cache.queries.window({ view, offset: 0, limit: 1 }, null).total;
  for (const view of ['all', 'uninstalled'] as const) {
    const count = counts(view);
    for (const offset of [0, 1, 1_023, 1_024, 1_500, 2_047, 2_048, count - 3, count, count + 10])
      expect(window(view, offset, 7), `${view} at ${offset}`).toEqual(byOffset(view, offset, 7));
  }
}

const fillAll = () => {
  const blocks = deviceBlocks(store.cache.db);
  while (blocks.fillStep());
};

describe('windows found by block counts', () => {
  it('are the windows OFFSET gives, after inserts, removals and moves', () => {
    store.cache.devices.putAll(
      Array.from({ length: 5_000 }, (_, i) => device(i)),
      NOW,
    );
    fillAll();
    expectSameWindows();
    for (let i = 0; i < 5_000; i += 7) store.cache.devices.remove(device(i).serial_number);
    for (let i = 1; i < 5_000; i += 11)
      store.cache.devices.put({ ...device(i), location: i % 2 === 0 ? STORE : null }, NOW);
    store.cache.devices.putAll(
      Array.from({ length: 900 }, (_, i) => device(10_000 + i)),
      NOW,
    );
    expectSameWindows();
  });

  it('are counted in the background in a file from before, and found the old way until then', async () => {
    store.cache.devices.putAll(
      Array.from({ length: 4_000 }, (_, i) => device(i)),
      NOW,
    );
    // As a file from before the table: nothing counted; then, reopened, the triggers touch
    // some blocks before the count in the background gets to them.
    store.cache.db.exec('DELETE FROM device_blocks; UPDATE device_blocks_filled SET below = 0');
    store.close();
    store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
    store.cache.devices.putAll(
      Array.from({ length: 50 }, (_, i) => device(20_000 + i)),
      NOW,
    );
    store.cache.devices.remove(device(5).serial_number);
    const blocks = deviceBlocks(store.cache.db);
    expect(blocks.start('all', 2_000)).toBeNull();
    expectSameWindows();
    // The background count (a step per turn) gets there.
    for (let turns = 0; blocks.start('all', 0) === null && turns < 1_000; turns++)
      await new Promise((resolve) => setImmediate(resolve));
    // Row ids from 1, one removed: 1,022 rows in the block of ids 0–1,023, so the 2,001st row
    // is the 979th of the block of ids 1,024–2,047.
    expect(blocks.start('all', 2_000)).toEqual({ fromId: 1_024, skip: 978 });
    expectSameWindows();
  });

  it('answers no rows past the count of a search (the list has no rows there)', () => {
    store.cache.devices.putAll(
      Array.from({ length: 1_200 }, (_, i) => device(i)),
      NOW,
    );
    const deep = store.cache.queries.window(
      { view: 'all', q: 'ftc', offset: 1_100, limit: 5 },
      null,
    );
    expect(deep.rows).toEqual([]);
    expect(deep.matchedCapped).toBe(true);
  });
});
