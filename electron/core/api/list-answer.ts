/**
 * The tolerant reader for list answers. The vendor's spec leaves paging "not shown", so the
 * client recognises, from each answer itself, the styles real APIs use — page/per_page with a
 * total, offset/limit with a total, a cursor, a next-page URL in the body, an RFC 8288 `Link`
 * header, or no paging at all — and says how to ask for the next page. Where the total is
 * known and pages are addressable (page or offset style), every remaining request is known
 * too, so the sync engine may fetch them concurrently.
 */
import { AppError } from '../app-error';
import { UNREADABLE } from './error-mapping';
import type { PagingStyle } from '../../shared/contract/connection';

export type PageRequest =
  | { style: 'page'; page: number; perPage: number }
  | { style: 'offset'; offset: number; limit: number }
  | { style: 'cursor'; cursor: string; param: string }
  /** A next-page URL given by the server (body or Link header); same origin only. */
  | { style: 'url'; url: string };

export interface ListAnswer {
  items: unknown[];
  style: PagingStyle;
  next: PageRequest | null;
  totalCount: number | null;
  totalPages: number | null;
  /** Every request still to make, when they can be computed from this answer (page 1 only). */
  rest: PageRequest[] | null;
  /** The answer's body as parsed (for what else it carries, e.g. the signed-in user). */
  raw: unknown;
  /** Size of the answer as received, for caps across pages (list-walk.ts). */
  size: number;
}

// The last three: a foot-traffic series read as a list (traffic-reader.ts reads the same keys).
const ITEM_KEYS = [
  'data',
  'items',
  'results',
  'records',
  'entries',
  'series',
  'buckets',
  'values',
] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The items of a list answer as the server sent them (a bare array or an envelope's), or null. */
export const listItemsIn = (body: unknown): unknown[] | null => {
  if (Array.isArray(body)) return body;
  if (!isObj(body)) return null;
  return ITEM_KEYS.map((k) => body[k]).find((v): v is unknown[] => Array.isArray(v)) ?? null;
};
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Query parameters for a request (the first one asks by page, which most servers accept). */
export function queryFor(request: PageRequest): Record<string, string> {
  switch (request.style) {
    case 'page':
      return { page: String(request.page), per_page: String(request.perPage) };
    case 'offset':
      return { offset: String(request.offset), limit: String(request.limit) };
    case 'cursor':
      return { [request.param]: request.cursor };
    case 'url':
      return {};
  }
}

/** Each link of an RFC 8288 Link header with its relation types (lower case). */
function linksIn(header: string | null): { url: string; rels: string[] }[] {
  if (!header) return [];
  const links: { url: string; rels: string[] }[] = [];
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match) continue;
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^";\s]+))/i.exec(match[2] ?? '');
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ url: match[1] ?? '', rels });
  }
  return links;
}

/** `<url>; rel="next"` from an RFC 8288 Link header, or null. */
export function nextFromLinkHeader(header: string | null): string | null {
  return linksIn(header).find((l) => l.rels.includes('next'))?.url ?? null;
}

/** Relations that are about paging: a header with only these (no next) is a last page. */
const PAGING_RELS = ['next', 'prev', 'previous', 'first', 'last'];
const hasPagingLink = (header: string | null): boolean =>
  linksIn(header).some((l) => l.rels.some((r) => PAGING_RELS.includes(r)));

/** Body fields that say how a list pages; with any of them the body, not a Link header, decides. */
const BODY_PAGING_KEYS = [
  'next_cursor',
  'nextCursor',
  'cursor',
  'next',
  'offset',
  'skip',
  'start',
  'limit',
  'take',
  'page',
  'current_page',
  'currentPage',
  'page_number',
  'pageNumber',
  'next_page',
  'nextPage',
  'per_page',
  'perPage',
  'page_size',
  'pageSize',
  'total_pages',
  'totalPages',
  'page_count',
  'pages',
  'has_more',
  'hasMore',
  'has_next',
  'hasNext',
] as const;

/**
 * Where a body names its next page's URL, as `links.next` / `meta.next` / `next` (JSON:API,
 * DRF) or under its own name (Laravel's `next_page_url`, OData's `@odata.nextLink`, …). A field
 * that is there and null or empty says there is no next page.
 */
/** Fields that carry the next page's cursor (`cursor` alone may echo the current one). */
const CURSOR_KEYS = ['next_cursor', 'nextCursor', 'cursor'] as const;

const NEXT_URL_KEYS = [
  'next',
  'next_page_url',
  'nextPageUrl',
  'next_url',
  'nextUrl',
  'next_link',
  'nextLink',
  '@odata.nextLink',
] as const;

/** The asked URL with another page number (a server that pages by number but gave no link). */
const withPage = (requestUrl: string, page: number): string => {
  const url = new URL(requestUrl);
  const param = url.searchParams.has('page[number]') ? 'page[number]' : 'page';
  url.searchParams.set(param, String(page));
  return url.toString();
};

const nextUnknown = (): AppError =>
  new AppError({ kind: 'bad_response', code: 'list_next_unknown' });

