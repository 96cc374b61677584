/**
 * Decision record 37: the app works against the real vendor API, whatever its undocumented details turn
 * out to be. For every sandbox dialect (electron/sandbox/dialects, docs/api/openapi.yaml
 * `info.x-dialects`) the technician's operations run through the REAL core — real keychain,
 * real fetch, real SQLite — against a real sandbox speaking that dialect: sign in, sync, the
 * lists, a store's devices, install / uninstall / move / update, create and delete a store,
 * foot traffic, and the errors a technician meets. What the app shows must equal what the
 * sandbox holds: counts and addresses against the same seed answered in the default dialect,
 * device state against the dialect sandbox's own state, foot-traffic totals against the sum of
 * the buckets the default dialect serves for the same seed, clock and range. The tolerant reader's later
 * dialects (decision record 41) write "not installed" and "never" as zero values, wrap single resources in a named
 * root, and answer foot traffic as flat records of every organization of the user: the same
 * numbers must come out of them. Decision record 69's dialects name stores and organizations with
 * opaque ids (letters of any script, spaces, reserved URL characters), spell serials with
 * spaces, page by numbers with a short last page or by offset and Link (foot traffic too), and
 * accept writes for later: the same job must work there, every page read and every write sent
 * once.
 *
 * Run under the keychain: tests/with-keychain.sh npx vitest run tests/integration/dialects
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  DeviceView as Device,
  LocationView as Location,
  PushEvent,
} from '../../../electron/shared';
import {
  DIALECTS,
  opaqueLocationId,
  opaqueOrganizationId,
  servedSerial,
  startSandbox,
  type Dialect,
  type RunningSandbox,
  type SandboxUser,
} from '../../../electron/sandbox/index';
import { otherCase } from '../../../electron/shared/serial-key';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

/** A Wednesday afternoon: seeded installed devices have counted visitors in the last days. */
const NOW = Date.parse('2026-03-04T15:30:00Z');
const SEED = 11;
/** Per organization: more than one page for the dialects whose first page is 100 items. */
const DEVICES = 140;
const options = (dialect: string) => ({ seed: SEED, devices: DEVICES, now: () => NOW, dialect });
const HOUR = 3_600_000;
const DAY_RANGE = {
  from: new Date(NOW - 7 * 24 * HOUR).toISOString(),
  to: new Date(NOW).toISOString(),
};
const HOUR_RANGE = {
  from: new Date(NOW - 24 * HOUR).toISOString(),
  to: new Date(NOW).toISOString(),
};

type Obj = Record<string, unknown>;
/** A path segment as a request (and the sandbox's request log) carries it. */
const enc = encodeURIComponent;
const obj = (v: unknown): Obj => {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`not an object: ${JSON.stringify(v)?.slice(0, 200)}`);
  return v as Obj;
};

const basic = (org: string, key: string) =>
  `Basic ${Buffer.from(`${org}:${key}`).toString('base64')}`;

/** The user with exactly one organization (sign-in then chooses it by itself). */
const singleOrgUser = (sbx: RunningSandbox): SandboxUser => {
  const user = sbx.users.find((u) => u.organizations.length === 1);
  if (!user) throw new Error('the sandbox has no single-organization user');
  return user;
};

/** A user with several organizations (foot traffic may come for all of them). */
const multiOrgUser = (sbx: RunningSandbox): SandboxUser => {
  const user = sbx.users.find((u) => u.organizations.length > 1);
  if (!user) throw new Error('the sandbox has no user with several organizations');
  return user;
};

/** Plain HTTP to a sandbox as `user` in `org` (their first); JSON parsed when it is JSON. */
const raw = async (
  sbx: RunningSandbox,
  user: SandboxUser,
  path: string,
  org = user.organizations[0]!.id,
): Promise<{ status: number; json: unknown }> => {
  const res = await fetch(`${sbx.baseUrl}${path}`, {
    headers: { authorization: basic(org, user.api_key) },
  });
  const text = await res.text();
  const json =
    (res.headers.get('content-type') ?? '').startsWith('application/json') && text !== ''
      ? (JSON.parse(text) as unknown)
      : null;
  return { status: res.status, json };
};

