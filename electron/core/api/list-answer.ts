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
import type { PagingStyle } from './wire';

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

const ITEM_KEYS = ['data', 'items', 'results', 'records', 'entries'] as const;

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
  'page_number',
  'per_page',
  'perPage',
  'page_size',
  'total_pages',
  'totalPages',
  'page_count',
  'pages',
] as const;

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
 * Reads one list answer. `asked` is the request that produced it; `requestUrl` its URL (to
 * resolve relative next links); `baseOrigin` the only origin a next link may point to.
 */
export function readListAnswer(
  body: unknown,
  linkHeader: string | null,
  asked: PageRequest,
  requestUrl: string,
  baseOrigin: string,
  size = 0,
): ListAnswer {
  return { ...readPaging(body, linkHeader, asked, requestUrl, baseOrigin), raw: body, size };
}

function readPaging(
  body: unknown,
  linkHeader: string | null,
  asked: PageRequest,
  requestUrl: string,
  baseOrigin: string,
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
  const totalCount = num(pick('total_count', 'total', 'count', 'totalCount', 'total_items'));
  const explicitPages = num(pick('total_pages', 'totalPages', 'page_count', 'pages'));
  const empty = items.length === 0;

  // 1. A Link header or a next URL in the body: the server says exactly where to go. A Link
  // header pages only with rel="next", or with prev/first/last (a last page) when the body says
  // nothing about paging; other links (preload, self, …) leave the body to decide.
  const linkNext = nextFromLinkHeader(linkHeader);
  const bodyNext = str(links['next']) ?? str(meta['next']) ?? str(top['next']);
  const bodyNextUrl = bodyNext !== null && looksLikeUrl(bodyNext) ? bodyNext : null;
  const bodyPages = 'next' in links || BODY_PAGING_KEYS.some((k) => k in meta || k in top);
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

  // 2. A cursor.
  const cursorKey = (['next_cursor', 'nextCursor', 'cursor', 'next'] as const).find(
    (k) => str(meta[k]) !== null || str(top[k]) !== null,
  );
  const hasCursorField = (['next_cursor', 'nextCursor', 'cursor'] as const).some(
    (k) => k in meta || k in top,
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

  // 4. page/per_page.
  const page = num(pick('page', 'current_page', 'page_number'));
  const askedPerPage = asked.style === 'page' ? asked.perPage : items.length;
  // A server that serves fewer than asked without saying so (a silent cap): a first page
  // shorter than the list's total shows the real page size.
  const silentCap =
    (page ?? (asked.style === 'page' ? asked.page : 1)) === 1 &&
    totalCount !== null &&
    items.length > 0 &&
    items.length < askedPerPage &&
    items.length < totalCount;
  const perPage =
    num(pick('per_page', 'perPage', 'page_size')) ?? (silentCap ? items.length : askedPerPage);
  if (page !== null || explicitPages !== null || Object.keys(meta).length > 0) {
    const current = page ?? (asked.style === 'page' ? asked.page : 1);
    const totalPages =
      explicitPages ??
      (totalCount === null || perPage === 0 ? null : Math.ceil(totalCount / perPage));
    const more = !empty && (totalPages !== null ? current < totalPages : items.length >= perPage);
    const rest: PageRequest[] | null =
      current === 1 && totalPages !== null
        ? Array.from({ length: Math.max(0, totalPages - 1) }, (_, i) => ({
            style: 'page' as const,
            page: i + 2,
            perPage,
          }))
        : null;
    return {
      items,
      style: 'page',
      next: more ? { style: 'page', page: current + 1, perPage } : null,
      totalCount,
      totalPages,
      rest,
    };
  }

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
