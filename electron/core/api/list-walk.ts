/**
 * Walking a list to its end, for the small lists read whole (organizations, a location search,
 * foot-traffic totals) and, page by page, for the sync engine's downloads. The walk never
 * returns duplicates or a silently short list: a page the server already sent (same first and
 * last item, or the same next request) stops it with a clear error, items are de-duplicated by
 * id, and past `maxPages` the list is refused.
 */
import { AppError } from '../app-error';
import type { ListAnswer, PageRequest } from './list-answer';
import { wording } from './messages';

export const tooManyPages = (maxPages: number): AppError =>
  new AppError({ kind: 'bad_response', ...wording.tooManyPages(maxPages) });

/**
 * A list read whole is held in memory: past these it is refused, with a message that says so
 * (1,000 pages of ~1 MB each once grew the process past 1 GB before anything refused them).
 * The sync engine's downloads store page by page and are bounded by pages instead.
 */
const MAX_WHOLE_LIST_BYTES = 64 * 1024 * 1024;
const MAX_WHOLE_LIST_ITEMS = 200_000;

/** A list over a cap: a list read whole (these defaults) or a sync download (its own caps). */
export const listTooBig = (
  items: number = MAX_WHOLE_LIST_ITEMS,
  bytes: number = MAX_WHOLE_LIST_BYTES,
): AppError =>
  new AppError({
    kind: 'bad_response',
    code: 'list_too_big',
    params: { items, mb: bytes / 1024 / 1024 },
    message: `The list is larger than this app reads at once (more than ${items.toLocaleString('en')} entries or ${bytes / 1024 / 1024} MB).`,
    nextStep:
      'Nothing was changed. Tell your admin; the server may be sending far more than asked.',
  });

export const repeatedPage = (): AppError =>
  new AppError({
    kind: 'bad_response',
    code: 'list_repeated_page',
    message:
      'The server sent the same page of a list twice, so the list could not be read completely.',
    nextStep:
      'Nothing was changed. Try again later; if it keeps happening, send a connection report to support.',
  });

export const shortList = (promised: number, listed: number): AppError =>
  new AppError({
    kind: 'bad_response',
    code: 'list_short',
    params: { promised, listed },
    message: `The server said the list has ${promised.toLocaleString('en')} entries but sent ${listed.toLocaleString('en')}.`,
    nextStep:
      'Nothing was removed from this computer. Try again later; if it keeps happening, send a connection report to support.',
  });

export const requestKey = (request: PageRequest | null): string =>
  request === null ? 'first' : JSON.stringify(request);

/** The identity of an item for de-duplication: its id or serial, else its JSON. */
export const itemKey = (item: unknown): string => {
  if (typeof item === 'object' && item !== null) {
    const o = item as Record<string, unknown>;
    const id = o['serial_number'] ?? o['id'];
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return JSON.stringify(item);
};

/** Tells a repeated page from a new one: first and last item and the count. */
export class PageSignatures {
  readonly #seen = new Set<string>();
  check(items: readonly unknown[]): void {
    if (items.length === 0) return;
    const signature = `${itemKey(items[0])}\n${itemKey(items.at(-1))}\n${items.length}`;
    if (this.#seen.has(signature)) throw repeatedPage();
    this.#seen.add(signature);
  }
}

/** Follows `next` from the first page to the end, keeping each item once. */
export async function walkAll<T>(
  fetchPage: (request: PageRequest | null) => Promise<ListAnswer & { items: T[] }>,
  maxPages: number,
): Promise<{ items: T[]; first: ListAnswer & { items: T[] } }> {
  const signatures = new PageSignatures();
  const asked = new Set<string>();
  const byKey = new Map<string, T>();
  let request: PageRequest | null = null;
  let first: (ListAnswer & { items: T[] }) | undefined;
  // The latest total any page declared: a list that grew while it was walked is held to it.
  let total: number | null = null;
  let bytes = 0;
  for (let pages = 1; ; pages++) {
    if (pages > maxPages) throw tooManyPages(maxPages);
    const page = await fetchPage(request);
    first ??= page;
    bytes += page.size;
    if (bytes > MAX_WHOLE_LIST_BYTES || byKey.size + page.items.length > MAX_WHOLE_LIST_ITEMS)
      throw listTooBig();
    if (page.totalPages !== null && page.totalPages > maxPages) throw tooManyPages(maxPages);
    signatures.check(page.items);
    if (page.totalCount !== null) total = page.totalCount;
    for (const item of page.items) byKey.set(itemKey(item), item);
    if (page.next === null) break;
    const key = requestKey(page.next);
    if (asked.has(key)) throw repeatedPage();
    asked.add(key);
    request = page.next;
  }
  const items = [...byKey.values()];
  if (total !== null && first.style !== 'none' && items.length < total) {
    throw shortList(total, items.length);
  }
  return { items, first };
}