/** The default dialect's whole list (`{data, meta}`, page style), as the documented reference. */
const refList = async (
  sbx: RunningSandbox,
  user: SandboxUser,
  path: string,
  org?: string,
): Promise<Obj[]> => {
  const sep = path.includes('?') ? '&' : '?';
  const items: Obj[] = [];
  for (let page = 1; ; page++) {
    const { status, json } = await raw(sbx, user, `${path}${sep}per_page=500&page=${page}`, org);
    expect(status, path).toBe(200);
    const body = obj(json);
    items.push(...(body.data as Obj[]));
    if (page >= Number(obj(body.meta).total_pages)) return items;
  }
};

/** One resource out of a GET in the dialect's single-resource envelope (openapi x-dialects). */
const single = (dialect: Dialect, root: string, json: unknown): Obj => {
  switch (dialect.single ?? 'data') {
    case 'data':
      return obj(obj(json).data);
    case 'bare':
      return obj(json);
    case 'named-root':
      return obj(obj(json)[root]);
  }
};

/** The device as the dialect sandbox holds it now. */
const serverDevice = async (
  sbx: RunningSandbox,
  dialect: Dialect,
  user: SandboxUser,
  serial: string,
) => {
  const { status, json } = await raw(sbx, user, `/devices/${enc(serial)}`);
  expect(status).toBe(200);
  return single(dialect, 'device', json);
};

/** What a device is in every dialect (the spec fixes these fields); "never" is null. */
const specPart = (d: Obj, idOf: (id: string) => string = (id) => id) => {
  const at = (d.location as { id?: string } | null | undefined)?.id ?? null;
  return {
    serial_number: d.serial_number,
    device_type_name: d.device_type_name ?? null,
    firmware_version_name: d.firmware_version_name ?? null,
    name: d.name ?? null,
    update_interval_s: d.update_interval_s ?? null,
    location: at === null ? null : idOf(at),
    last_checkin_at: d.last_checkin_at ?? null,
    installed_at: d.installed_at ?? null,
  };
};

/** The app's view of a device in the spec's terms, to compare with what the server holds. */
const viewPart = (d: Device) => ({
  serial_number: d.serial,
  device_type_name: d.type,
  firmware_version_name: d.firmware,
  name: d.label,
  update_interval_s: d.updateIntervalS,
  location: d.location?.id ?? null,
  last_checkin_at: d.lastCheckinAt,
  installed_at: d.installedAt,
});

/** location id → the sum of its day buckets over DAY_RANGE, in the default dialect. */
const dayTotals = async (
  sbx: RunningSandbox,
  user: SandboxUser,
  org: string,
): Promise<Map<string, number>> => {
  const q = new URLSearchParams({ ...DAY_RANGE, granularity: 'day' });
  const metrics = await refList(sbx, user, `/foot-traffic/locations?${q.toString()}`, org);
  return new Map(
    metrics.map((m) => [
      String(obj(m.location).id),
      (m.series as Obj[]).reduce((a, b) => a + Number(b.count), 0),
    ]),
  );
};

interface Reference {
  locations: Obj[];
  devices: Obj[];
  uninstalled: number;
  /** location id → the sum of its visitors by day over DAY_RANGE. */
  locationTotals: Map<string, number>;
  /** An installed device's hourly series over HOUR_RANGE. */
  deviceSeries: { serial: string; counts: number[]; total: number };
  /** For the user with several organizations: organization id → its locations' day totals. */
  byOrganization: Map<string, Map<string, number>>;
  /** Every store of both users, by its plain id (for its opaque id in record 69's dialects). */
  addresses: Map<string, { city: string; country: string }>;
}

// ---------------------------------------------------------------- the reference (default)

let reference: Reference;

