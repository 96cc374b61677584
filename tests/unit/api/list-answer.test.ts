/**
 * The tolerant list reader (electron/core/api/list-answer.ts): every paging style a real API
 * may use is recognised from the answer itself, with how to ask for the next page (`next`) and,
 * where they can be worked out from a first page, every remaining request (`rest`). Next-page
 * URLs are resolved against the request's URL and held to the base URL's origin.
 */
import { describe, expect, it } from 'vitest';
import {
  nextFromLinkHeader,
  queryFor,
  readListAnswer,
  sameOriginUrl,
  type PageRequest,
} from '../../../electron/core/api/list-answer';
import { AppError } from '../../../electron/core/app-error';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const ORIGIN = 'https://api.example.com';
const FIRST: PageRequest = { style: 'page', page: 1, perPage: 500 };
const FIRST_URL = `${ORIGIN}/v1/devices?page=1&per_page=500`;
const items = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

const read = (body: unknown, o: { link?: string | null; asked?: PageRequest; url?: string } = {}) =>
  readListAnswer(body, o.link ?? null, o.asked ?? FIRST, o.url ?? FIRST_URL, ORIGIN);

const thrown = (run: () => unknown): AppError => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
};

const page = (n: number, perPage: number): PageRequest => ({ style: 'page', page: n, perPage });
const offset = (o: number, limit: number): PageRequest => ({ style: 'offset', offset: o, limit });

describe('page/per_page with totals', () => {
  it('the default {data, meta}: next page, and every remaining page from page 1', () => {
    const meta = { page: 1, per_page: 2, total_count: 5, total_pages: 3 };
    const answer = read({ data: items(2), meta });
    expect(answer).toMatchObject({
      style: 'page',
      totalCount: 5,
      totalPages: 3,
      next: page(2, 2),
      rest: [page(2, 2), page(3, 2)],
    });
    expect(answer.items).toEqual(items(2));
    expect(answer.raw).toEqual({ data: items(2), meta });
    // A later page names only its next; the last names none.
    const second = read({ data: items(2, 2), meta: { ...meta, page: 2 } }, { asked: page(2, 2) });
    expect(second).toMatchObject({ next: page(3, 2), rest: null });
    const last = read({ data: items(1, 4), meta: { ...meta, page: 3 } }, { asked: page(3, 2) });
    expect(last.next).toBeNull();
  });

  it('total_count only: pages worked out from it and the page size (the server’s, else the asked)', () => {
    expect(read({ data: items(500), meta: { total_count: 1001 } })).toMatchObject({
      style: 'page',
      totalPages: 3,
      totalCount: 1001,
      next: page(2, 500),
      rest: [page(2, 500), page(3, 500)],
    });
    const served = { per_page: 100, total_count: 1001 };
    expect(read({ data: items(100), meta: served })).toMatchObject({
      totalPages: 11,
      next: page(2, 100),
    });
    expect(read({ data: items(1), meta: served }, { asked: page(11, 100) }).next).toBeNull();
    expect(
      read({ data: items(500), meta: { total_count: 1000 } }, { asked: page(2, 500) }).next,
    ).toBeNull();
  });

  it('a first page shorter than asked and than the total: the server’s silent page size', () => {
    // Asked for 500, got 100 of 250 and no per_page: the server pages by 100.
    expect(read({ data: items(100), meta: { total_count: 250 } })).toMatchObject({
      totalPages: 3,
      next: page(2, 100),
      rest: [page(2, 100), page(3, 100)],
    });
  });

  it('per_page only: a full page may have more, a short one ends the list', () => {
    expect(
      read({ data: items(100), meta: { per_page: 100 } }, { asked: page(4, 500) }),
    ).toMatchObject({ style: 'page', totalPages: null, totalCount: null, next: page(5, 100) });
    expect(
      read({ data: items(99), meta: { per_page: 100 } }, { asked: page(4, 500) }).next,
    ).toBeNull();
  });

  it('flat fields and other spellings (current_page, totalPages, items/results/records)', () => {
    expect(
      read({ items: items(2), current_page: 1, perPage: 2, totalPages: 2, totalCount: 4 }),
    ).toMatchObject({ style: 'page', totalCount: 4, totalPages: 2, next: page(2, 2) });
    expect(read({ results: items(2), meta: { page: 1, per_page: 2, total: 2 } })).toMatchObject({
      totalPages: 1,
      next: null,
      rest: [],
    });
  });

  it('an empty page never promises more, whatever the totals say', () => {
    expect(read({ data: [], meta: { total_pages: 9 } }, { asked: page(2, 500) }).next).toBeNull();
    expect(read({ data: [], meta: { per_page: 100 } }).next).toBeNull();
    expect(
      read({ data: [], meta: { page: 1, per_page: 500, total_count: 0, total_pages: 0 } }),
    ).toMatchObject({ totalPages: 0, totalCount: 0, next: null, rest: [] });
  });
});

