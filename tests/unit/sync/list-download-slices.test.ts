/**
 * A big sync's writes within the core's thread budget (decision 70): a page's rows are stored
 * in transactions of about 10 ms with a turn of the event loop between them, its checkpoint with
 * its last rows; a page cut short between two of them is asked and stored again. Rows here cost
 * what a million-device cache.db made them cost (a changed device's search entries took ~0.9 ms
 * each): stored in one transaction, a 500-row page held the thread 440 ms.
 */
import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../../electron/core/api/list-answer';
import type { ListPage } from '../../../electron/core/api/vendor-api';
import { downloadList, type ListDownload } from '../../../electron/core/sync/list-download';
import { memoryCheckpoints } from '../../helpers/memory-checkpoints';

type Item = { id: string };
const PAGE = 500;
const PAGES = 4;

/** Holds the thread `ms` (what a row's write costs on a big file). */
const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

function pagedList(rows: Map<string, number>): ListDownload<Item> {
  return {
    resource: 'devices',
    fetchPage: async (request: PageRequest | null) => {
      const page = request?.style === 'page' ? request.page : 1;
      const items = Array.from({ length: PAGE }, (_, i) => ({ id: `d${(page - 1) * PAGE + i}` }));
      return {
        items,
        style: 'page',
        next: null,
        rest:
          page === 1
            ? Array.from({ length: PAGES - 1 }, (_, i) => ({
                style: 'page' as const,
                page: i + 2,
                perPage: PAGE,
              }))
            : null,
        totalCount: PAGE * PAGES,
        totalPages: PAGES,
        size: 0,
        raw: undefined,
      } as unknown as ListPage<Item>;
    },
    store: (items, pass) => {
      hold(items.length * 0.2);
      for (const item of items) rows.set(item.id, pass);
    },
    reconcile: () => undefined,
    countSeen: (pass) => [...rows.values()].filter((p) => p === pass).length,
  };
}

describe('a page stored a slice at a time', () => {
  it('stores a 500-row page in transactions of ~10 ms with turns between, its checkpoint with its last rows', async () => {
    const rows = new Map<string, number>();
    const transactions: number[] = [];
    const saved: { rows: number }[] = [];
    let turns = 0;
    let before = 0;
    const checkpoints = memoryCheckpoints();
    await downloadList(pagedList(rows), {
      checkpoints: {
        ...checkpoints,
        save: (c) => {
          saved.push({ rows: rows.size });
          checkpoints.save(c);
        },
      },
      transaction: (run) => {
        before = rows.size;
        run();
        transactions.push(rows.size - before);
      },
      signal: new AbortController().signal,
      concurrency: 1,
      pageAttempts: 1,
      onProgress: () => undefined,
      now: () => '2026-05-04T12:00:00Z',
      sleep: async () => undefined,
      random: () => 0.5,
      turn: async () => {
        turns += 1;
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    expect(rows.size).toBe(PAGE * PAGES);
    // At 0.2 ms a row, ~50 rows a transaction: never a whole page in one.
    expect(Math.max(...transactions)).toBeLessThan(PAGE / 2);
    expect(transactions.filter((n) => n > 0).length).toBeGreaterThan(PAGES * 3);
    expect(turns).toBeGreaterThan(PAGES * 3);
    // A page's checkpoint is saved with its last rows: after each page, never inside one.
    expect(saved.map((s) => s.rows)).toEqual([500, 1000, 1500, 2000]);
  });
});