beforeAll(async () => {
  const ref = await startSandbox({ seed: SEED, devices: DEVICES, now: () => NOW });
  try {
    const user = singleOrgUser(ref);
    const locations = await refList(ref, user, '/locations');
    const devices = await refList(ref, user, '/devices');
    const uninstalled = (await refList(ref, user, '/uninstalled-devices')).length;
    const busy = devices.find((d) => d.location !== null);
    if (!busy) throw new Error('no installed device in the reference');
    const hq = new URLSearchParams({ ...HOUR_RANGE, granularity: 'hour' });
    const series = await raw(
      ref,
      user,
      `/foot-traffic/devices/${enc(String(busy.serial_number))}?${hq.toString()}`,
    );
    const counts = (obj(series.json).data as Obj[]).map((b) => Number(b.count));
    const several = multiOrgUser(ref);
    const byOrganization = new Map<string, Map<string, number>>();
    const addresses = new Map<string, { city: string; country: string }>();
    for (const l of locations)
      addresses.set(String(l.id), obj(l.address) as { city: string; country: string });
    for (const { id } of several.organizations) {
      byOrganization.set(id, await dayTotals(ref, several, id));
      for (const l of await refList(ref, several, '/locations', id))
        addresses.set(String(l.id), obj(l.address) as { city: string; country: string });
    }
    reference = {
      locations,
      devices,
      uninstalled,
      locationTotals: await dayTotals(ref, user, user.organizations[0]!.id),
      deviceSeries: {
        serial: String(busy.serial_number),
        counts,
        total: counts.reduce((a, b) => a + b, 0),
      },
      byOrganization,
      addresses,
    };
  } finally {
    await ref.close();
  }
  // Something to compare with: a few visitors and more than one page of devices.
  expect([...reference.locationTotals.values()].some((t) => t > 0)).toBe(true);
  expect(reference.deviceSeries.total).toBeGreaterThan(0);
  expect(reference.devices.length).toBeGreaterThan(100);
  expect(reference.uninstalled).toBeGreaterThan(2);
  // Devices that never checked in, and organizations whose stores counted visitors.
  expect(reference.devices.some((d) => d.location === null && d.last_checkin_at === null)).toBe(
    true,
  );
  for (const totals of reference.byOrganization.values())
    expect([...totals.values()].some((t) => t > 0)).toBe(true);
});

// ---------------------------------------------------------------- every dialect

