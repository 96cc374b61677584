import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Device, ErrorBody, Location, listOf, one } from '../../../electron/core/api/wire';
import type { RunningSandbox, SandboxUser } from '../../../electron/sandbox';
import { call, start, users } from './harness';

let sbx: RunningSandbox;
let clock = Date.parse('2026-03-04T10:00:00Z');
beforeAll(async () => {
  sbx = await start({ devices: 120, now: () => clock, firstCheckinDelayS: 5 });
});
afterAll(() => sbx.close());

const err = (json: unknown) => ErrorBody.parse(json).error;
const device = async (u: SandboxUser, serial: string) =>
  one(Device).parse((await call(sbx, u, { path: `/devices/${serial}` })).json).data;
const uninstalled = async (u: SandboxUser) =>
  listOf(Device).parse((await call(sbx, u, { path: '/uninstalled-devices?per_page=500' })).json)
    .data;
const locations = async (u: SandboxUser) =>
  listOf(Location).parse((await call(sbx, u, { path: '/locations?per_page=500' })).json).data;

describe('sandbox devices', () => {
  test('devices look real: serial format, spec fields, about a third uninstalled', async () => {
    const [alex] = users(sbx);
    const all = listOf(Device).parse(
      (await call(sbx, alex, { path: '/devices?per_page=500' })).json,
    ).data;
    expect(all).toHaveLength(120);
    for (const d of all) expect(d.serial_number).toMatch(/^FTC-[A-Z0-9]{8}$/);
    expect([...all.map((d) => d.serial_number)]).toEqual(all.map((d) => d.serial_number).sort());
    const out = all.filter((d) => d.location === null);
    expect(out.length).toBeGreaterThan(20);
    expect(out.length).toBeLessThan(65);
    expect(out.every((d) => d.installed_at === null)).toBe(true);
    expect(new Set(all.map((d) => d.device_type_name)).size).toBeGreaterThanOrEqual(3);
    const none = all.filter((d) => d.last_checkin_at === null);
    expect(none.every((d) => d.location === null)).toBe(true);
  });

  test('/uninstalled-devices equals /devices?installed=false, and filters narrow', async () => {
    const [alex] = users(sbx);
    const a = await uninstalled(alex);
    const b = listOf(Device).parse(
      (await call(sbx, alex, { path: '/devices?installed=false&per_page=500' })).json,
    ).data;
    expect(a).toEqual(b);
    const type = a[0]?.device_type_name ?? '';
    const byType = listOf(Device).parse(
      (
        await call(sbx, alex, {
          path: `/uninstalled-devices?per_page=500&device_type_name=${encodeURIComponent(type)}`,
        })
      ).json,
    );
    expect(byType.data.length).toBeGreaterThan(0);
    expect(byType.data.every((d) => d.device_type_name === type)).toBe(true);
    expect(byType.meta?.total_count).toBe(byType.data.length);
    const fw = a[0]?.firmware_version_name ?? '';
    const byFw = listOf(Device).parse(
      (await call(sbx, alex, { path: `/devices?firmware_version_name=${fw}&per_page=500` })).json,
    ).data;
    expect(byFw.every((d) => d.firmware_version_name === fw)).toBe(true);
    const part = (a[0]?.serial_number ?? '').slice(4, 9).toLowerCase();
    const byQ = listOf(Device).parse(
      (await call(sbx, alex, { path: `/devices?q=${part}` })).json,
    ).data;
    expect(byQ.map((d) => d.serial_number)).toContain(a[0]?.serial_number);
    expect((await call(sbx, alex, { path: '/devices?installed=maybe' })).status).toBe(422);
  });

  test('GET /devices?location_id= lists what /locations/{id}/devices lists', async () => {
    const [alex] = users(sbx);
    const loc = (await locations(alex)).find((l) => (l.device_count ?? 0) > 1);
    const a = listOf(Device).parse(
      (await call(sbx, alex, { path: `/devices?location_id=${loc?.id}` })).json,
    ).data;
    const b = listOf(Device).parse(
      (await call(sbx, alex, { path: `/locations/${loc?.id}/devices` })).json,
    ).data;
    expect(a.map((d) => d.serial_number).sort()).toEqual(b.map((d) => d.serial_number).sort());
    expect(a).toHaveLength(loc?.device_count ?? -1);
  });

  test('unknown serial → 404 on every device endpoint', async () => {
    const [alex] = users(sbx);
    for (const [method, path, body] of [
      ['GET', '/devices/FTC-NOPE0000', undefined],
      ['PUT', '/devices/FTC-NOPE0000', { name: 'x' }],
      ['POST', '/devices/FTC-NOPE0000/install', { location_id: 'x' }],
      ['POST', '/devices/FTC-NOPE0000/uninstall', undefined],
      ['GET', '/foot-traffic/devices/FTC-NOPE0000', undefined],
    ] as const) {
      const r = await call(sbx, alex, { method, path, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(err(r.json).code).toBe('not_found');
    }
  });

  test('PUT changes name and update_interval_s; anything else is not writable', async () => {
    const [alex] = users(sbx);
    const d = (await uninstalled(alex))[0];
    const ok = await call(sbx, alex, {
      method: 'PUT',
      path: `/devices/${d?.serial_number}`,
      body: { name: 'Main entrance', update_interval_s: 120 },
    });
    expect(one(Device).parse(ok.json).data).toMatchObject({
      name: 'Main entrance',
      update_interval_s: 120,
      serial_number: d?.serial_number,
    });
    const bad = await call(sbx, alex, {
      method: 'PUT',
      path: `/devices/${d?.serial_number}`,
      body: { serial_number: 'FTC-X', location: null, name: 'ok' },
    });
    expect(bad.status).toBe(422);
    expect(err(bad.json).details?.fields).toEqual({
      serial_number: 'is not writable',
      location: 'is not writable',
    });
    for (const v of [29, 86_401, 60.5, '60']) {
      const r = await call(sbx, alex, {
        method: 'PUT',
        path: `/devices/${d?.serial_number}`,
        body: { update_interval_s: v },
      });
      expect(Object.keys(err(r.json).details?.fields ?? {}), String(v)).toEqual([
        'update_interval_s',
      ]);
    }
    const long = await call(sbx, alex, {
      method: 'PUT',
      path: `/devices/${d?.serial_number}`,
      body: { name: 'x'.repeat(81) },
    });
    expect(long.status).toBe(422);
    const cleared = await call(sbx, alex, {
      method: 'PUT',
      path: `/devices/${d?.serial_number}`,
      body: { name: null },
    });
    expect(one(Device).parse(cleared.json).data.name).toBeNull();
    expect((await device(alex, d?.serial_number ?? '')).update_interval_s).toBe(120);
  });

  test('install is idempotent; installed elsewhere → 409 with the current location', async () => {
    const [alex] = users(sbx);
    const [d] = await uninstalled(alex);
    const [l1, l2] = await locations(alex);
    const serial = d?.serial_number ?? '';
    const first = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/install`,
      body: { location_id: l1?.id },
    });
    expect(first.status).toBe(200);
    const installed = one(Device).parse(first.json).data;
    expect(installed.location).toEqual({ id: l1?.id, name: l1?.name });
    expect(installed.installed_at).toBe(new Date(clock).toISOString());
    expect(sbx.deviceLocation(serial)).toEqual({ id: l1?.id, name: l1?.name });

    clock += 60_000;
    const again = one(Device).parse(
      (
        await call(sbx, alex, {
          method: 'POST',
          path: `/devices/${serial}/install`,
          body: { location_id: l1?.id },
        })
      ).json,
    ).data;
    expect(again.installed_at).toBe(installed.installed_at);

    const conflict = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/install`,
      body: { location_id: l2?.id },
    });
    expect(conflict.status).toBe(409);
    expect(err(conflict.json)).toMatchObject({
      code: 'device_installed_elsewhere',
      details: { location: { id: l1?.id, name: l1?.name } },
    });
    expect(sbx.deviceLocation(serial)?.id).toBe(l1?.id);
  });

  test('install without or with an unknown location_id → 422 on location_id', async () => {
    const [alex] = users(sbx);
    const [d] = await uninstalled(alex);
    for (const body of [
      {},
      { location_id: 'loc_missing' },
      { location_id: 5 },
      { location_id: 'x', extra: 1 },
    ]) {
      const r = await call(sbx, alex, {
        method: 'POST',
        path: `/devices/${d?.serial_number}/install`,
        body,
      });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(err(r.json).details?.fields).toHaveProperty(
        Object.keys(body).includes('extra') ? 'extra' : 'location_id',
      );
    }
    const otherOrgLoc = (
      await call(sbx, alex, { path: '/locations?per_page=1', org: alex.organizations[1]?.id ?? '' })
    ).json as { data: { id: string }[] };
    const cross = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${d?.serial_number}/install`,
      body: { location_id: otherOrgLoc.data[0]?.id },
    });
    expect(cross.status).toBe(422);
  });

  test('uninstall: guarded by location_id, idempotent when not installed, device returns to the inventory', async () => {
    const [alex] = users(sbx);
    const [d] = await uninstalled(alex);
    const [l1, l2] = await locations(alex);
    const serial = d?.serial_number ?? '';
    await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/install`,
      body: { location_id: l1?.id },
    });
    const wrong = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/uninstall`,
      body: { location_id: l2?.id },
    });
    expect(wrong.status).toBe(409);
    expect(err(wrong.json).details).toEqual({ location: { id: l1?.id, name: l1?.name } });
    const ok = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/uninstall`,
      body: { location_id: l1?.id },
    });
    expect(one(Device).parse(ok.json).data).toMatchObject({ location: null, installed_at: null });
    expect((await uninstalled(alex)).map((x) => x.serial_number)).toContain(serial);
    const again = await call(sbx, alex, { method: 'POST', path: `/devices/${serial}/uninstall` });
    expect(again.status).toBe(200);
    expect(one(Device).parse(again.json).data.location).toBeNull();
    const stale = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/uninstall`,
      body: { location_id: 'loc_deleted_meanwhile' },
    });
    expect(stale.status).toBe(200);
  });

  test('check-ins: first one firstCheckinDelayS after install, then every update_interval_s; silence stops them', async () => {
    const [alex] = users(sbx);
    const [d] = await uninstalled(alex);
    const [l1] = await locations(alex);
    const serial = d?.serial_number ?? '';
    await call(sbx, alex, {
      method: 'PUT',
      path: `/devices/${serial}`,
      body: { update_interval_s: 60 },
    });
    const before = (await device(alex, serial)).last_checkin_at ?? null;
    const t0 = clock;
    await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${serial}/install`,
      body: { location_id: l1?.id },
    });
    clock = t0 + 4_000;
    expect((await device(alex, serial)).last_checkin_at ?? null).toBe(before);
    clock = t0 + 5_000;
    expect((await device(alex, serial)).last_checkin_at).toBe(new Date(t0 + 5_000).toISOString());
    clock = t0 + 5_000 + 150_000;
    expect((await device(alex, serial)).last_checkin_at).toBe(
      new Date(t0 + 5_000 + 120_000).toISOString(),
    );

    sbx.setSilent(serial, true);
    const silentAt = (await device(alex, serial)).last_checkin_at;
    clock += 3_600_000;
    expect((await device(alex, serial)).last_checkin_at).toBe(silentAt);

    sbx.checkIn(serial);
    expect((await device(alex, serial)).last_checkin_at).toBe(new Date(clock).toISOString());
    sbx.setSilent(serial, false);
    clock += 61_000;
    expect((await device(alex, serial)).last_checkin_at).toBe(
      new Date(clock - 1_000).toISOString(),
    );
  });
});
