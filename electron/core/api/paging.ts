/**
 * Page-numbered lists. The server may omit `meta` (then the answer is the whole list) or give
 * only some of its fields, so whether another page follows, and how many there are, is worked
 * out from whichever is present (`describePage`). `collectPages` follows a small list to its
 * end; big lists (devices) are fetched page by page by the sync engine through the client.
 * Past `maxPages` a list is refused outright: a silently cut list would make a technician
 * believe a device or location does not exist.
 */
import { AppError } from '../app-error';
import type { ListPage } from './vendor-api';
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

export const tooManyPages = (maxPages: number): AppError =>
  new AppError({ kind: 'bad_response', ...wording.tooManyPages(maxPages) });

/**
 * What one page says about the list. `itemsSoFar` counts this page's items and those of every
 * page before it; by default every earlier page is taken to have been full.
 */
export const describePage = <T>(
  page: Page<T>,
  pageNumber: number,
  perPage: number,
  itemsSoFar?: number,
): ListPage<T> => {
  const { meta, data } = page;
  // No meta: the answer is the whole list.
  if (!meta) {
    return {
      items: data,
      page: pageNumber,
      totalPages: 1,
      totalCount: data.length,
      hasMore: false,
    };
  }
  const size = meta.per_page ?? perPage;
  const totalCount = meta.total_count ?? null;
  const totalPages =
    meta.total_pages ?? (totalCount === null ? null : Math.ceil(totalCount / size));
  let hasMore: boolean;
  // An empty page never promises more: following it could go on for ever.
  if (data.length === 0) hasMore = false;
  else if (meta.total_pages !== undefined) hasMore = pageNumber < meta.total_pages;
  else if (totalCount !== null)
    hasMore = (itemsSoFar ?? (pageNumber - 1) * size + data.length) < totalCount;
  else hasMore = data.length >= size;
  return { items: data, page: pageNumber, totalPages, totalCount, hasMore };
};

/** Fetches page after page until the list ends, keeping every item. */
export const collectPages = async <P extends Page<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  options: PagingOptions,
): Promise<{ items: P['data']; first: P }> => {
  const items: P['data'] = [];
  let first: P | undefined;
  for (let pageNumber = 1; ; pageNumber += 1) {
    if (pageNumber > options.maxPages) throw tooManyPages(options.maxPages);
    const page = await fetchPage(pageNumber);
    for (const item of page.data) items.push(item);
    const described = describePage(page, pageNumber, options.perPage, items.length);
    if (first === undefined) {
      first = page;
      // Fail before fetching hundreds of pages we would throw away.
      const declared = page.meta?.total_pages;
      if (declared !== undefined && declared > options.maxPages)
        throw tooManyPages(options.maxPages);
    }
    if (!described.hasMore) return { items, first };
  }
};
