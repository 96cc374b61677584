/**
 * Follows a page-numbered list to its end. The server may omit `meta` (then the answer is the
 * whole list) or give only some of its fields, so the end is found from whichever is present.
 * Past `maxPages` the list is refused outright: a silently cut list would make a technician
 * believe a device or location does not exist.
 */
import { AppError } from '../app-error';
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

export const collectPages = async <P extends Page<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  options: PagingOptions,
): Promise<{ items: P['data']; first: P }> => {
  const items: P['data'] = [];
  let first: P | undefined;
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
    for (const item of page.data) items.push(item);
    if (!hasMore(page, pageNumber, items.length, options.perPage)) return { items, first };
  }
};
