/**
 * Paging styles: which query parameters pick the window of a list, and what an answer says
 * about the rest of it (body fields, links, or a `Link` header). Lists are ordered and stable,
 * so every style comes down to an offset and a limit (`Window`).
 */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../core/api/wire';
import { validationError, type Window } from '../http-kit';

export type PagingStyle =
  /** `?page=&per_page=`; meta {page, per_page, total_count, total_pages} (the default). */
  | 'page'
  /** `?offset=&limit=`; {offset, limit, total}. */
  | 'offset'
  /** `?cursor=&limit=`; an absolute next-page URL in the body (`links.next` / `meta.next`). */
  | 'cursor-link'
  /** `?cursor=&limit=`; {next_cursor} (null on the last page). */
  | 'cursor-token'
  /** `?cursor=&per_page=`; RFC 8288 `Link: <url>; rel="next"`, nothing about paging in the body. */
  | 'link-header'
  /**
   * `?page=` only, SERVER_PAGE_SIZE a page whatever size is asked (Django REST Framework's page
   * numbers): {count, next, previous} with absolute URLs, `next` null on the last, short page.
   */
  | 'page-number'
  /**
   * `?offset=&limit=`, a limit above SERVER_PAGE_SIZE cut to it without a word; {offset,
   * limit} with no total, and RFC 8288 `Link: <url>; rel="next"` while there is more.
   */
  | 'offset-link';

/** What the page-number and offset-link styles serve at most, whatever is asked. */
const SERVER_PAGE_SIZE = 20;

/** The query parameter that sets the page size, per style. */
const SIZE_PARAM: Record<PagingStyle, 'per_page' | 'limit' | 'page_size'> = {
  page: 'per_page',
  offset: 'limit',
  'cursor-link': 'limit',
  'cursor-token': 'limit',
  'link-header': 'per_page',
  'page-number': 'page_size',
  'offset-link': 'limit',
};

/** What one answer says about the list beyond its items; envelopes decide where it goes. */
export interface PagingInfo {
  /** Fields for `meta` (or the top level of flat envelopes). */
  meta: Record<string, unknown>;
  /** Link fields (`links.next`, or `meta.next` where the envelope has no `links`); null = none. */
  links: Record<string, string | null> | null;
  headers: Record<string, string>;
}

const int = (raw: string | null, fallback: number): number | null => {
  if (raw === null) return fallback;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

const sizeProblem = (size: number | null): string | null =>
  size === null || size < 1 || size > PAGE_SIZE_MAX
    ? `must be an integer from 1 to ${PAGE_SIZE_MAX}`
    : null;

/** Cursors are opaque to clients: a tagged, base64url-encoded position. */
const encodeCursor = (offset: number): string =>
  Buffer.from(`fi1:${offset}`, 'utf8').toString('base64url');

const decodeCursor = (raw: string): number | null => {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(raw)) return null;
  const m = /^fi1:(\d{1,9})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  return m?.[1] === undefined ? null : Number(m[1]);
};

const invalid = (fields: Record<string, string>) =>
  validationError(fields, 'Invalid paging parameters.');

/** The window a request asks for; parameters a style does not use (e.g. `page`) are ignored. */
export const readWindow = (style: PagingStyle, query: URLSearchParams): Window => {
  if (style === 'page-number' || style === 'offset-link') return ownSizeWindow(style, query);
  const sizeName = SIZE_PARAM[style];
  const limit = int(query.get(sizeName), PAGE_SIZE_DEFAULT);
  const fields: Record<string, string> = {};
  let offset: number | null = 0;
  let page = 1;
  if (style === 'page') {
    const p = int(query.get('page'), 1);
    if (p === null || p < 1) fields.page = 'must be an integer ≥ 1';
    else page = p;
  } else if (style === 'offset') {
    offset = int(query.get('offset'), 0);
    if (offset === null) fields.offset = 'must be an integer ≥ 0';
  } else {
    const raw = query.get('cursor');
    offset = raw === null || raw === '' ? 0 : decodeCursor(raw);
    if (offset === null) fields.cursor = 'is not a cursor this server handed out';
  }
  const problem = sizeProblem(limit);
  if (problem) fields[sizeName] = problem;
  if (limit === null || offset === null || Object.keys(fields).length > 0) throw invalid(fields);
  return style === 'page' ? { offset: (page - 1) * limit, limit, page } : { offset, limit, page };
};

/** The styles that serve their own page size: asked sizes are ignored or cut to it. */
const ownSizeWindow = (style: 'page-number' | 'offset-link', query: URLSearchParams): Window => {
  if (style === 'page-number') {
    const page = int(query.get('page'), 1);
    if (page === null || page < 1) throw invalid({ page: 'must be an integer ≥ 1' });
    return { offset: (page - 1) * SERVER_PAGE_SIZE, limit: SERVER_PAGE_SIZE, page };
  }
  const offset = int(query.get('offset'), 0);
  const asked = int(query.get('limit'), SERVER_PAGE_SIZE);
  const fields: Record<string, string> = {};
  if (offset === null) fields.offset = 'must be an integer ≥ 0';
  if (asked === null || asked < 1) fields.limit = 'must be an integer ≥ 1';
  if (offset === null || asked === null || asked < 1) throw invalid(fields);
  return { offset, limit: Math.min(asked, SERVER_PAGE_SIZE), page: 1 };
};

/** The same request asking for another page number. */
const withPage = (url: URL, page: number): string => {
  const next = new URL(url.href);
  next.searchParams.set('page', String(page));
  return next.href;
};

/** The same request asking from another offset, with the limit served. */
const withOffset = (url: URL, offset: number, limit: number): string => {
  const next = new URL(url.href);
  next.searchParams.set('offset', String(offset));
  next.searchParams.set('limit', String(limit));
  return next.href;
};

/** The default's meta, kept exactly as it always was. */
const pageMeta = (w: Window, total: number) => ({
  page: w.page,
  per_page: w.limit,
  total_count: total,
  total_pages: Math.ceil(total / w.limit),
});

/** The same request with another cursor: absolute, same origin, every other parameter kept. */
const withCursor = (url: URL, cursor: string): string => {
  const next = new URL(url.href);
  next.searchParams.set('cursor', cursor);
  return next.href;
};

export const pagingInfo = (style: PagingStyle, w: Window, total: number, url: URL): PagingInfo => {
  const nextOffset = w.offset + w.limit < total ? w.offset + w.limit : null;
  const next = nextOffset === null ? null : withCursor(url, encodeCursor(nextOffset));
  switch (style) {
    case 'page':
      return { meta: pageMeta(w, total), links: null, headers: {} };
    case 'offset':
      return { meta: { offset: w.offset, limit: w.limit, total }, links: null, headers: {} };
    case 'cursor-token':
      return {
        meta: { next_cursor: nextOffset === null ? null : encodeCursor(nextOffset) },
        links: null,
        headers: {},
      };
    case 'cursor-link':
      return { meta: {}, links: { next }, headers: {} };
    case 'link-header':
      return { meta: {}, links: null, headers: next ? { link: `<${next}>; rel="next"` } : {} };
    case 'page-number':
      return {
        meta: {
          count: total,
          next: nextOffset === null ? null : withPage(url, w.page + 1),
          previous: w.page > 1 ? withPage(url, w.page - 1) : null,
        },
        links: null,
        headers: {},
      };
    case 'offset-link':
      return {
        meta: { offset: w.offset, limit: w.limit },
        links: null,
        headers:
          nextOffset === null
            ? {}
            : { link: `<${withOffset(url, nextOffset, w.limit)}>; rel="next"` },
      };
  }
};
