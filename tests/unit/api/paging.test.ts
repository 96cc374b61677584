import { describe, expect, it } from 'vitest';
import { collectPages, describePage, type Page } from '../../../electron/core/api/paging';
import { AppError } from '../../../electron/core/app-error';

/** A list of `total` numbers served in pages, as a server would (meta chosen per test). */
const pager = (total: number, perPage: number, meta: (page: number) => Page<number>['meta']) => {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<Page<number>> => {
    asked.push(page);
    const start = (page - 1) * perPage;
    const data = Array.from(
      { length: Math.max(0, Math.min(perPage, total - start)) },
      (_, i) => start + i,
    );
    return { data, meta: meta(page) };
  };
  return { fetchPage, asked };
};

describe('collectPages', () => {
  it('follows total_pages to the end', async () => {
    const { fetchPage, asked } = pager(1234, 500, (page) => ({
      page,
      per_page: 500,
      total_count: 1234,
      total_pages: 3,
    }));
    const { items } = await collectPages(fetchPage, { maxPages: 10, perPage: 500 });
    expect(items).toHaveLength(1234);
    expect(items[1233]).toBe(1233);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('uses total_count when total_pages is missing', async () => {
    const { fetchPage, asked } = pager(1000, 500, () => ({ total_count: 1000 }));
    expect((await collectPages(fetchPage, { maxPages: 10, perPage: 500 })).items).toHaveLength(
      1000,
    );
    expect(asked).toEqual([1, 2]);
  });

  it('uses a short page as the end when meta says nothing about totals', async () => {
    const { fetchPage, asked } = pager(1000, 500, () => ({}));
    expect((await collectPages(fetchPage, { maxPages: 10, perPage: 500 })).items).toHaveLength(
      1000,
    );
    // 500, 500, then an empty page ends it.
    expect(asked).toEqual([1, 2, 3]);
  });

  it('treats a missing meta as a single page', async () => {
    const { fetchPage, asked } = pager(700, 700, () => undefined);
    expect((await collectPages(fetchPage, { maxPages: 10, perPage: 500 })).items).toHaveLength(700);
    expect(asked).toEqual([1]);
  });

  it('refuses, after the first page, a list that declares more pages than allowed', async () => {
    const { fetchPage, asked } = pager(5000, 500, () => ({ total_pages: 10 }));
    const error = await collectPages(fetchPage, { maxPages: 3, perPage: 500 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('bad_response');
    expect((error as AppError).message).toMatch(/more than 3 pages/);
    expect(asked).toEqual([1]);
  });

  it('refuses a list that never ends instead of truncating it', async () => {
    const endless = async (page: number): Promise<Page<number>> => ({
      data: [page],
      meta: { per_page: 1 },
    });
    await expect(collectPages(endless, { maxPages: 5, perPage: 1 })).rejects.toMatchObject({
      kind: 'bad_response',
    });
  });
});

describe('describePage', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('takes total_pages and total_count as the server gives them', () => {
    const meta = { page: 2, per_page: 500, total_count: 1234, total_pages: 3 };
    expect(describePage({ data: items(500), meta }, 2, 500)).toMatchObject({
      page: 2,
      totalPages: 3,
      totalCount: 1234,
      hasMore: true,
    });
    expect(describePage({ data: items(234), meta: { ...meta, page: 3 } }, 3, 500).hasMore).toBe(
      false,
    );
  });

  it('works out totalPages from total_count and the page size (the server’s, else the asked)', () => {
    expect(describePage({ data: items(500), meta: { total_count: 1001 } }, 1, 500)).toMatchObject({
      totalPages: 3,
      totalCount: 1001,
      hasMore: true,
    });
    const served = { per_page: 100, total_count: 1001 };
    expect(describePage({ data: items(100), meta: served }, 1, 500)).toMatchObject({
      totalPages: 11,
      hasMore: true,
    });
    expect(describePage({ data: items(1), meta: served }, 11, 500).hasMore).toBe(false);
    expect(describePage({ data: items(500), meta: { total_count: 1000 } }, 2, 500).hasMore).toBe(
      false,
    );
  });

  it('with only per_page, a full page may have more and a short one ends the list', () => {
    expect(describePage({ data: items(100), meta: { per_page: 100 } }, 4, 500)).toEqual({
      items: items(100),
      page: 4,
      totalPages: null,
      totalCount: null,
      hasMore: true,
    });
    expect(describePage({ data: items(99), meta: { per_page: 100 } }, 4, 500).hasMore).toBe(false);
    expect(describePage({ data: items(500), meta: {} }, 1, 500).hasMore).toBe(true);
  });

  it('without meta the answer is the whole list', () => {
    expect(describePage({ data: items(700) }, 1, 500)).toMatchObject({
      totalPages: 1,
      totalCount: 700,
      hasMore: false,
    });
  });

  it('an empty page never promises more, whatever meta says', () => {
    expect(describePage({ data: [], meta: { total_pages: 9 } }, 2, 500).hasMore).toBe(false);
    expect(describePage({ data: [], meta: { per_page: 100 } }, 1, 500).hasMore).toBe(false);
    expect(
      describePage(
        { data: [], meta: { page: 1, per_page: 500, total_count: 0, total_pages: 0 } },
        1,
        500,
      ),
    ).toMatchObject({ totalPages: 0, totalCount: 0, hasMore: false });
  });
});
