/**
 * Downloads one list into the local database page by page. When the server says how many
 * pages there are, the rest are fetched a few at a time (bounded concurrency), each page
 * retried on its own with backoff; every stored page is checkpointed in the same transaction
 * that stores it, so a failed or cancelled download resumes with the pages it still lacks.
 * After a complete pass, rows the pass did not list are deleted — unless the pass was resumed
 * across runs (pages may have shifted meanwhile), in which case the next full pass does it.
 */
import { traitsOf } from '../../error-traits';
import { AppError } from '../app-error';
import type { Checkpoints } from '../store/checkpoints';

export interface FetchedPage<T> {
  items: T[];
  totalPages: number | null;
  totalCount: number | null;
  hasMore: boolean;
}

export interface ListDownload<T> {
  resource: string;
  perPage: number;
  fetchPage(page: number, signal: AbortSignal): Promise<FetchedPage<T>>;
  /** Stores one page's rows, marked with `pass`; runs inside the page's transaction. */
  store(items: T[], pass: number): void;
  /** Deletes rows an earlier pass listed and this complete one did not. */
  reconcile(pass: number): void;
}

export interface DownloadContext {
  checkpoints: Checkpoints;
  /** Wraps a page's store + checkpoint in one transaction. */
  transaction(run: () => void): void;
  signal: AbortSignal;
  concurrency: number;
  /** Attempts per page on top of the client's own GET retries. */
  pageAttempts: number;
  onProgress(fetched: number, total: number | null): void;
  now(): string;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

export const cancelled = (): AppError =>
  new AppError({
    kind: 'timeout',
    message: 'The download was cancelled. What was already downloaded is kept.',
    nextStep: 'It continues where it stopped at the next sync.',
  });

export async function downloadList<T>(list: ListDownload<T>, ctx: DownloadContext): Promise<void> {
  const checkpoint = ctx.checkpoints.begin(list.resource, list.perPage, ctx.now());
  let fetched = checkpoint.pagesDone.size * list.perPage;
  let totalItems: number | null =
    checkpoint.totalPages === null ? null : checkpoint.totalPages * list.perPage;
  let contradicted = false;

  const fetchWithRetries = async (page: number): Promise<FetchedPage<T>> => {
    for (let attempt = 1; ; attempt++) {
      if (ctx.signal.aborted) throw cancelled();
      try {
        return await list.fetchPage(page, ctx.signal);
      } catch (error) {
        if (ctx.signal.aborted) throw cancelled();
        const retryable = error instanceof AppError && traitsOf(error.kind).retryable;
        if (!retryable || attempt >= ctx.pageAttempts) throw error;
        const retryAfterMs = error.retryAfterS !== undefined ? error.retryAfterS * 1000 : 0;
        const backoff = Math.min(10_000, 250 * 2 ** attempt) * (0.5 + ctx.random() / 2);
        await ctx.sleep(Math.max(retryAfterMs, backoff), ctx.signal);
      }
    }
  };

  const storePage = (page: number, answer: FetchedPage<T>) => {
    ctx.transaction(() => {
      list.store(answer.items, checkpoint.pass);
      ctx.checkpoints.pageDone(checkpoint, page, answer.totalPages);
    });
    fetched += answer.items.length;
    if (answer.totalCount !== null) totalItems = answer.totalCount;
    else if (answer.totalPages !== null) totalItems = answer.totalPages * list.perPage;
    ctx.onProgress(Math.min(fetched, totalItems ?? fetched), totalItems);
  };

  // Page 1 first: it tells how many pages there are.
  let totalPages = checkpoint.totalPages;
  let hasMore = true;
  if (!checkpoint.pagesDone.has(1)) {
    const first = await fetchWithRetries(1);
    storePage(1, first);
    totalPages = first.totalPages;
    hasMore = first.hasMore;
  }

  if (totalPages !== null) {
    const pending: number[] = [];
    for (let page = 2; page <= totalPages; page++)
      if (!checkpoint.pagesDone.has(page)) pending.push(page);
    const worker = async () => {
      for (let page = pending.shift(); page !== undefined; page = pending.shift()) {
        try {
          const answer = await fetchWithRetries(page);
          if (answer.totalPages !== null && answer.totalPages !== totalPages) contradicted = true;
          storePage(page, answer);
        } catch (error) {
          pending.length = 0; // the others finish the page in hand and stop
          throw error;
        }
      }
    };
    const workers = Array.from({ length: Math.min(ctx.concurrency, pending.length) }, worker);
    const results = await Promise.allSettled(workers);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  } else {
    // No total: one page after another until the server says there is no more.
    let page = Math.max(1, ...checkpoint.pagesDone);
    while (hasMore) {
      page += 1;
      const answer = await fetchWithRetries(page);
      storePage(page, answer);
      hasMore = answer.hasMore && answer.items.length > 0;
    }
  }

  ctx.transaction(() => {
    ctx.checkpoints.complete(checkpoint, ctx.now());
    if (!checkpoint.resumed && !contradicted) list.reconcile(checkpoint.pass);
  });
}
