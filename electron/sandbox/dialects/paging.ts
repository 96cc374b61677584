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
  | 'link-header';

/** The query parameter that sets the page size, per style. */
const SIZE_PARAM: Record<PagingStyle, 'per_page' | 'limit'> = {
  page: 'per_page',
  offset: 'limit',
  'cursor-link': 'limit',
  'cursor-token': 'limit',
  'link-header': 'per_page',
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
  }
};
