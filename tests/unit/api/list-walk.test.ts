/**
 * Walking a list to its end (electron/core/api/list-walk.ts) over answers read by the real
 * list reader: every style is followed to its end, items come once each, and a server that
 * repeats a page, sends fewer items than its own total or never ends is refused with a clear
 * error — never a silently short or duplicated list.
 */
import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../helpers/app-error-of';
import {
  readListAnswer,
  type ListAnswer,
  type PageRequest,
} from '../../../electron/core/api/list-answer';
import { PageSignatures, itemKey, walkAll } from '../../../electron/core/api/list-walk';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const ORIGIN = 'https://api.example.com';
const FIRST: PageRequest = { style: 'page', page: 1, perPage: 500 };
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `d${from + i}` }));

/** A server: answers a request with a body (and Link header); the reader reads it. */
const serve = (answer: (request: PageRequest) => { body: unknown; link?: string }) => {
  const asked: (PageRequest | null)[] = [];
  const fetchPage = async (request: PageRequest | null) => {
    asked.push(request);
    const r = request ?? FIRST;
    const { body, link } = answer(r);
    const url = r.style === 'url' ? r.url : `${ORIGIN}/v1/devices`;
    return readListAnswer(body, link ?? null, r, url, ORIGIN) as ListAnswer & {
      items: { id: string }[];
    };
  };
  return { fetchPage, asked };
};

/** `total` items served `size` at a time, in the style the test picks. */
const slice = (total: number, start: number, size: number) =>
  ids(Math.max(0, Math.min(size, total - start)), start);

describe('walkAll follows every style to the end', () => {
  it('page style: total_pages', async () => {
    const { fetchPage, asked } = serve((r) => {
      const p = r.style === 'page' ? r.page : 1;
      return {
        body: {
          data: slice(1234, (p - 1) * 500, 500),
          meta: { page: p, per_page: 500, total_count: 1234, total_pages: 3 },
        },
      };
    });
    const { items, first } = await walkAll(fetchPage, 10);
    expect(items).toHaveLength(1234);
    expect(items.at(-1)).toEqual({ id: 'd1233' });
    expect(first.style).toBe('page');
    expect(asked.map((r) => (r?.style === 'page' ? r.page : r))).toEqual([null, 2, 3]);
  });

  it('page style with only per_page: a short page ends it; an empty page ends it too', async () => {
    const { fetchPage, asked } = serve((r) => {
      const p = r.style === 'page' ? r.page : 1;
      return { body: { data: slice(1000, (p - 1) * 500, 500), meta: { per_page: 500 } } };
    });
    expect((await walkAll(fetchPage, 10)).items).toHaveLength(1000);
    // 500, 500, then an empty page ends it.
    expect(asked).toHaveLength(3);
  });

  it('offset style with a total', async () => {
    const { fetchPage } = serve((r) => {
      const o = r.style === 'offset' ? r.offset : 0;
      return { body: { items: slice(250, o, 100), offset: o, limit: 100, total: 250 } };
    });
    const { items, first } = await walkAll(fetchPage, 10);
    expect(items.map((d) => d.id)).toEqual(ids(250).map((d) => d.id));
    expect(first).toMatchObject({ style: 'offset', totalCount: 250 });
  });

  it('cursor in meta', async () => {
    const { fetchPage } = serve((r) => {
      const o = r.style === 'cursor' ? Number(r.cursor) : 0;
      const more = o + 100 < 230;
      return {
        body: { data: slice(230, o, 100), meta: { next_cursor: more ? String(o + 100) : null } },
      };
    });
    expect((await walkAll(fetchPage, 10)).items).toHaveLength(230);
  });

  it('next URL in the body and Link header', async () => {
    const at = (r: PageRequest) =>
      r.style === 'url' ? Number(new URL(r.url).searchParams.get('at')) : 0;
    const body = serve((r) => {
      const o = at(r);
      return {
        body: {
          results: slice(30, o, 10),
          links: { next: o + 10 < 30 ? `/v1/devices?at=${o + 10}` : null },
        },
      };
    });
    expect((await walkAll(body.fetchPage, 10)).items).toHaveLength(30);
    const header = serve((r) => {
      const o = at(r);
      return {
        body: slice(30, o, 10),
        ...(o + 10 < 30 ? { link: `<${ORIGIN}/v1/devices?at=${o + 10}>; rel="next"` } : {}),
      };
    });
    expect((await walkAll(header.fetchPage, 10)).items).toHaveLength(30);
    expect(header.asked).toHaveLength(3);
  });

  it('a Link header that is not about paging (preload, self) leaves the cursor in the body to decide', async () => {
    for (const link of [
      `<${ORIGIN}/static/app.css>; rel="preload"; as="style"`,
      `<${ORIGIN}/v1/devices>; rel="self"`,
    ]) {
      const { fetchPage, asked } = serve((r) => {
        const o = r.style === 'cursor' ? Number(r.cursor) : 0;
        const more = o + 100 < 230;
        return {
          body: { data: slice(230, o, 100), meta: { next_cursor: more ? String(o + 100) : null } },
          link,
        };
      });
      const { items, first } = await walkAll(fetchPage, 10);
      expect(items, link).toHaveLength(230);
      expect(first.style, link).toBe('cursor');
      expect(asked, link).toHaveLength(3);
    }
  });

  it('a server that echoes its current cursor beside next_cursor ends on the last page', async () => {
    const { fetchPage, asked } = serve((r) => {
      const o = r.style === 'cursor' ? Number(r.cursor) : 0;
      const more = o + 100 < 230;
      return {
        body: {
          data: slice(230, o, 100),
          meta: { cursor: String(o), next_cursor: more ? String(o + 100) : null },
        },
      };
    });
    expect((await walkAll(fetchPage, 10)).items).toHaveLength(230);
    expect(asked).toHaveLength(3);
  });

  it('no paging: one request', async () => {
    const { fetchPage, asked } = serve(() => ({ body: { data: ids(700) } }));
    expect((await walkAll(fetchPage, 10)).items).toHaveLength(700);
    expect(asked).toEqual([null]);
  });
});

