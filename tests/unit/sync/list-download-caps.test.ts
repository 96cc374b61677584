/**
 * The sync download's caps (electron/core/sync/list-download.ts): a server that sends far more
 * than any account has is refused past MAX_DOWNLOAD_BYTES or MAX_DOWNLOAD_ITEMS, with the same
 * code the renderer words for list-walk's caps, and what was stored before stays.
 */
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../../electron/core/api/vendor-api';
import { AppError } from '../../../electron/core/app-error';
import type { Checkpoint, Checkpoints } from '../../../electron/core/store/checkpoints';
import {
  downloadList,
  MAX_DOWNLOAD_BYTES,
  MAX_DOWNLOAD_ITEMS,
  type DownloadContext,
} from '../../../electron/core/sync/list-download';

/** A cursor list without end; `size` says how big each page claims to be. */
const endless = (size: number, items = 1) => {
  let n = 0;
  const stored: number[] = [];
  return {
    stored,
    list: {
      resource: 'devices',
      fetchPage: (): Promise<ListPage<number>> => {
        n += 1;
        return Promise.resolve({
          items: Array.from({ length: items }, (_, i) => n * 1000 + i),
          style: 'cursor',
          next: { style: 'cursor', cursor: `c${n}`, param: 'cursor' },
          totalCount: null,
          totalPages: null,
          rest: null,
          raw: null,
          size,
        });
      },
      store: (rows: number[]) => void stored.push(...rows),
      reconcile: () => undefined,
      countSeen: () => stored.length,
    },
  };
};

const context = (fetchedBefore = 0): DownloadContext => {
  const checkpoint: Checkpoint = {
    resource: 'devices',
    pass: 1,
    progress: {
      firstDone: false,
      done: [],
      rest: null,
      next: null,
      totalCount: null,
      fetched: fetchedBefore,
    },
    resumed: fetchedBefore > 0,
    startedAt: '2026-01-01T00:00:00Z',
    completedAt: null,
  };
  const checkpoints: Checkpoints = {
    get: () => checkpoint,
    begin: () => checkpoint,
    save: () => undefined,
    complete: () => undefined,
    restart: () => undefined,
    completedAt: () => null,
  };
  return {
    checkpoints,
    transaction: (run) => run(),
    signal: new AbortController().signal,
    concurrency: 1,
    pageAttempts: 1,
    onProgress: () => undefined,
    now: () => '2026-01-01T00:00:00Z',
    sleep: () => Promise.resolve(),
    random: () => 0,
  };
};

const refusal = (run: Promise<void>) =>
  run.then(
    () => null,
    (error: unknown) => error,
  );

describe('list download caps', () => {
  it(`refuses a download past ${MAX_DOWNLOAD_BYTES / 1024 / 1024 / 1024} GB, keeping the pages before`, async () => {
    const { list, stored } = endless(Math.ceil(MAX_DOWNLOAD_BYTES / 3));
    const error = await refusal(downloadList(list, context()));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'bad_response',
      code: 'list_too_big',
      params: { items: MAX_DOWNLOAD_ITEMS, mb: 2048 },
    });
    expect(stored).toHaveLength(2); // two pages fit, the third is refused
  });

  it(`refuses a download past ${MAX_DOWNLOAD_ITEMS.toLocaleString('en')} entries`, async () => {
    const { list, stored } = endless(100, 10);
    const error = await refusal(downloadList(list, context(MAX_DOWNLOAD_ITEMS - 15)));
    expect(error).toMatchObject({ kind: 'bad_response', code: 'list_too_big' });
    expect(stored).toHaveLength(10);
  });
});