const notSameOrigin = (): AppError =>
  new AppError({ kind: 'bad_response', code: 'list_other_origin' });

/** A next-page URL, resolved against the request's URL and held to the base URL's origin. */
export function sameOriginUrl(raw: string, requestUrl: string, baseOrigin: string): string {
  let url: URL;
  try {
    url = new URL(raw, requestUrl);
  } catch {
    throw notSameOrigin();
  }
  if (url.origin !== baseOrigin) throw notSameOrigin();
  return url.toString();
}

const looksLikeUrl = (s: string) => /^(https?:\/\/|\/|\?)/i.test(s);

/**
 * Whether a number the answer calls its total counts the list's entries. Foot traffic may put
 * the visitors' sum there instead (traffic-reader.ts `isVisitorTotal`): read as a count of
 * buckets, it promised pages that do not exist.
 */
export type TotalCounts = (total: number, items: readonly unknown[]) => boolean;

interface ReadOptions {
  /** Size of the answer as received, for caps across pages. */
  size?: number;
  totalCounts?: TotalCounts;
}

/**
 * Reads one list answer. `asked` is the request that produced it; `requestUrl` its URL (to
 * resolve relative next links); `baseOrigin` the only origin a next link may point to.
 */
export function readListAnswer(
  body: unknown,
  linkHeader: string | null,
  asked: PageRequest,
  requestUrl: string,
  baseOrigin: string,
  o: ReadOptions = {},
): ListAnswer {
  return {
    ...readPaging(body, linkHeader, asked, requestUrl, baseOrigin, o.totalCounts),
    raw: body,
    size: o.size ?? 0,
  };
}

