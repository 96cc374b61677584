/**
 * The sync engine's page-by-page download (electron/core/sync/list-download.ts) against a server
 * whose declared total changes between pages: the pass is held to the latest total, so a list
 * that grew while it was walked ends in the short-list error instead of completing short, and
 * nothing is deleted; a pass that lists everything completes (without deleting: pages may
 * have shifted).
 */
import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../helpers/app-error-of';
import {
  readListAnswer,
  type ListAnswer,
  type PageRequest,
} from '../../../electron/core/api/list-answer';
import type { ListPage } from '../../../electron/core/api/vendor-api';
import type { Checkpoints } from '../../../electron/core/store/checkpoints';
import { memoryCheckpoints } from '../../helpers/memory-checkpoints';
import { downloadList, type ListDownload } from '../../../electron/core/sync/list-download';

const ORIGIN = 'https://api.example.com';
type Item = { id: string };
const ids = (n: number, from = 0): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `d${from + i}` }));

/** A list whose pages a test scripts as bodies; rows stored by pass. */
const scripted = (answer: (request: PageRequest | null) => unknown) => {
  const rows = new Map<string, number>();
  let reconciled = 0;
  const list: ListDownload<Item> = {
    resource: 'devices',
    fetchPage: async (request) => {
      const asked = request ?? ({ style: 'page', page: 1, perPage: 500 } as const);
      return readListAnswer(
        answer(request),
        null,
        asked,
        `${ORIGIN}/v1/devices`,
        ORIGIN,
      ) as ListAnswer as ListPage<Item>;
    },
    store: (items, pass) => items.forEach((item) => rows.set(item.id, pass)),
    reconcile: () => void (reconciled += 1),
    countSeen: (pass) => [...rows.values()].filter((p) => p === pass).length,
  };
  return { list, rows, reconciled: () => reconciled };
};

const run = (list: ListDownload<Item>, checkpoints: Checkpoints) =>
  downloadList(list, {
    checkpoints,
    transaction: (fn) => fn(),
    signal: new AbortController().signal,
    concurrency: 2,
    pageAttempts: 1,
    onProgress: () => undefined,
    now: () => '2026-05-04T12:00:00Z',
    sleep: async () => undefined,
    random: () => 0.5,
  });

describe('downloadList: a total that changes between pages', () => {
  it('grew (4 → 5) while 4 items came: the short-list error, the pass starts over, nothing deleted', async () => {
    const { list, reconciled } = scripted((r) =>
      r?.style === 'cursor'
        ? { data: ids(2, 2), meta: { next_cursor: null, total: 5 } }
        : { data: ids(2), meta: { next_cursor: 'c2', total: 4 } },
    );
    const checkpoints = memoryCheckpoints();
    const error = await appErrorOf(run(list, checkpoints));
    expect(error.code).toBe('list_short');
    expect(error.params).toEqual({ promised: 5, listed: 4 });
    expect(checkpoints.restarted).toBe(1);
    expect(checkpoints.completedAt('devices')).toBeNull();
    expect(reconciled()).toBe(0);
  });

  it('page style: grew after page 1 (total_count 4 → 5), the page it pushed out is missing: refused', async () => {
    const { list } = scripted((r) => {
      const p = r?.style === 'page' ? r.page : 1;
      return p === 1
        ? { data: ids(2), meta: { page: 1, per_page: 2, total_count: 4, total_pages: 2 } }
        : { data: ids(2, 1), meta: { page: 2, per_page: 2, total_count: 5, total_pages: 3 } };
    });
    const error = await appErrorOf(run(list, memoryCheckpoints()));
    expect(error.code).toBe('list_short');
  });

  it('shrank (5 → 4) with every item listed: complete, but nothing deleted this pass', async () => {
    const { list, rows, reconciled } = scripted((r) =>
      r?.style === 'cursor'
        ? { data: ids(2, 2), meta: { next_cursor: null, total: 4 } }
        : { data: ids(2), meta: { next_cursor: 'c2', total: 5 } },
    );
    const checkpoints = memoryCheckpoints();
    await run(list, checkpoints);
    expect(rows.size).toBe(4);
    expect(checkpoints.completedAt('devices')).not.toBeNull();
    expect(reconciled()).toBe(0);
  });
});