describe('offset/limit with a total', () => {
  it('{items, offset, limit, total}: next offset, and every remaining offset from the first', () => {
    const answer = read({ items: items(100), offset: 0, limit: 100, total: 250 });
    expect(answer).toMatchObject({
      style: 'offset',
      totalCount: 250,
      totalPages: 3,
      next: offset(100, 100),
      rest: [offset(100, 100), offset(200, 100)],
    });
    const later = read(
      { items: items(100, 100), offset: 100, limit: 100, total: 250 },
      { asked: offset(100, 100) },
    );
    expect(later).toMatchObject({ next: offset(200, 100), rest: null });
    const last = read(
      { items: items(50, 200), offset: 200, limit: 100, total: 250 },
      { asked: offset(200, 100) },
    );
    expect(last.next).toBeNull();
  });

  it('in meta, and spelled skip/take/total_items', () => {
    expect(read({ data: items(2), meta: { offset: 0, limit: 2, total: 3 } })).toMatchObject({
      style: 'offset',
      next: offset(2, 2),
      rest: [offset(2, 2)],
    });
    expect(read({ entries: items(2), skip: 0, take: 2, total_items: 3 })).toMatchObject({
      style: 'offset',
      totalCount: 3,
      next: offset(2, 2),
    });
  });

  it('without a total: a full page may have more, a short one is the last', () => {
    const full = read({ items: items(10), offset: 20, limit: 10 }, { asked: offset(20, 10) });
    expect(full).toMatchObject({
      style: 'offset',
      totalCount: null,
      next: offset(30, 10),
      rest: null,
    });
    expect(
      read({ items: items(3), offset: 30, limit: 10 }, { asked: offset(30, 10) }).next,
    ).toBeNull();
  });
});

describe('cursors', () => {
  it('meta.next_cursor (the cursor-meta dialect); null on the last page', () => {
    expect(read({ data: items(2), meta: { next_cursor: 'abc' } })).toMatchObject({
      style: 'cursor',
      next: { style: 'cursor', cursor: 'abc', param: 'cursor' },
      rest: null,
      totalCount: null,
    });
    expect(read({ data: items(2), meta: { next_cursor: null } })).toMatchObject({
      style: 'cursor',
      next: null,
    });
  });

  it('a server that echoes its current cursor: next_cursor / nextCursor / next decide, even when null', () => {
    for (const key of ['next_cursor', 'nextCursor', 'next']) {
      expect(read({ data: items(2), meta: { cursor: 'c2', [key]: null } }), key).toMatchObject({
        style: 'cursor',
        next: null,
      });
      expect(read({ data: items(2), meta: { cursor: 'c2', [key]: 'c3' } }), key).toMatchObject({
        style: 'cursor',
        next: { style: 'cursor', cursor: 'c3' },
      });
    }
    expect(read({ data: items(2), cursor: 'c2', next_cursor: null })).toMatchObject({ next: null });
  });

  it('cursor / nextCursor / a `next` token in the body', () => {
    for (const body of [
      { data: items(2), cursor: 'tok' },
      { data: items(2), nextCursor: 'tok' },
      { data: items(2), next: 'tok' },
      { items: items(2), meta: { next: 'tok' } },
    ]) {
      expect(read(body).next, JSON.stringify(body)).toEqual({
        style: 'cursor',
        cursor: 'tok',
        param: 'cursor',
      });
    }
  });

  it('an empty page ends the list even with a cursor', () => {
    expect(read({ data: [], meta: { next_cursor: 'abc' } }).next).toBeNull();
  });
});

