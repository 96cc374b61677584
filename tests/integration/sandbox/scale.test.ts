import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, listOf } from '../../../electron/core/api/wire';
import type { RunningSandbox } from '../../../electron/sandbox';
import { basic, start, users } from './harness';

// 100,000 devices per organization. Only behaviour is asserted here: how fast the sandbox is
// at this size is measured by `npm run bench` (tests/bench/sandbox-lists.ts), because timing
// assertions flake on a busy shared machine.
let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await start({ devices: 100_000 });
}, 60_000);
afterAll(() => sbx.close());

const Page = listOf(Device);

const get = async (path: string, org: string) => {
  const [alex] = users(sbx);
  const res = await fetch(`${sbx.baseUrl}${path}`, {
    headers: { authorization: basic(org, alex.api_key) },
  });
  expect(res.status).toBe(200);
  return Page.parse(await res.json());
};

describe('sandbox at 100,000 devices per organization', () => {
  test('seeds 100,000 devices in each organization, about a third of them uninstalled', async () => {
    const [alex] = users(sbx);
    expect(alex.organizations.length).toBeGreaterThan(0);
    for (const org of alex.organizations) {
      const all = await get('/devices?per_page=1', org.id);
      expect(all.meta?.total_count).toBe(100_000);
      const uninstalled =
        (await get('/uninstalled-devices?per_page=1', org.id)).meta?.total_count ?? 0;
      expect(uninstalled).toBeGreaterThan(25_000);
      expect(uninstalled).toBeLessThan(45_000);
    }
  });

  test('serves full pages of 100 in serial order, with no overlap between neighbouring pages', async () => {
    const org = users(sbx)[0].organizations[0]?.id ?? '';
    for (const list of ['/devices', '/uninstalled-devices']) {
      const { meta } = await get(`${list}?per_page=100`, org);
      const lastPage = meta?.total_pages ?? 0;
      expect(lastPage).toBeGreaterThan(250);
      for (const page of [1, Math.floor(lastPage / 2), lastPage - 1]) {
        const a = (await get(`${list}?page=${page}`, org)).data.map((d) => d.serial_number);
        const b = (await get(`${list}?page=${page + 1}`, org)).data.map((d) => d.serial_number);
        expect(a).toHaveLength(100);
        expect(a).toEqual([...a].sort());
        expect(b.length).toBeGreaterThan(0);
        expect((a.at(-1) ?? '') < (b[0] ?? '')).toBe(true);
      }
    }
  });

  test('lists only uninstalled devices in the inventory and only that location in a location list', async () => {
    const org = users(sbx)[0].organizations[0]?.id ?? '';
    const inventory = await get('/uninstalled-devices?page=42', org);
    expect(inventory.data).toHaveLength(100);
    expect(inventory.data.every((d) => d.location == null)).toBe(true);
    const installed = (await get('/devices?page=7', org)).data.find((d) => d.location);
    const locationId = installed?.location?.id ?? '';
    expect(locationId).not.toBe('');
    const atLocation = await get(`/locations/${locationId}/devices?per_page=100`, org);
    expect(atLocation.data.length).toBeGreaterThan(0);
    expect(atLocation.data.every((d) => d.location?.id === locationId)).toBe(true);
  });
});