describe('walkAll never returns a duplicated or silently short list', () => {
  it('a total that grows between pages is held to its latest value (the list came short)', async () => {
    const { fetchPage } = serve((r) =>
      r.style === 'cursor'
        ? { body: { data: ids(2, 2), meta: { next_cursor: null, total: 5 } } }
        : { body: { data: ids(2), meta: { next_cursor: 'c2', total: 4 } } },
    );
    const error = await appErrorOf(walkAll(fetchPage, 10));
    expect(error.code).toBe('list_short');
    expect(error.params).toEqual({ promised: 5, listed: 4 });
  });

  it('a total that shrinks between pages, with every item listed, is complete', async () => {
    const { fetchPage } = serve((r) =>
      r.style === 'cursor'
        ? { body: { data: ids(2, 2), meta: { next_cursor: null, total: 4 } } }
        : { body: { data: ids(2), meta: { next_cursor: 'c2', total: 5 } } },
    );
    expect((await walkAll(fetchPage, 10)).items).toHaveLength(4);
  });

  it('a server that ignores the cursor (page 1 again) ends in the repeated-page error', async () => {
    const { fetchPage, asked } = serve(() => ({
      body: { data: ids(100), meta: { next_cursor: 'c2' } },
    }));
    const error = await appErrorOf(walkAll(fetchPage, 50));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toBe(
      'The server sent the same page of a list twice, so the list could not be read completely.',
    );
    expect(asked).toHaveLength(2);
  });

  it('a server that ignores `page` (page 1 again) ends in the same error', async () => {
    const { fetchPage } = serve(() => ({
      body: { data: ids(100), meta: { page: 1, per_page: 100, total_count: 300 } },
    }));
    expect(errorWords(await appErrorOf(walkAll(fetchPage, 50))).message).toMatch(
      /same page of a list twice/,
    );
  });

  it('a server that hands out the same next request twice ends in the same error', async () => {
    let n = 0;
    const { fetchPage } = serve(() => {
      n += 1;
      // Different items each time, but always "next: c2".
      return { body: { data: ids(2, n * 10), meta: { next_cursor: 'c2' } } };
    });
    expect(errorWords(await appErrorOf(walkAll(fetchPage, 50))).message).toMatch(
      /same page of a list twice/,
    );
  });

  it('a list shorter than its declared total is refused', async () => {
    const { fetchPage } = serve((r) => {
      const o = r.style === 'offset' ? r.offset : 0;
      // Says 10, has 8.
      return { body: { items: slice(8, o, 4), offset: o, limit: 4, total: 10 } };
    });
    const error = await appErrorOf(walkAll(fetchPage, 50));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toBe('The server said the list has 10 entries but sent 8.');
  });

  it('items are de-duplicated by id (an item that moved across a page boundary comes once)', async () => {
    const { fetchPage } = serve((r) => {
      const second = r.style === 'cursor';
      return {
        body: second
          ? { data: [{ id: 'd2' }, { id: 'd3' }, { id: 'd4' }], meta: { next_cursor: null } }
          : { data: ids(3), meta: { next_cursor: 'c2' } },
      };
    });
    const { items } = await walkAll(fetchPage, 10);
    expect(items.map((d) => d.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
  });

  it('refuses, after the first page, a list that declares more pages than allowed', async () => {
    const { fetchPage, asked } = serve(() => ({
      body: { data: ids(500), meta: { total_pages: 10, per_page: 500 } },
    }));
    const error = await appErrorOf(walkAll(fetchPage, 3));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/more than 3 pages/);
    expect(asked).toHaveLength(1);
  });

  it('refuses a list that never ends instead of truncating it', async () => {
    let n = 0;
    const { fetchPage } = serve(() => {
      n += 1;
      return { body: { data: [{ id: `x${n}` }], meta: { next_cursor: `c${n}` } } };
    });
    const error = await appErrorOf(walkAll(fetchPage, 5));
    expect(errorWords(error).message).toMatch(/more than 5 pages/);
    expect(n).toBe(5);
  });
});

describe('itemKey and PageSignatures', () => {
  it('keys by serial_number, else id (number or string), else the JSON', () => {
    expect(itemKey({ serial_number: 'FTC-1', id: 'x' })).toBe('FTC-1');
    expect(itemKey({ id: 7 })).toBe('7');
    expect(itemKey({ name: 'a' })).toBe('{"name":"a"}');
    expect(itemKey(3)).toBe('3');
  });

  it('a page with the same first item, last item and length is a repeat; empty pages are not', () => {
    const signatures = new PageSignatures();
    signatures.check(ids(3));
    signatures.check([]);
    signatures.check([]);
    signatures.check(ids(3, 3));
    expect(() => signatures.check(ids(3))).toThrow(/list_repeated_page/);
  });
});

describe('a store of 55 on page numbers with a short last page (decision record 69)', () => {
  it('is read whole, each page once: the short last page is no page size', async () => {
    // DRF: 20 a page whatever is asked, absolute next/previous URLs, next null at the end.
    const at = (p: number) => `${ORIGIN}/v1/locations/x/devices?page=${p}`;
    const { fetchPage, asked } = serve((r) => {
      const p = r.style === 'url' ? Number(new URL(r.url).searchParams.get('page')) : 1;
      return {
        body: {
          data: slice(55, (p - 1) * 20, 20),
          meta: { count: 55, next: p < 3 ? at(p + 1) : null, previous: p > 1 ? at(p - 1) : null },
        },
      };
    });
    const { items } = await walkAll(fetchPage, 10);
    expect(items).toHaveLength(55);
    expect(asked).toHaveLength(3);
  });
});