describe('next-page URLs in the body', () => {
  it('links.next (absolute, same origin) is followed as given', () => {
    const url = `${ORIGIN}/v1/devices?cursor=x&limit=100`;
    expect(read({ results: items(2), links: { next: url } })).toMatchObject({
      style: 'next-url',
      next: { style: 'url', url },
      rest: null,
    });
  });

  it('meta.next as a URL; a relative one resolves against the request’s URL', () => {
    expect(read({ data: items(2), meta: { next: '/v1/devices?cursor=2' } }).next).toEqual({
      style: 'url',
      url: `${ORIGIN}/v1/devices?cursor=2`,
    });
    expect(read({ data: items(2), links: { next: '?cursor=3' } }).next).toEqual({
      style: 'url',
      url: `${ORIGIN}/v1/devices?cursor=3`,
    });
  });

  it('a next URL on another origin (host, scheme or port) is refused', () => {
    for (const next of [
      'https://evil.example/v1/devices?cursor=2',
      'http://api.example.com/v1/devices?cursor=2',
      'https://api.example.com:8443/v1/devices?cursor=2',
      '//evil.example/v1/devices',
    ]) {
      const error = thrown(() => read({ data: items(2), links: { next } }));
      expect(error.kind, next).toBe('bad_response');
      expect(errorWords(error).message).toBe(
        'The server pointed the next page of a list to another address.',
      );
    }
  });

  it('links.next null on the last page: no next', () => {
    expect(read({ results: items(2), links: { next: null } }).next).toBeNull();
  });
});

describe('RFC 8288 Link header', () => {
  it('rel="next" among others, on a bare array', () => {
    const link = `<${ORIGIN}/v1/devices?cursor=x>; rel="next", <${ORIGIN}/v1/devices>; rel="first"`;
    expect(read(items(2), { link })).toMatchObject({
      style: 'link-header',
      next: { style: 'url', url: `${ORIGIN}/v1/devices?cursor=x` },
      rest: null,
    });
  });

  it('only rel="prev" (the last page): no next', () => {
    expect(read(items(2), { link: `<${ORIGIN}/v1/devices>; rel="prev"` })).toMatchObject({
      style: 'link-header',
      next: null,
    });
  });

  it('a relative Link target resolves; another origin is refused', () => {
    expect(read(items(2), { link: '</v1/devices?page=2>; rel="next"' }).next).toEqual({
      style: 'url',
      url: `${ORIGIN}/v1/devices?page=2`,
    });
    expect(
      thrown(() => read(items(2), { link: '<https://evil.example/x>; rel="next"' })).kind,
    ).toBe('bad_response');
  });

  it('a Link header without paging relations (preload, self) leaves the body to decide', () => {
    for (const link of [`<${ORIGIN}/app.js>; rel="preload"`, `<${ORIGIN}/v1/devices>; rel=self`]) {
      expect(read({ data: items(2), meta: { next_cursor: 'c2' } }, { link })).toMatchObject({
        style: 'cursor',
        next: { style: 'cursor', cursor: 'c2', param: 'cursor' },
      });
      expect(read({ data: items(2), meta: { page: 1, total_pages: 2 } }, { link })).toMatchObject({
        style: 'page',
        next: { style: 'page', page: 2 },
      });
      expect(read(items(2), { link })).toMatchObject({ style: 'none', next: null });
    }
  });

  it('a body next URL beside a header without rel="next" is the next-url style', () => {
    const link = `<${ORIGIN}/v1/devices>; rel="self"`;
    expect(read({ results: items(2), links: { next: '/v1/devices?c=2' } }, { link })).toMatchObject(
      { style: 'next-url', next: { style: 'url', url: `${ORIGIN}/v1/devices?c=2` } },
    );
  });

  it('rel="prev" with paging fields in the body: the body decides', () => {
    const link = `<${ORIGIN}/v1/devices?c=1>; rel="prev"`;
    expect(read({ data: items(2), meta: { next_cursor: 'c3' } }, { link })).toMatchObject({
      style: 'cursor',
      next: { style: 'cursor', cursor: 'c3' },
    });
  });

  it('nextFromLinkHeader: rel lists, unquoted rel, commas inside URLs', () => {
    expect(nextFromLinkHeader('<https://a/x?p=2>; rel="next"')).toBe('https://a/x?p=2');
    expect(nextFromLinkHeader('<https://a/x?p=2>; rel=next')).toBe('https://a/x?p=2');
    expect(nextFromLinkHeader('<https://a/x?p=2>; rel="last next"')).toBe('https://a/x?p=2');
    expect(nextFromLinkHeader('<https://a/x?ids=1,2>; rel="next"')).toBe('https://a/x?ids=1,2');
    expect(nextFromLinkHeader('<https://a/x?p=1>; rel="prev"')).toBeNull();
    expect(nextFromLinkHeader('<https://a/x?p=1>; rel="nextish"')).toBeNull();
    expect(nextFromLinkHeader(null)).toBeNull();
  });
});

