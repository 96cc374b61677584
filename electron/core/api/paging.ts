/**
 * Follows a page-numbered list to its end. The server may omit `meta` (then the answer is the
 * whole list) or give only some of its fields, so the end is found from whichever is present.
 * Past `maxPages` the list is refused outright: a silently cut list would make a technician
 * believe a device or location does not exist.
 */
import { AppError } from '../app-error';
import { JsonText } from '../json-text';
import type { PageMeta } from './wire';
import { wording } from './messages';

export interface Page<T> {
  data: T[];
  meta?: PageMeta | undefined;
}

export interface PagingOptions {
  maxPages: number;
  /** What was asked for, used when the server does not say how many pages there are. */
  perPage: number;
}

const tooManyPages = (maxPages: number): AppError =>
  new AppError({ kind: 'bad_response', ...wording.tooManyPages(maxPages) });

const hasMore = (
  page: Page<unknown>,
  pageNumber: number,
  collected: number,
  perPage: number,
): boolean => {
  const { meta } = page;
  if (!meta || page.data.length === 0) return false;
  if (meta.total_pages !== undefined) return pageNumber < meta.total_pages;
  if (meta.total_count !== undefined) return collected < meta.total_count;
  return page.data.length >= (meta.per_page ?? perPage);
};

/** Fetches page after page until the list ends; `take` keeps each page's items its own way. */
async function followPages<P extends Page<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  options: PagingOptions,
  take: (page: P) => void,
): Promise<P> {
  let first: P | undefined;
  let collected = 0;
  for (let pageNumber = 1; ; pageNumber += 1) {
    if (pageNumber > options.maxPages) throw tooManyPages(options.maxPages);
    const page = await fetchPage(pageNumber);
    if (first === undefined) {
      first = page;
      // Fail before fetching hundreds of pages we would throw away.
      const declared = page.meta?.total_pages;
      if (declared !== undefined && declared > options.maxPages)
        throw tooManyPages(options.maxPages);
    }
    take(page);
    collected += page.data.length;
    if (!hasMore(page, pageNumber, collected, options.perPage)) return first;
  }
}

export const collectPages = async <P extends Page<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  options: PagingOptions,
): Promise<{ items: P['data']; first: P }> => {
  const items: P['data'] = [];
  const first = await followPages(fetchPage, options, (page) => {
    for (const item of page.data) items.push(item);
  });
  return { items, first };
};

/**
 * The whole list as one JSON array (UTF-8). Each page is validated, then serialised and
 * dropped, so a 100,000-device list is held as ~23 MB of bytes instead of 100,000 objects
 * (see json-text.ts for why the core passes big lists on as JSON).
 */
export const collectPagesAsJson = async <T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: PagingOptions,
): Promise<JsonText<T[]>> => {
  const parts: Buffer[] = [Buffer.from('[')];
  await followPages(fetchPage, options, (page) => {
    if (page.data.length === 0) return;
    // "[a,b]" → "a,b", comma-separated from the previous page's items.
    const items = JSON.stringify(page.data).slice(1, -1);
    parts.push(Buffer.from(parts.length === 1 ? items : `,${items}`));
  });
  parts.push(Buffer.from(']'));
  // Kept as pieces: joining them would allocate the whole list once more.
  return JsonText.fromChunks<T[]>(parts);
};
