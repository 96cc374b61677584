/**
 * A download with the server out of reach ends after UNANSWERED_IN_A_ROW tries that got no
 * answer (electron/core/sync/list-download.ts), instead of spending every page's attempts
 * under a header that already says Offline; a lossy link whose answers keep coming between
 * the losses, and a server answering 503, still get every attempt a page has.
 */
import { describe, expect, it } from 'vitest';
import type { PageRequest } from '../../../electron/core/api/list-answer';
import type { ListPage } from '../../../electron/core/api/vendor-api';
import { AppError } from '../../../electron/core/app-error';
import type { ErrorKind } from '../../../electron/shared';
import type { Checkpoint, Checkpoints } from '../../../electron/core/store/checkpoints';
import { freshProgress } from '../../../electron/core/store/checkpoints';
import {
  downloadList,
  UNANSWERED_IN_A_ROW,
  type ListDownload,
} from '../../../electron/core/sync/list-download';

const PAGES = 6;
const PER_PAGE = 2;
const PAGE_ATTEMPTS = 8;

const failure = (kind: ErrorKind) => new AppError({ kind, code: 'internal' });

const pageOf = (page: number): ListPage<string> => ({
  items: Array.from({ length: PER_PAGE }, (_, i) => `d${page}-${i}`),
  style: 'page',
  next: null,
  totalCount: PAGES * PER_PAGE,
  totalPages: PAGES,
  rest:
    page === 1
      ? Array.from({ length: PAGES - 1 }, (_, i) => ({
          style: 'page' as const,
          page: i + 2,
          perPage: PER_PAGE,
        }))
      : null,
  raw: null,
  size: 100,
});

/** A page list whose every fetch `answer` decides: a page, or an error to throw. */
const scripted = (answer: (call: number, page: number) => AppError | null) => {
  const stored = new Set<string>();
  let calls = 0;
  const list: ListDownload<string> = {
    resource: 'devices',
    fetchPage: (request: PageRequest | null) => {
      calls += 1;
      const page = request?.style === 'page' ? request.page : 1;
      const error = answer(calls, page);
      return error ? Promise.reject(error) : Promise.resolve(pageOf(page));
    },
    store: (items) => items.forEach((id) => stored.add(id)),
    reconcile: () => undefined,
    countSeen: () => stored.size,
  };
  return { list, stored, calls: () => calls };
};

const run = (list: ListDownload<string>, concurrency: number) => {
  let checkpoint: Checkpoint | null = null;
  const checkpoints: Checkpoints = {
    get: () => checkpoint,
    begin: (resource, now) =>
      (checkpoint = {
        resource,
        pass: 1,
        progress: freshProgress(),
        resumed: false,
        startedAt: now,
        completedAt: null,
      }),
    save: () => undefined,
    complete: (c, now) => void (c.completedAt = now),
    restart: () => undefined,
    completedAt: () => checkpoint?.completedAt ?? null,
  };
  return downloadList(list, {
    checkpoints,
    transaction: (fn) => fn(),
    signal: new AbortController().signal,
    concurrency,
    pageAttempts: PAGE_ATTEMPTS,
    onProgress: () => undefined,
    now: () => '2026-11-25T12:00:00Z',
    sleep: () => Promise.resolve(),
    random: () => 0.5,
  });
};

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('a download with the network down', () => {
  it.each(['offline', 'dns', 'timeout'] as const)(
    `ends after %s on the first page ${UNANSWERED_IN_A_ROW} times in a row, not after every attempt`,
    async (kind) => {
      const { list, stored, calls } = scripted(() => failure(kind));
      expect(await outcome(run(list, 1))).toMatchObject({ kind });
      expect(calls()).toBe(UNANSWERED_IN_A_ROW);
      expect(UNANSWERED_IN_A_ROW).toBeLessThan(PAGE_ATTEMPTS);
      expect(stored.size).toBe(0);
    },
  );

  it('ends when the link drops after the first page: the pages in flight count together', async () => {
    const { list, stored, calls } = scripted((_, page) => (page === 1 ? null : failure('offline')));
    expect(await outcome(run(list, 3))).toMatchObject({ kind: 'offline' });
    expect([...stored].sort()).toEqual(['d1-0', 'd1-1']);
    // The first page, then no more than the unanswered tries the pages in flight shared.
    expect(calls()).toBeLessThanOrEqual(1 + UNANSWERED_IN_A_ROW + 2);
  });

  it('finishes on a lossy link: each page is lost twice, and an answer comes in between', async () => {
    const lost = new Map<number, number>();
    const { list, stored } = scripted((_, page) => {
      const before = lost.get(page) ?? 0;
      if (before >= UNANSWERED_IN_A_ROW - 1) return null;
      lost.set(page, before + 1);
      return failure('offline');
    });
    expect(await outcome(run(list, 1))).toBeNull();
    expect(stored.size).toBe(PAGES * PER_PAGE);
    expect([...lost.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(UNANSWERED_IN_A_ROW);
  });

  it('a server that answers 503 is an answer: the page gets every attempt', async () => {
    const { list, stored, calls } = scripted((call) =>
      call < PAGE_ATTEMPTS ? failure('server') : null,
    );
    expect(await outcome(run(list, 1))).toBeNull();
    expect(stored.size).toBe(PAGES * PER_PAGE);
    expect(calls()).toBe(PAGE_ATTEMPTS - 1 + PAGES);
  });
});
