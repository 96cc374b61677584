import { describe, expect, it } from 'vitest';
import { collectPages, collectPagesAsJson, type Page } from '../../../electron/core/api/paging';
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

describe('collectPagesAsJson', () => {
  it('gives the same list as collectPages, as one JSON array text', async () => {
    const meta = (page: number) => ({ page, per_page: 100, total_count: 250, total_pages: 3 });
    const asObjects = await collectPages(pager(250, 100, meta).fetchPage, {
      maxPages: 10,
      perPage: 100,
    });
    const asText = await collectPagesAsJson(pager(250, 100, meta).fetchPage, {
      maxPages: 10,
      perPage: 100,
    });
    expect(await asText.parse()).toEqual(asObjects.items);
  });

  it('is an empty array for an empty list', async () => {
    const none = await collectPagesAsJson(pager(0, 100, () => undefined).fetchPage, {
      maxPages: 10,
      perPage: 100,
    });
    expect(await none.text()).toBe('[]');
  });

  it('refuses a list past the page cap, like collectPages', async () => {
    const { fetchPage } = pager(10_000, 10, () => ({}));
    await expect(
      collectPagesAsJson(fetchPage, { maxPages: 3, perPage: 10 }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