describe('no paging at all, and answers that are no list', () => {
  it('a bare array or {data} alone is the whole list', () => {
    for (const body of [items(700), { data: items(700) }, { records: items(700) }]) {
      expect(read(body)).toMatchObject({
        style: 'none',
        next: null,
        rest: [],
        totalCount: 700,
        totalPages: 1,
      });
    }
  });

  it('an answer with no array of items is unreadable', () => {
    for (const body of [{ nope: 1 }, 'text', null, 42, { data: { id: 1 } }]) {
      const error = thrown(() => read(body));
      expect(error.kind).toBe('bad_response');
      expect(errorWords(error).message).toMatch(/could not be understood/);
    }
  });
});

describe('requests and URLs', () => {
  it('queryFor: each style’s parameters', () => {
    expect(queryFor(page(2, 100))).toEqual({ page: '2', per_page: '100' });
    expect(queryFor(offset(200, 100))).toEqual({ offset: '200', limit: '100' });
    expect(queryFor({ style: 'cursor', cursor: 'abc', param: 'cursor' })).toEqual({
      cursor: 'abc',
    });
    expect(queryFor({ style: 'url', url: `${ORIGIN}/v1/devices?c=1` })).toEqual({});
  });

  it('sameOriginUrl resolves against the request and refuses other origins and garbage', () => {
    expect(sameOriginUrl('devices?c=2', `${ORIGIN}/v1/x`, ORIGIN)).toBe(`${ORIGIN}/v1/devices?c=2`);
    expect(thrown(() => sameOriginUrl('https://evil.example/', FIRST_URL, ORIGIN)).kind).toBe(
      'bad_response',
    );
    expect(thrown(() => sameOriginUrl('http://[::1', FIRST_URL, ORIGIN)).kind).toBe('bad_response');
  });
});

