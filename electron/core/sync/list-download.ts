/**
 * Downloads one list into the local database page by page, in whatever paging style the
 * server uses (api/list-answer.ts). When the first page lets every remaining request be worked
 * out (page or offset style with a total), they are fetched a few at a time (bounded
 * concurrency); otherwise (cursor, next URL, Link header) one after another. Each page is
 * retried on its own with backoff and stored in one transaction together with the checkpoint,
 * so a failed or cancelled download resumes with the pages it still lacks. A server that
 * repeats a page stops the download with a clear error, and a list shorter than the server's
 * own total is never taken as complete; when the total changes between pages the latest one
 * is the one held to. After a complete pass, rows the pass did not list are deleted (the list's
 * `reconcile` decides which: sync-service.ts keeps those the pass before listed) — unless
 * the pass was resumed across runs or the server changed its total meanwhile (pages may have
 * shifted), in which case the next full pass does it.
 *
 * With `ctx.pages`, every page is asked conditionally with the validators it came with last
 * time (decision record 32): a 304 is the page stored then, so its rows are kept and count as listed by
 * this pass, and what it said about the rest of the list holds too.
 *
 * The core's thread has a budget (decision 70): a page's rows are stored a slice at a time
 * (store-slices.ts), the page's checkpoint with its last slice, so a page cut short is fetched
 * and stored again. Counting and reconciling after a pass are the list's, a step at a time.
 */
import { traitsOf } from '../../shared/error-traits';
import type { ListPage, PageAsk } from '../api/vendor-api';
import type { PageRequest } from '../api/list-answer';
import { MAX_RETRY_AFTER_S } from '../api/retry';
import { listTooBig, PageSignatures, repeatedPage, requestKey, shortList } from '../api/list-walk';
import { AppError } from '../app-error';
import type { Checkpoint, Checkpoints } from '../store/checkpoints';
import { firstSliceSize, nextTurn, storeAllButLast } from './store-slices';
import type { ListPages, StoredPage } from '../store/list-pages';

export interface ListDownload<T> {
  resource: string;
  fetchPage(request: PageRequest | null, signal: AbortSignal, ask?: PageAsk): Promise<ListPage<T>>;
  /** Stores rows of a page, marked with `pass`; runs inside a transaction (a page's rows may
   * come in several). */
  store(items: T[], pass: number): void;
  /** With `ctx.pages`: asked conditionally (pages stored with the ids they listed). */
  conditional?: {
    /** The id a page's row is stored under. */
    idOf(item: T): string;
    /** A page answered 304: its stored rows, `ids`, are listed by `pass` too. */
    keep(ids: string[], pass: number): void;
    /** How many of `ids` are stored (a row removed here since, e.g. a queued deletion). */
    stored(ids: string[]): number;
  };
  /** Deletes rows an earlier pass listed and this complete one did not (after the pass is
   * recorded complete; a step at a time when the list is long). */
  reconcile(pass: number): void | Promise<void>;
  /** Distinct rows this pass has stored (to tell a list shorter than its total). */
  countSeen(pass: number): number | Promise<number>;
}

export interface DownloadContext {
  checkpoints: Checkpoints;
  /** Wraps a page's store + checkpoint in one transaction. */
  transaction(run: () => void): void;
  signal: AbortSignal;
  concurrency: number;
  /** Attempts per page on top of the client's own GET retries. */
  pageAttempts: number;
  /** Rows fetched (or kept by a 304), the list's total if known, bytes downloaded. */
  onProgress(fetched: number, total: number | null, bytes: number): void;
  /** Page validators: with the list's `conditional`, pages are asked conditionally. */
  pages?: ListPages;
  now(): string;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  /** After a complete download: refresh the query planner's statistics. */
  analyse?: () => void | Promise<void>;
  /** A turn of the event loop between two transactions (setImmediate by default). */
  turn?: () => Promise<void>;
}

/**
 * One download stores page by page, so memory stays flat whatever its length; what bounds it
 * is the disk. A server that sends far more than any account has is refused with these.
 */
export const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_DOWNLOAD_ITEMS = 3_000_000;

