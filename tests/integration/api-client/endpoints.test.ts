/** Every VendorApi method against the real sandbox, plus which Basic username each one sends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import {
  allDevices,
  anInstalledDevice,
  clientFor,
  failureOf,
  requestsTo,
  type TestClient,
} from './harness';

let sandbox: RunningSandbox;
let c: TestClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 });
  c = clientFor(sandbox);
});
afterAll(() => sandbox.close());

const lastDay = () => {
  const to = new Date();
  return { from: new Date(to.getTime() - 24 * 3600_000).toISOString(), to: to.toISOString() };
};

describe('VendorApi against the sandbox', () => {
  it('listOrganizations returns the key user’s organizations and who is signed in', async () => {
    const { organizations, user } = await c.api.listOrganizations();
    const expected = sandbox.users[0]?.organizations ?? [];
    expect(organizations.map((o) => ({ id: o.id, name: o.name }))).toEqual(expected);
    expect(user?.name).toBe(sandbox.users[0]?.name);
  });

  it('getOrganization returns one organization', async () => {
    const org = await c.api.getOrganization(c.organizationId);
    expect(org.id).toBe(c.organizationId);
  });

  it('listLocations returns all locations, and filters with q', async () => {
    const all = await c.api.listLocations();
    expect(all.length).toBeGreaterThan(10);
    const first = all[0];
    if (!first?.address) throw new Error('sandbox location without address');
    const city = first.address.city ?? '';
    const some = await c.api.listLocations({ q: city });
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThanOrEqual(all.length);
    expect(some.some((l) => l.id === first.id)).toBe(true);
  });

  it('locationPage: every location in one page, as listLocations gives them', async () => {
    const page = await c.api.locationPage(null);
    const all = await c.api.listLocations();
    expect(page).toMatchObject({
      style: 'page',
      totalCount: all.length,
      totalPages: 1,
      next: null,
      rest: [],
    });
    expect(page.items.map((l) => l.id)).toEqual(all.map((l) => l.id));
  });

  it('getLocation, devicePage(location-devices): the devices installed there', async () => {
    const busy = (await c.api.listLocations()).find((l) => (l.device_count ?? 0) > 0);
    if (!busy) throw new Error('no location with devices in the sandbox');
    expect((await c.api.getLocation(busy.id)).name).toBe(busy.name);
    const devices = await allDevices(c.api, { kind: 'location-devices', locationId: busy.id });
    expect(devices).toHaveLength(busy.device_count ?? -1);
    for (const d of devices) expect(d.location?.id).toBe(busy.id);
  });

  it('createLocation then deleteLocation (204), after which it is not found', async () => {
    const created = await c.api.createLocation({
      name: 'Test Store Utrecht',
      address: { line1: 'Oudegracht 1', city: 'Utrecht', postal_code: '3511 AA', country: 'NL' },
    });
    expect(created).toMatchObject({
      name: 'Test Store Utrecht',
      address: { city: 'Utrecht', country: 'NL' },
    });
    await expect(c.api.deleteLocation(created.id)).resolves.toBeUndefined();
    const gone = await failureOf(c.api.getLocation(created.id), c);
    expect(gone.kind).toBe('not_found');
    expect(
      requestsTo(sandbox, 'DELETE', `/v1/locations/${created.id}`).map((r) => r.status),
    ).toEqual([204]);
  });

  it('devicePage(devices), devicePage(uninstalled-devices), getDevice, updateDevice', async () => {
    const all = await allDevices(c.api);
    const uninstalled = await allDevices(c.api, { kind: 'uninstalled-devices' });
    expect(uninstalled.length).toBeGreaterThan(0);
    expect(uninstalled.length).toBeLessThan(all.length);
    for (const d of uninstalled) expect(d.location ?? null).toBeNull();
    const serials = new Set(all.map((d) => d.serial_number));
    expect(uninstalled.every((d) => serials.has(d.serial_number))).toBe(true);

    const target = all[0];
    if (!target) throw new Error('no devices');
    expect((await c.api.getDevice(target.serial_number)).serial_number).toBe(target.serial_number);
    const updated = await c.api.updateDevice(target.serial_number, {
      name: 'Entrance left',
      update_interval_s: 120,
    });
    expect(updated).toMatchObject({ name: 'Entrance left', update_interval_s: 120 });
    expect(
      (await allDevices(c.api)).find((d) => d.serial_number === target.serial_number),
    ).toMatchObject({ name: 'Entrance left', update_interval_s: 120 });
  });

  it('uninstalled-devices, installDevice (idempotent), uninstallDevice (idempotent)', async () => {
    const inventory = await allDevices(c.api, { kind: 'uninstalled-devices' });
    const device = inventory[0];
    const location = (await c.api.listLocations())[0];
    if (!device || !location) throw new Error('sandbox has no inventory or locations');

    const installed = await c.api.installDevice(device.serial_number, location.id);
    expect(installed.location?.id).toBe(location.id);
    expect(sandbox.deviceLocation(device.serial_number)?.id).toBe(location.id);
    const again = await c.api.installDevice(device.serial_number, location.id);
    expect(again.location?.id).toBe(location.id);
    expect(
      (await allDevices(c.api, { kind: 'uninstalled-devices' })).some(
        (d) => d.serial_number === device.serial_number,
      ),
    ).toBe(false);

    const removed = await c.api.uninstallDevice(device.serial_number, location.id);
    expect(removed.location ?? null).toBeNull();
    expect((await c.api.uninstallDevice(device.serial_number)).location ?? null).toBeNull();
    expect(sandbox.deviceLocation(device.serial_number)).toBeNull();
  });

  it('locationsFootTraffic returns one metric per location with hourly series', async () => {
    const metrics = await c.api.locationsFootTraffic({ ...lastDay(), granularity: 'hour' });
    expect(metrics.length).toBe((await c.api.listLocations()).length);
    const m = metrics[0];
    expect(m?.series.length).toBeGreaterThanOrEqual(24);
    expect(m?.total).toBe(m?.series.reduce((s, b) => s + b.count, 0));
  });

  it('deviceFootTraffic returns the series and total, including a walk-through', async () => {
    const device = await anInstalledDevice(c.api);
    const range = { ...lastDay(), granularity: 'hour' as const };
    range.to = new Date(Date.now() + 3600_000).toISOString();
    const before = await c.api.deviceFootTraffic(device.serial_number, range);
    sandbox.walkThrough(device.serial_number, 5);
    const after = await c.api.deviceFootTraffic(device.serial_number, range);
    expect(after.total).toBe(before.total + 5);
    expect(after.series.reduce((s, b) => s + b.count, 0)).toBe(after.total);
  });

  it('sends username "" to the cross-organization endpoints and the org id to all others', () => {
    const log = sandbox.requestLog().filter((r) => r.path.startsWith('/v1/'));
    const cross = log.filter((r) => r.path.startsWith('/v1/organizations'));
    const scoped = log.filter((r) => !r.path.startsWith('/v1/organizations'));
    expect(cross.length).toBeGreaterThanOrEqual(2);
    expect(scoped.length).toBeGreaterThan(10);
    expect(new Set(cross.map((r) => r.username))).toEqual(new Set(['']));
    expect(new Set(scoped.map((r) => r.username))).toEqual(new Set([c.organizationId]));
    // List calls ask for the largest page.
    for (const r of log.filter((e) => e.method === 'GET' && e.path.includes('page='))) {
      expect(r.path).toContain('per_page=500');
    }
  });
});