describe('answers that say where the list ends (decision record 69)', () => {
  const url = (q: string) => `${ORIGIN}/v1/locations/x/devices?${q}`;
  const byUrl = (q: string): PageRequest => ({ style: 'url', url: url(q) });

  it('an empty next link ends the list, whatever numbers stand beside it (DRF’s short last page)', () => {
    // Page 3 of 55, reached by the server's own next URL: 15 items, next null.
    const last = read(
      { data: items(15, 40), meta: { count: 55, next: null, previous: url('page=2') } },
      { asked: byUrl('page=3'), url: url('page=3') },
    );
    expect(last).toMatchObject({ next: null, totalCount: 55 });
    // Flat, and in every spelling of a next link.
    for (const key of ['next', 'next_page_url', 'nextPageUrl', 'next_link', '@odata.nextLink'])
      expect(read({ results: items(3), count: 3, [key]: null }).next, key).toBeNull();
  });

  it('next links under other common names are followed', () => {
    for (const key of ['next_page_url', 'nextPageUrl', 'next_url', 'nextLink', '@odata.nextLink'])
      expect(read({ data: items(2), [key]: url('page=2') }).next, key).toEqual({
        style: 'url',
        url: url('page=2'),
      });
  });

  it('reached by a URL, a page number goes on by that URL: never a page size guessed from it', () => {
    const second = read(
      { data: items(15, 20), meta: { page: 2, total_pages: 3 } },
      { asked: byUrl('page=2&filter=a'), url: url('page=2&filter=a') },
    );
    expect(second.next).toEqual({ style: 'url', url: url('page=3&filter=a') });
    // Without a page number there is nothing to go on by: the end (a total left unmet is said
    // by the walk, list-walk.ts).
    expect(
      read({ data: items(15), meta: { count: 55 } }, { asked: byUrl('p=2'), url: url('p=2') }).next,
    ).toBeNull();
  });

  it('a next page number (next_page, a numeric next) is asked for; null ends the list', () => {
    expect(read({ data: items(2), meta: { current_page: 1, next_page: 2 } }).next).toEqual(
      page(2, 500),
    );
    expect(read({ data: items(2), meta: { page: 1, next: 2 } }).next).toEqual(page(2, 500));
    expect(
      read({ data: items(2), meta: { current_page: 3, next_page: null } }, { asked: page(3, 500) })
        .next,
    ).toBeNull();
  });

  it('numbered pages with no size and no total: a short page may be the server’s size, so the next is asked', () => {
    expect(read({ data: items(20), meta: { page: 1 } }).next).toEqual(page(2, 500));
    expect(read({ data: [], meta: { page: 4 } }, { asked: page(4, 500) }).next).toBeNull();
    // No page number of its own (a list with other facts in meta): nothing is probed.
    expect(read({ data: items(20), meta: { user: { id: 'u1' } } }).next).toBeNull();
  });

  it('has_more with no way to ask for the rest is refused in words; has_more false ends it', () => {
    for (const body of [
      { data: items(2), has_more: true },
      { data: items(2), meta: { hasMore: true } },
    ]) {
      const error = thrown(() => read(body));
      expect(error.code).toBe('list_next_unknown');
      expect(errorWords(error).message).toMatch(/more pages but not how to ask for them/);
    }
    expect(read({ data: items(2), has_more: false }).next).toBeNull();
    expect(read({ data: items(2), meta: { has_more: true, next_cursor: 'c2' } }).next).toEqual({
      style: 'cursor',
      cursor: 'c2',
      param: 'cursor',
    });
  });

  it('a total that does not count the entries (totalCounts) is not taken for one', () => {
    const visitors = readListAnswer(
      { data: items(24), meta: { total: 312 } },
      null,
      FIRST,
      FIRST_URL,
      ORIGIN,
      { totalCounts: (total) => total !== 312 },
    );
    expect(visitors).toMatchObject({ totalCount: null, next: null });
  });
});

describe('more than was asked, with nothing said of pages', () => {
  it('is the whole list (a series answered in one): no next page is asked', () => {
    const series = { data: items(720), meta: { serial_number: 'X', granularity: 'minute' } };
    expect(read(series).next).toBeNull();
    expect(read({ data: items(720), meta: { page: 1 } }).next).toBeNull();
    // As many as asked may be a full page: the next one is asked.
    expect(read({ data: items(500), meta: { page: 1 } }).next).toEqual(page(2, 500));
  });
});
