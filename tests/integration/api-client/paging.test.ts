/**
 * Device and location lists fetched page by page from a (default-dialect) sandbox with more
 * than one page of devices: items and totals as the server reports them, `next` and `rest`
 * worked out from the first page, pages that fit together with no gap or duplicate whatever
 * order they are fetched in, and lists past maxPages refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, type DeviceListRef } from '../../../electron/core/api/client';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { clientFor, failureOf, pageOf, requestsTo } from './harness';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, devices: 1200 });
});
afterAll(() => sandbox.close());

/** total_count as the server reports it, asked directly (one tiny page). */
const totalCount = async (path: string): Promise<number> => {
  const user = sandbox.users[0];
  const org = user?.organizations[0];
  if (!user || !org) throw new Error('no user');
  const auth = Buffer.from(`${org.id}:${user.api_key}`).toString('base64');
  const res = await fetch(`${sandbox.baseUrl}${path}?per_page=1`, {
    headers: { authorization: `Basic ${auth}` },
  });
  const body = (await res.json()) as { meta: { total_count: number } };
  return body.meta.total_count;
};

const pageParams = (path: string) => {
  const params = new URLSearchParams(path.split('?')[1]);
  return { page: params.get('page'), perPage: params.get('per_page') };
};

describe('page-level fetching against the sandbox', () => {
  it('page 1 carries its items, the list’s totals, `next` and every remaining request', async () => {
    const c = clientFor(sandbox);
    const total = await totalCount('/devices');
    expect(total).toBeGreaterThan(1000);
    const first = await c.api.devicePage({ kind: 'devices' }, null);
    const totalPages = Math.ceil(total / LIST_PAGE_SIZE);
    expect(first).toMatchObject({
      style: 'page',
      totalCount: total,
      totalPages,
      next: pageOf(2),
    });
    expect(first.rest).toEqual(Array.from({ length: totalPages - 1 }, (_, i) => pageOf(i + 2)));
    expect(first.items).toHaveLength(LIST_PAGE_SIZE);
    for (const d of first.items) expect(d.serial_number).toMatch(/\S/);
  });

  it('all pages of `rest` fetched at once make up the list exactly: no gap, no duplicate, last says so', async () => {
    const c = clientFor(sandbox);
    const before = requestsTo(sandbox, 'GET', '/v1/devices').length;
    const first = await c.api.devicePage({ kind: 'devices' }, null);
    expect(first.totalPages).toBe(3);
    const rest = await Promise.all(
      (first.rest ?? []).map((request) => c.api.devicePage({ kind: 'devices' }, request)),
    );
    const pages = [first, ...rest];
    expect(pages.map((p) => p.next !== null)).toEqual([true, true, false]);
    const serials = pages.flatMap((p) => p.items.map((d) => d.serial_number));
    expect(serials).toHaveLength(first.totalCount ?? -1);
    expect(new Set(serials).size).toBe(serials.length);
    const sent = requestsTo(sandbox, 'GET', '/v1/devices').slice(before);
    expect(
      sent.map((r) => pageParams(r.path)).sort((a, b) => Number(a.page) - Number(b.page)),
    ).toEqual(['1', '2', '3'].map((page) => ({ page, perPage: String(LIST_PAGE_SIZE) })));
  });

  it('smaller pages line up with bigger ones (a stable order), and past the end is empty', async () => {
    const c = clientFor(sandbox);
    const fourteen = await c.api.devicePage({ kind: 'devices' }, pageOf(1, 14));
    const secondOfSeven = await c.api.devicePage({ kind: 'devices' }, pageOf(2, 7));
    expect(secondOfSeven.items).toEqual(fourteen.items.slice(7));
    expect(secondOfSeven.totalPages).toBe(Math.ceil((secondOfSeven.totalCount ?? 0) / 7));
    expect(secondOfSeven.next).toEqual(pageOf(3, 7));
    // Only a first page names the rest.
    expect(secondOfSeven.rest).toBeNull();
    const past = await c.api.devicePage({ kind: 'devices' }, pageOf(4));
    expect(past).toMatchObject({ items: [], next: null, totalPages: 3 });
  });

  it.each<[string, DeviceListRef | 'locations']>([
    ['/uninstalled-devices', { kind: 'uninstalled-devices' }],
    ['/locations', 'locations'],
  ])('%s: totals and items per page', async (path, list) => {
    const c = clientFor(sandbox);
    const total = await totalCount(path);
    expect(total).toBeGreaterThan(0);
    const first =
      list === 'locations' ? await c.api.locationPage(null) : await c.api.devicePage(list, null);
    expect(first).toMatchObject({
      totalCount: total,
      totalPages: Math.ceil(total / LIST_PAGE_SIZE),
    });
    expect(first.next !== null).toBe(total > LIST_PAGE_SIZE);
    expect(first.items).toHaveLength(Math.min(total, LIST_PAGE_SIZE));
  });

  it('location-devices: the devices installed at that location, in pages', async () => {
    const c = clientFor(sandbox);
    const locations = await c.api.locationPage(null);
    const busy = locations.items.find((l) => (l.device_count ?? 0) > 3);
    if (!busy) throw new Error('no location with several devices');
    const list = { kind: 'location-devices', locationId: busy.id } as const;
    const pageSize = Math.ceil((busy.device_count ?? 0) / 2);
    const first = await c.api.devicePage(list, pageOf(1, pageSize));
    expect(first).toMatchObject({
      totalCount: busy.device_count,
      totalPages: 2,
      next: pageOf(2, pageSize),
      rest: [pageOf(2, pageSize)],
    });
    const second = await c.api.devicePage(list, first.next);
    expect(second.next).toBeNull();
    const devices = [...first.items, ...second.items];
    expect(devices).toHaveLength(busy.device_count ?? -1);
    for (const d of devices) expect(d.location?.id).toBe(busy.id);
  });

  it('refuses a list declaring more than maxPages pages with bad_response instead of cutting it', async () => {
    const c = clientFor(sandbox, { maxPages: 2 });
    const error = await failureOf(c.api.devicePage({ kind: 'devices' }, null), c);
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/more than 2 pages/);
    // A short list is still fine under the same cap.
    expect((await c.api.locationPage(null)).next).toBeNull();
  });
});