describe.each(
  DIALECTS.map((d) => ({
    name: d.name,
    address: d.address,
    envelope: d.envelope,
    paging: d.paging,
    dialect: d,
    serials: d.serials ?? 'as-held',
  })),
)(
  'dialect $name: the technician’s operations through the real core',
  ({ name, address, envelope, paging, dialect, serials }) => {
    /** A reference device's serial as this dialect spells it (decision record 34). */
    const served = (d: Obj) => servedSerial(serials, String(d.serial_number));
    /** A reference (plain) store or organization id as this dialect names it (record 69). */
    const idOf = (plain: string): string => {
      if (dialect.ids !== 'opaque') return plain;
      const address = reference.addresses.get(plain);
      if (address) return opaqueLocationId(plain, address);
      return plain.startsWith('org_') ? opaqueOrganizationId(plain) : plain;
    };
    const idsOf = (totals: Map<string, number> | undefined) =>
      new Map([...(totals ?? [])].map(([id, total]) => [idOf(id), total] as const));
    const asServed = (d: Obj) => ({ ...d, serial_number: served(d) });
    let sbx: RunningSandbox;
    let harness: CoreHarness;
    let user: SandboxUser;
    const events: PushEvent[] = [];

    beforeAll(async () => {
      sbx = await startSandbox(options(name));
      expect(sbx.dialect).toBe(name);
      user = singleOrgUser(sbx);
      harness = await startCoreHarness();
      harness.core.onEvent((e) => events.push(e));
    });
    afterAll(async () => {
      await harness?.close();
      await sbx?.close();
    });

    /** The failure an operation ended in (it must fail). */
    const failure = async (op: Parameters<CoreHarness['core']['invoke']>[0], input: unknown) => {
      const result = await harness.core.invoke(op, input);
      if (result.ok) throw new Error(`${op} should have failed`);
      return result.error;
    };

    /** Waits for a background refresh to report that it stored its answer. */
    const refreshed = (resource: string, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no data-updated for ${resource} (the refresh failed?)`)),
          timeoutMs,
        );
        const off = harness.core.onEvent((e) => {
          if (e.type === 'data-updated' && e.resource === resource) {
            clearTimeout(timer);
            off();
            resolve();
          }
        });
      });

    const syncFully = async () => {
      const report = await harness.call('syncNow');
      expect(report.failed).toBe(0);
      const state = await harness.call('syncStatus');
      const failed = state.tasks.filter((t) => t.state === 'failed');
      expect(failed.map((t) => `${t.resource}: ${t.error?.code ?? ''}`)).toEqual([]);
    };

    test('a wrong key is refused as unauthorized, before anything is stored', async () => {
      const error = await failure('signIn', {
        baseUrl: sbx.baseUrl,
        apiKey: 'sbx_00000000000000000000000000000000',
      });
      expect(error.kind).toBe('unauthorized');
      expect((await harness.call('sessionStatus')).signedIn).toBe(false);
    });

    test('sign in: the key’s organization and user; the first sync stores every list', async () => {
      const status = await harness.call('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
      expect(status.signedIn).toBe(true);
      // A bare array has no place for who is signed in; every other envelope says it.
      expect(status.user?.name ?? null).toBe(envelope === 'bare' ? null : user.name);
      expect(status.organizations.map((o) => ({ id: o.id, name: o.name }))).toEqual(
        user.organizations,
      );
      expect(status.organization?.id).toBe(user.organizations[0]!.id);
      await syncFully();
      // The run sign-in started may have been joined before its device list: one more run.
      const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
      if (all.total < reference.devices.length) await syncFully();
      // The device list came in the dialect's own pages: styles that ignore `per_page` serve
      // their default 100 a page, so the 140 devices took more than one request.
      const pages = sbx
        .requestLog()
        .filter((r) => r.method === 'GET' && r.path.split('?')[0] === '/v1/devices');
      expect(pages.every((r) => r.status === 200)).toBe(true);
      const perPageHonoured = paging === 'page' || paging === 'link-header';
      expect(pages.length).toBeGreaterThanOrEqual(perPageHonoured ? 1 : 2);
    });

    test('listLocations: every store of the organization, addresses read', async () => {
      const { value: locations } = await harness.call('listLocations');
      expect(locations.map((l) => l.id).sort()).toEqual(
        reference.locations.map((l) => idOf(String(l.id))).sort(),
      );
      const byId = new Map(locations.map((l) => [l.id, l] as const));
      for (const r of reference.locations) {
        const got = byId.get(idOf(String(r.id)))!;
        const want = obj(r.address);
        expect(got.name).toBe(r.name);
        expect(got.address?.text, `${name}: an address as one line`).toMatch(/\S/);
        if (address === 'one-line') {
          // One string: shown as it came; its parts are not guessed.
          expect(got.address?.text).toContain(String(want.city));
          expect(got.address?.text).toContain(String(want.line1));
        } else {
          expect(got.address?.city).toBe(want.city);
          expect(got.address?.country).toBe(want.country);
          expect(got.address?.postalCode ?? null).toBe(want.postal_code ?? null);
          expect(got.address?.line1).toContain(String(want.line1));
          // Both lines, wherever the dialect put the second (its own field, or in `street`).
          if (want.line2)
            expect(`${got.address?.line1} ${got.address?.line2}`).toContain(String(want.line2));
          else expect(got.address?.line2 ?? null).toBeNull();
        }
      }
    });

    test('queryDevices after sync: totals of both views equal the sandbox’s', async () => {
      const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 500 });
      expect(all.total).toBe(reference.devices.length);
      expect(all.fetchedAt).not.toBeNull();
      const out = await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
      expect(out.total).toBe(reference.uninstalled);
      const refBySerial = new Map(reference.devices.map((d) => [served(d), asServed(d)]));
      for (const d of all.rows)
        expect(viewPart(d)).toEqual(specPart(refBySerial.get(d.serial)!, idOf));
    });

    test('a store’s devices (listLocationDevices), refreshed from the server', async () => {
      const busy = reference.locations.find((l) => Number(l.device_count) >= 2)!;
      const id = idOf(String(busy.id));
      const want = reference.devices
        .filter((d) => (d.location as { id?: string } | null)?.id === busy.id)
        .map(served)
        .sort();
      const first = await harness.call('listLocationDevices', { locationId: id });
      expect(first.value.map((d) => d.serial).sort()).toEqual(want);
      if (first.refreshing) await refreshed(`location-devices:${id}`);
      const again = await harness.call('listLocationDevices', { locationId: id });
      expect(again.value.map((d) => d.serial).sort()).toEqual(want);
      // The server was asked for that store's list, and answered.
      const asked = sbx
        .requestLog()
        .filter((r) => r.method === 'GET' && r.path.startsWith(`/v1/locations/${enc(id)}/devices`));
      expect(asked.map((r) => r.status)).toContain(200);
    });

    test('getDevice of a known serial typed in another case, fresh from the server; an unknown one is not_found', async () => {
      const known = reference.devices.find((d) => d.location !== null)!;
      const serial = served(known);
      const before = sbx.requestLog().length;
      // Typed in the other case, without the dash: the cached device's spelling is sent.
      const typed = otherCase(serial).replace('-', '');
      const got = await harness.call('getDevice', { serial: typed, fresh: true });
      expect(got.source).toBe('network');
      expect(viewPart(got.value)).toEqual(specPart(asServed(known), idOf));
      const asked = sbx.requestLog().slice(before);
      expect(asked.map((r) => [r.path, r.status])).toEqual([[`/v1/devices/${enc(serial)}`, 200]]);
      // In the inventory and never checked in: not installed, and "never", however written.
      const idle = reference.devices.find(
        (d) => d.location === null && d.last_checkin_at === null,
      )!;
      const fresh = await harness.call('getDevice', { serial: served(idle), fresh: true });
      expect(fresh.source).toBe('network');
      expect(fresh.value.location ?? null).toBeNull();
      expect(fresh.value.lastCheckinAt ?? null).toBeNull();
      expect(viewPart(fresh.value)).toEqual(specPart(asServed(idle), idOf));
      const error = await failure('getDevice', { serial: 'FTC-NOPE0000', fresh: true });
      expect(error.kind).toBe('not_found');
    });

    test('foot traffic: each location’s total is the sum of the sandbox’s buckets; a device’s too', async () => {
      const metrics = await harness.call('locationsFootTraffic', {
        ...DAY_RANGE,
        granularity: 'day',
      });
      expect(new Map(metrics.map((m) => [m.location.id, m.total]))).toEqual(
        idsOf(reference.locationTotals),
      );
      for (const m of metrics) {
        expect(
          m.series.reduce((a, b) => a + b.count, 0),
          `${m.location.id} series`,
        ).toBe(m.total);
        for (const b of m.series) expect(Date.parse(b.end)).toBeGreaterThan(Date.parse(b.start));
      }
      const { serial, counts, total } = reference.deviceSeries;
      const device = await harness.call('deviceFootTraffic', {
        serial: otherCase(servedSerial(serials, serial)),
        ...HOUR_RANGE,
        granularity: 'hour',
      });
      expect(device.total).toBe(total);
      expect(device.series.map((b) => b.count)).toEqual(counts);
    });

    test('installDevice / uninstallDevice / moveDevice: done, and the sandbox agrees', async () => {
      const { value: locations } = await harness.call('listLocations');
      const [a, b] = locations;
      if (!a || !b) throw new Error('fewer than two stores');
      const out = await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
      const serial = out.rows[0]!.serial;

      const installed = await harness.call('installDevice', { serial, locationId: a.id });
      expect(installed.status).toBe('done');
      if (installed.status === 'done') expect(installed.device.location?.id).toBe(a.id);
      expect(sbx.deviceLocation(serial)?.id).toBe(a.id);

      const moved = await harness.call('moveDevice', {
        serial,
        fromLocationId: a.id,
        toLocationId: b.id,
      });
      expect(moved.status).toBe('done');
      if (moved.status === 'done') expect(moved.device.location?.id).toBe(b.id);
      expect(sbx.deviceLocation(serial)?.id).toBe(b.id);

      const removed = await harness.call('uninstallDevice', { serial, locationId: b.id });
      expect(removed.status).toBe('done');
      if (removed.status === 'done') expect(removed.device.location ?? null).toBeNull();
      expect(sbx.deviceLocation(serial)).toBeNull();
      expect((await harness.call('listOutbox')).filter((i) => i.state !== 'done')).toEqual([]);
    });

    test('updateDevice: done with the server’s device, and the sandbox holds the change', async () => {
      const serial = served(reference.devices[3]!);
      const result = await harness.call('updateDevice', {
        serial,
        changes: { name: `Back door ${name}`, update_interval_s: 600 },
      });
      expect(result.status).toBe('done');
      if (result.status === 'done')
        expect(result.device).toMatchObject({ label: `Back door ${name}`, updateIntervalS: 600 });
      expect(await serverDevice(sbx, dialect, user, serial)).toMatchObject({
        name: `Back door ${name}`,
        update_interval_s: 600,
      });
    });

    test('createLocation: the new store has the server’s id; deleteLocation removes it', async () => {
      const storeName = `Dialect Store ${name}`;
      const created = await harness.call('createLocation', {
        name: storeName,
        address: { line1: 'Marienplatz 1', city: 'München', postal_code: '80331', country: 'DE' },
      });
      expect(created.status).toBe('done');
      const id = created.location.id;
      expect(id.startsWith('local-')).toBe(false);
      const onServer = await raw(sbx, user, `/locations/${encodeURIComponent(id)}`);
      expect(onServer.status).toBe(200);
      expect(single(dialect, 'location', onServer.json).name).toBe(storeName);
      expect(created.location.name).toBe(storeName);
      const read: Location['address'] = created.location.address;
      if (address === 'one-line') expect(read?.text).toContain('München');
      else expect(read).toMatchObject({ city: 'München', country: 'DE', postalCode: '80331' });
      const listed = (await harness.call('listLocations')).value.filter(
        (l) => l.name === storeName,
      );
      expect(listed.map((l) => l.id)).toEqual([id]);

      const deleted = await harness.call('deleteLocation', { locationId: id });
      expect(deleted.status).toBe('done');
      expect((await raw(sbx, user, `/locations/${encodeURIComponent(id)}`)).status).toBe(404);
      expect((await harness.call('listLocations')).value.some((l) => l.id === id)).toBe(false);
    });

    // Decision record 34: a device the app has not downloaded (here: the lists fail) is asked for as
    // typed, then — on a 404 — in its other case; what is written goes to the server's spelling.
    test('a serial the app does not know: as typed, then its other case — lookup, install, uninstall, foot traffic, unknown', async () => {
      sbx.setFaults({
        errorRate: 1,
        methods: ['GET'],
        pathPattern: '^/v1/(devices|uninstalled-devices|locations/[^/]+/devices)(\\?|$)',
      });
      const fresh = await startCoreHarness();
      try {
        await fresh.call('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
        const [out1, out2] = reference.devices.filter((d) => d.location === null).slice(-2);
        const installed = { serial_number: reference.deviceSeries.serial };
        const at = idOf(String(reference.locations[0]!.id));
        const since = sbx.requestLog().length;
        const asked = () =>
          sbx
            .requestLog()
            .slice(since)
            .filter((r) => /^\/v1\/(foot-traffic\/)?devices\/[^/?]+/.test(r.path))
            .map((r) => `${r.method} ${decodeURIComponent(r.path.split('?')[0]!)} ${r.status}`);

        const lookedUp = await fresh.call('getDevice', { serial: otherCase(served(out1!)) });
        expect(lookedUp.value.serial).toBe(served(out1!));
        const done = await fresh.call('installDevice', {
          serial: otherCase(served(out2!)),
          locationId: at,
        });
        expect(done.status).toBe('done');
        if (done.status === 'done') expect(done.device.serial).toBe(served(out2!));
        expect(sbx.deviceLocation(served(out2!))?.id).toBe(at);
        // Now known: its own spelling goes out at once.
        const removed = await fresh.call('uninstallDevice', {
          serial: otherCase(served(out2!)),
          locationId: at,
        });
        expect(removed.status).toBe('done');
        expect(sbx.deviceLocation(served(out2!))).toBeNull();
        const traffic = await fresh.call('deviceFootTraffic', {
          serial: otherCase(served(installed)),
          ...HOUR_RANGE,
          granularity: 'hour',
        });
        expect(traffic.total).toBe(reference.deviceSeries.total);
        const unknown = await fresh.core.invoke('getDevice', { serial: 'FTC-NOPE0000' });
        expect(unknown.ok ? null : unknown.error).toMatchObject({
          kind: 'not_found',
          code: 'device_not_found',
          params: { serial: 'FTC-NOPE0000' },
        });

        const typed = (d: Obj) => otherCase(served(d));
        const lines = asked();
        // Each typed form was tried once, answered 404, and its other case found the device.
        expect(
          lines.filter((l) => [out1!, out2!, installed].some((d) => l.includes(typed(d)))),
        ).toEqual([
          `GET /v1/devices/${typed(out1!)} 404`,
          `GET /v1/devices/${typed(out2!)} 404`,
          `GET /v1/foot-traffic/devices/${typed(installed)} 404`,
        ]);
        const next = (line: string) => lines[lines.indexOf(line) + 1];
        expect(next(`GET /v1/devices/${typed(out1!)} 404`)).toBe(
          `GET /v1/devices/${served(out1!)} 200`,
        );
        expect(next(`GET /v1/devices/${typed(out2!)} 404`)).toBe(
          `GET /v1/devices/${served(out2!)} 200`,
        );
        expect(next(`GET /v1/foot-traffic/devices/${typed(installed)} 404`)).toBe(
          `GET /v1/foot-traffic/devices/${served(installed)} 200`,
        );
        // Writes went to the server's spelling only, and succeeded.
        expect(
          lines.filter((l) => l.startsWith('POST')).map((l) => l.replace(/ 20[0-4]$/, '')),
        ).toEqual([
          `POST /v1/devices/${served(out2!)}/install`,
          `POST /v1/devices/${served(out2!)}/uninstall`,
        ]);
        // Unknown: the typed form, then its other case, both 404 — said about the typed one.
        expect(lines.slice(-2)).toEqual([
          'GET /v1/devices/FTC-NOPE0000 404',
          'GET /v1/devices/ftc-nope0000 404',
        ]);
      } finally {
        sbx.clearFaults();
        await fresh.close();
      }
    });

    test('after another sync the counts still equal the sandbox’s (the writes netted out)', async () => {
      await syncFully();
      const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
      const out = await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
      expect(all.total).toBe(reference.devices.length);
      expect(out.total).toBe(reference.uninstalled);
      expect((await harness.call('listLocations')).value).toHaveLength(reference.locations.length);
      // Nothing the core fetched came back as a failure it swallowed.
      expect(
        events.filter((e) => e.type === 'sync' && e.report.failed > 0),
        'no sync reported failures',
      ).toEqual([]);
    });

    test('a user of several organizations sees the chosen organization’s foot traffic only', async () => {
      const several = multiOrgUser(sbx);
      await harness.call('signIn', { baseUrl: sbx.baseUrl, apiKey: several.api_key });
      for (const { id } of several.organizations) {
        await harness.call('chooseOrganization', { organizationId: id });
        const metrics = await harness.call('locationsFootTraffic', {
          ...DAY_RANGE,
          granularity: 'day',
        });
        const plain = [...reference.byOrganization.keys()].find((o) => idOf(o) === id);
        expect(new Map(metrics.map((m) => [m.location.id, m.total]))).toEqual(
          idsOf(reference.byOrganization.get(plain ?? id)),
        );
      }
    });
  },
);