// eslint-disable-next-line max-lines-per-function -- the paging styles in the order they are tried (the first that the answer shows wins): split, the order would be spread over files
function readPaging(
  body: unknown,
  linkHeader: string | null,
  asked: PageRequest,
  requestUrl: string,
  baseOrigin: string,
  totalCounts: TotalCounts = () => true,
): Omit<ListAnswer, 'raw' | 'size'> {
  const meta: Obj = isObj(body) && isObj(body['meta']) ? body['meta'] : {};
  const links: Obj = isObj(body) && isObj(body['links']) ? body['links'] : {};
  const top: Obj = isObj(body) ? body : {};
  const items = listItemsIn(body);
  if (items === null) throw new AppError(UNREADABLE);

  const pick = <K extends string>(...keys: K[]) => {
    for (const key of keys) {
      if (meta[key] !== undefined && meta[key] !== null) return meta[key];
      if (top[key] !== undefined && top[key] !== null) return top[key];
    }
    return undefined;
  };
  const present = <K extends string>(key: K) => key in meta || key in top;
  const said = num(pick('total_count', 'total', 'count', 'totalCount', 'total_items'));
  const totalCount = said !== null && totalCounts(said, items) ? said : null;
  const explicitPages = num(pick('total_pages', 'totalPages', 'page_count', 'pages', 'last_page'));
  const empty = items.length === 0;
  // `has_more: true` beside a page with no way to ask for the next one (a cursor, a link, a
  // number the app reads): refused in words rather than taken for the whole list.
  const saysMore = !empty && pick('has_more', 'hasMore', 'has_next', 'hasNext') === true;

  // 1. A Link header or a next URL in the body: the server says exactly where to go. A Link
  // header pages only with rel="next", or with prev/first/last (a last page) when the body says
  // nothing about paging; other links (preload, self, …) leave the body to decide.
  const linkNext = nextFromLinkHeader(linkHeader);
  const urlFields = [
    ['links', links, 'next'] as const,
    ...NEXT_URL_KEYS.flatMap((key) => [['meta', meta, key] as const, ['top', top, key] as const]),
  ].filter(([, where, key]) => key in where);
  const bodyNext = urlFields.map(([, where, key]) => str(where[key])).find((v) => v !== null);
  const bodyNextUrl = bodyNext !== undefined && looksLikeUrl(bodyNext) ? bodyNext : null;
  const bodyPages = urlFields.length > 0 || BODY_PAGING_KEYS.some((k) => k in meta || k in top);
  const byHeader = linkNext !== null || (hasPagingLink(linkHeader) && !bodyPages);
  const nextUrl = linkNext ?? bodyNextUrl;
  if (byHeader || bodyNextUrl !== null) {
    return {
      items,
      style: byHeader ? 'link-header' : 'next-url',
      next:
        nextUrl === null || empty
          ? null
          : { style: 'url', url: sameOriginUrl(nextUrl, requestUrl, baseOrigin) },
      totalCount,
      totalPages: explicitPages,
      rest: null,
    };
  }
  // A next-page link field that is there but empty (`"next": null`, DRF's last page) ends the
  // list, unless a cursor field beside it decides. Never guessed on from the numbers around
  // it: a short last page is no measure of the page size (the list would be asked again by
  // page numbers the server never used, and a page repeated).
  const hasCursorField = CURSOR_KEYS.some(present);
  const nextNumber = num(pick('next_page', 'nextPage')) ?? num(pick('next'));
  const emptyLink = urlFields.some(([, where, key]) => where[key] === null || where[key] === '');
  if (emptyLink && !hasCursorField && nextNumber === null) {
    return {
      items,
      style: 'next-url',
      next: null,
      totalCount,
      totalPages: explicitPages,
      rest: null,
    };
  }

  // 2. A cursor.
  const cursorKey = (['next_cursor', 'nextCursor', 'cursor', 'next'] as const).find(
    (k) => str(meta[k]) !== null || str(top[k]) !== null,
  );
  if (cursorKey !== undefined || (hasCursorField && !('page' in meta) && !('offset' in meta))) {
    // A next-cursor field decides even when null (the last page); `cursor` alone is read as the
    // next one only without such a field: many servers echo the current cursor beside it.
    const nextKeys = (['next_cursor', 'nextCursor', 'next'] as const).filter(
      (k) => k in meta || k in top,
    );
    const from = nextKeys.length > 0 ? nextKeys : (['cursor'] as const);
    const cursor = from.map((k) => str(meta[k]) ?? str(top[k])).find((c) => c !== null) ?? null;
    return {
      items,
      style: 'cursor',
      next: cursor === null || empty ? null : { style: 'cursor', cursor, param: 'cursor' },
      totalCount,
      totalPages: explicitPages,
      rest: null,
    };
  }

  // 3. offset/limit with a total.
  const offset = num(pick('offset', 'skip', 'start'));
  const limit = num(pick('limit', 'take', 'page_size'));
  if (offset !== null) {
    const size = limit ?? (asked.style === 'offset' ? asked.limit : items.length);
    const nextOffset = offset + items.length;
    const more = !empty && (totalCount !== null ? nextOffset < totalCount : items.length >= size);
    const rest: PageRequest[] = [];
    if (offset === 0 && totalCount !== null && size > 0) {
      for (let o = items.length; o < totalCount; o += size)
        rest.push({ style: 'offset', offset: o, limit: size });
    }
    return {
      items,
      style: 'offset',
      next: more ? { style: 'offset', offset: nextOffset, limit: size } : null,
      totalCount,
      totalPages: totalCount === null || size === 0 ? null : Math.ceil(totalCount / size),
      rest: offset === 0 && totalCount !== null ? rest : null,
    };
  }

  // 4. Page numbers. The page size is the server's when it says it; else the asked one, or a
  // first page's length when it is shorter than asked and than the total (a silent cap).
  const page = num(pick('page', 'current_page', 'currentPage', 'page_number', 'pageNumber'));
  const byPage = asked.style === 'page';
  const servedPerPage = num(pick('per_page', 'perPage', 'page_size', 'pageSize'));
  if (
    page !== null ||
    explicitPages !== null ||
    nextNumber !== null ||
    Object.keys(meta).length > 0
  ) {
    // The page this is: as the answer says, else as asked. Asked by a URL or a cursor and not
    // said, it is unknown, and no page number is made up for the next one.
    const current = page ?? (byPage ? asked.page : null);
    const silentCap =
      current === 1 &&
      byPage &&
      totalCount !== null &&
      items.length > 0 &&
      items.length < asked.perPage &&
      items.length < totalCount;
    const perPage = servedPerPage ?? (silentCap ? items.length : byPage ? asked.perPage : null);
    const totalPages =
      explicitPages ??
      (totalCount === null || perPage === null || perPage === 0
        ? null
        : Math.ceil(totalCount / perPage));
    const nextPageSaid = present('next_page') || present('nextPage');
    const more =
      !empty &&
      current !== null &&
      (nextNumber !== null ||
        (!nextPageSaid &&
          (totalPages !== null
            ? current < totalPages
            : perPage !== null && servedPerPage !== null
              ? items.length >= perPage
              : // Numbered pages, no size and no total: a short page may be the server's own
                // size, so the next one is asked; an empty one ends the list. More than was
                // asked, with nothing said of pages: the server does not page by our size at
                // all (a foot-traffic series in one answer), and that answer is the whole.
                !(byPage && items.length > asked.perPage) &&
                (page !== null || items.length >= (perPage ?? Infinity)))));
    const toPage = (n: number): PageRequest =>
      byPage
        ? { style: 'page', page: n, perPage: perPage ?? asked.perPage }
        : { style: 'url', url: sameOriginUrl(withPage(requestUrl, n), requestUrl, baseOrigin) };
    const rest: PageRequest[] | null =
      byPage && current === 1 && totalPages !== null
        ? Array.from({ length: Math.max(0, totalPages - 1) }, (_, i) => toPage(i + 2))
        : null;
    if (!more && saysMore) throw nextUnknown();
    return {
      items,
      style: 'page',
      next: more && current !== null ? toPage(nextNumber ?? current + 1) : null,
      totalCount,
      totalPages,
      rest,
    };
  }

  if (saysMore) throw nextUnknown();

  // 5. No paging information at all: the answer is the whole list.
  return {
    items,
    style: 'none',
    next: null,
    totalCount: totalCount ?? items.length,
    totalPages: 1,
    rest: [],
  };
}