/**
 * Tries in a row, across the pages in flight, that got no answer at all (offline, DNS, a
 * timeout) before a download takes the network as down and ends: the connectivity monitor
 * runs sync again when it comes back (sync-engine.ts). The per-page attempts are for a lossy
 * link, where answers keep arriving in between and reset the count; without this bound a run
 * with the server out of reach went on for over a minute (up to 8 tries a page, each with the
 * client's own retries) under a header that already said Offline.
 */
export const UNANSWERED_IN_A_ROW = 3;

const cancelled = (): AppError => new AppError({ kind: 'timeout', code: 'download_cancelled' });

/** What a 304 stands for: the page stored with the validators asked. */
const storedAsPage = <T>(stored: StoredPage, answered: ListPage<T>): ListPage<T> => ({
  ...answered,
  ...stored.paging,
  items: [],
  raw: undefined,
  size: 0,
});

/**
 * Downloads the list. The checkpoint keeps the server's clock when the first page was answered
 * (`progress.serverTime`): the time a later refresh of what changed may ask from.
 */
// eslint-disable-next-line max-lines-per-function -- one download's page loop with its checkpoint, resume and caps, which share its state
export async function downloadList<T>(list: ListDownload<T>, ctx: DownloadContext): Promise<void> {
  const checkpoint = ctx.checkpoints.begin(list.resource, ctx.now());
  const conditional = list.conditional;
  const pages = conditional ? ctx.pages : undefined;
  const { progress } = checkpoint;
  const signatures = new PageSignatures();
  let contradicted = false;

  const total = (): number | null => progress.totalCount;
  let unanswered = 0;

  /** A page, and the stored one it stands for when the server answered 304. */
  interface Fetched {
    page: ListPage<T>;
    kept: StoredPage | null;
  }
  const fetchWithRetries = async (request: PageRequest | null): Promise<Fetched> => {
    let stored = pages?.get(list.resource, requestKey(request)) ?? null;
    for (let attempt = 1; ; attempt++) {
      if (ctx.signal.aborted) throw cancelled();
      try {
        const page = await list.fetchPage(request, ctx.signal, {
          validators: stored?.validators ?? null,
        });
        unanswered = 0;
        if (page.notModified && stored) {
          // Unchanged on the server, but a row it listed is no longer here: asked again whole.
          if (conditional && conditional.stored(stored.ids) < stored.ids.length) {
            stored = null;
            attempt -= 1;
            continue;
          }
          return { page: storedAsPage(stored, page), kept: stored };
        }
        return { page, kept: null };
      } catch (error) {
        if (ctx.signal.aborted) throw cancelled();
        if (!(error instanceof AppError)) throw error;
        const traits = traitsOf(error.kind);
        if (traits.connectivity) unanswered += 1;
        if (!traits.retryable || attempt >= ctx.pageAttempts) throw error;
        if (unanswered >= UNANSWERED_IN_A_ROW) throw error;
        // A server that asks for a long wait (Retry-After: 86400) is not waited for inside the
        // run, which would hold sync "running" for that long: the run ends and the engine
        // schedules the next one; the checkpoint keeps the pages already stored.
        if ((error.retryAfterS ?? 0) > MAX_RETRY_AFTER_S) throw error;
        const retryAfterMs = error.retryAfterS !== undefined ? error.retryAfterS * 1000 : 0;
        const backoff = Math.min(10_000, 250 * 2 ** attempt) * (0.5 + ctx.random() / 2);
        await ctx.sleep(Math.max(retryAfterMs, backoff), ctx.signal);
      }
    }
  };

  const turn = ctx.turn ?? nextTurn;
  const sliceSize = firstSliceSize();

  /**
   * Stores a page and what it changes in the checkpoint: its rows a slice at a time, the last
   * slice in one transaction with the checkpoint.
   */
  let bytes = 0;
  const storePage = async (
    request: PageRequest | null,
    { page, kept }: Fetched,
    record: (c: Checkpoint) => void,
  ) => {
    const rows = kept ? kept.ids.length : page.items.length;
    if (!kept) signatures.check(page.items);
    bytes += page.size;
    if (bytes > MAX_DOWNLOAD_BYTES || progress.fetched + rows > MAX_DOWNLOAD_ITEMS)
      throw listTooBig(MAX_DOWNLOAD_ITEMS, MAX_DOWNLOAD_BYTES);
    if (
      progress.totalCount !== null &&
      page.totalCount !== null &&
      page.totalCount !== progress.totalCount
    )
      contradicted = true;
    const lastSlice = await storeAllButLast(
      kept ? [] : page.items,
      (slice) => ctx.transaction(() => list.store(slice, checkpoint.pass)),
      sliceSize,
      turn,
      () => {
        if (ctx.signal.aborted) throw cancelled();
      },
    );
    ctx.transaction(() => {
      const key = requestKey(request);
      if (kept) {
        conditional?.keep(kept.ids, checkpoint.pass);
        pages?.listedBy(list.resource, key, checkpoint.pass);
      } else {
        if (lastSlice.length > 0) list.store(lastSlice, checkpoint.pass);
        if (pages && conditional && page.validators)
          pages.put(list.resource, key, pageToStore(page, conditional.idOf), checkpoint.pass);
        else pages?.drop(list.resource, key);
      }
      progress.fetched += rows;
      record(checkpoint);
      // The latest total is the one the pass is held to: a list that grew while it was walked
      // may have shifted items past the pages already fetched.
      if (page.totalCount !== null) progress.totalCount = page.totalCount;
      ctx.checkpoints.save(checkpoint);
    });
    ctx.onProgress(progress.fetched, total(), bytes);
  };

  if (!progress.firstDone) {
    const fetched = await fetchWithRetries(null);
    const first = fetched.page;
    await storePage(null, fetched, () => {
      progress.firstDone = true;
      progress.serverTime = first.serverTime ?? null;
      progress.rest = first.rest;
      progress.next = first.rest === null ? first.next : null;
      progress.totalCount = first.totalCount;
    });
  }

  if (progress.rest !== null) {
    const done = new Set(progress.done);
    const pending = progress.rest.filter((r) => !done.has(requestKey(r)));
    const worker = async () => {
      for (let request = pending.shift(); request !== undefined; request = pending.shift()) {
        const asked = request;
        try {
          const fetched = await fetchWithRetries(asked);
          await storePage(asked, fetched, () => progress.done.push(requestKey(asked)));
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
    const asked = new Set<string>();
    while (progress.next !== null) {
      const request = progress.next;
      const key = requestKey(request);
      if (asked.has(key)) throw repeatedPage();
      asked.add(key);
      const fetched = await fetchWithRetries(request);
      const { page, kept } = fetched;
      await storePage(request, fetched, () => {
        progress.next = (kept ? kept.ids.length : page.items.length) === 0 ? null : page.next;
      });
    }
  }

  // A list shorter than the server's own (latest) total is not complete: keep what came,
  // delete nothing. A total that changed on the way does not excuse it.
  if (progress.totalCount !== null) {
    const seen = await list.countSeen(checkpoint.pass);
    if (seen < progress.totalCount) {
      // The next run walks the whole list again rather than resuming into the same gap.
      ctx.transaction(() => ctx.checkpoints.restart(checkpoint));
      throw shortList(progress.totalCount, seen);
    }
  }
  ctx.transaction(() => {
    ctx.checkpoints.complete(checkpoint, ctx.now());
    pages?.keepOnly(list.resource, checkpoint.pass);
  });
  // After the pass is recorded complete: cut short (the app closed), the next pass does it.
  if (!checkpoint.resumed && !contradicted) await list.reconcile(checkpoint.pass);
  await ctx.analyse?.();
}

/** A page as its validators are stored: the ids it listed and what it said of the rest. */
export function pageToStore<T>(page: ListPage<T>, idOf: (item: T) => string): StoredPage {
  return {
    validators: page.validators ?? { etag: null, lastModified: null },
    ids: page.items.map(idOf),
    paging: {
      style: page.style,
      next: page.next,
      rest: page.rest,
      totalCount: page.totalCount,
      totalPages: page.totalPages,
    },
  };
}
