import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  Device,
  ErrorBody,
  FootTraffic,
  LocationMetric,
  listOf,
} from '../../../electron/core/api/wire';
import type { RunningSandbox, SandboxUser } from '../../../electron/sandbox';
import { call, start, users } from './harness';

let sbx: RunningSandbox;
// A Saturday afternoon in Chicago time, so stores are open.
let clock = Date.parse('2026-03-07T20:30:00Z');
beforeAll(async () => {
  sbx = await start({ devices: 80, now: () => clock });
});
afterAll(() => sbx.close());

const deviceTraffic = async (u: SandboxUser, serial: string, q: string) => {
  const r = await call(sbx, u, { path: `/foot-traffic/devices/${serial}?${q}` });
  expect(r.status).toBe(200);
  const body = r.json as {
    data: unknown[];
    meta: { total: number; granularity: string; from: string; to: string };
  };
  return { series: body.data.map((b) => FootTraffic.parse(b)), meta: body.meta };
};
const control = (path: string, body?: unknown) =>
  fetch(`${sbx.origin}/_sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const installedDevice = async (u: SandboxUser) =>
  listOf(Device)
    .parse((await call(sbx, u, { path: '/devices?installed=true&per_page=500' })).json)
    .data.find(
      (d) =>
        d.last_checkin_at &&
        d.location &&
        d.installed_at &&
        Date.parse(d.installed_at) < clock - 8 * 86_400_000,
    );

describe('sandbox foot traffic', () => {
  test('location metrics: default is 7 UTC days, every location, totals = sum of series', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, { path: '/foot-traffic/locations' });
    const body = listOf(LocationMetric).parse(r.json);
    expect(r.json).toMatchObject({
      meta: {
        granularity: 'day',
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-08T00:00:00.000Z',
      },
    });
    expect(body.data.length).toBe(body.meta?.total_count);
    for (const m of body.data) {
      expect(m.series).toHaveLength(7);
      expect(m.total).toBe(m.series.reduce((a, b) => a + b.count, 0));
    }
    expect(body.data.some((m) => m.total > 0)).toBe(true);
  });

  test('a location’s traffic is the sum of its installed devices; buckets are UTC-aligned', async () => {
    const [alex] = users(sbx);
    const q = 'from=2026-03-05T10:17:00Z&to=2026-03-06T00:00:00Z&granularity=hour';
    const metrics = listOf(LocationMetric).parse(
      (await call(sbx, alex, { path: `/foot-traffic/locations?${q}&per_page=500` })).json,
    ).data;
    const m = metrics.find((x) => x.total > 0);
    expect(m?.series[0]?.start).toBe('2026-03-05T10:00:00.000Z');
    expect(m?.series).toHaveLength(14);
    const devices = listOf(Device).parse(
      (await call(sbx, alex, { path: `/locations/${m?.location.id}/devices?per_page=500` })).json,
    ).data;
    let sum = 0;
    for (const d of devices) sum += (await deviceTraffic(alex, d.serial_number, q)).meta.total;
    expect(sum).toBe(m?.total);
  });

  test('minute, hour and day buckets agree with each other', async () => {
    const [alex] = users(sbx);
    const d = await installedDevice(alex);
    const serial = d?.serial_number ?? '';
    const day = await deviceTraffic(
      alex,
      serial,
      'from=2026-03-06T00:00:00Z&to=2026-03-07T00:00:00Z&granularity=day',
    );
    const hours = await deviceTraffic(
      alex,
      serial,
      'from=2026-03-06T00:00:00Z&to=2026-03-07T00:00:00Z&granularity=hour',
    );
    expect(hours.series).toHaveLength(24);
    expect(day.meta.total).toBe(hours.meta.total);
    expect(day.meta.total).toBeGreaterThan(0);
    const oneHour = hours.series[17];
    const minutes = await deviceTraffic(
      alex,
      serial,
      `from=${oneHour?.start}&to=${oneHour?.end}&granularity=minute`,
    );
    expect(minutes.series).toHaveLength(60);
    expect(minutes.meta.total).toBe(oneHour?.count);
    // Stores are shut at night, whatever their time zone.
    expect(hours.series.filter((b) => b.count === 0).length).toBeGreaterThanOrEqual(6);
  });

  test('walk-throughs (API and control route) appear in the device’s buckets and its location’s', async () => {
    const [alex] = users(sbx);
    const d = await installedDevice(alex);
    const serial = d?.serial_number ?? '';
    const q = 'from=2026-03-07T20:00:00Z&to=2026-03-07T21:00:00Z&granularity=minute';
    const before = await deviceTraffic(alex, serial, q);
    const locBefore = listOf(LocationMetric)
      .parse((await call(sbx, alex, { path: '/foot-traffic/locations?per_page=500' })).json)
      .data.find((m) => m.location.id === d?.location?.id);
    sbx.walkThrough(serial, 3);
    const res = await control(`/devices/${serial}/walk-through`, { count: 4 });
    expect(res.status).toBe(200);
    const after = await deviceTraffic(alex, serial, q);
    expect(after.meta.total - before.meta.total).toBe(7);
    expect((after.series[30]?.count ?? 0) - (before.series[30]?.count ?? 0)).toBe(7);
    const locAfter = listOf(LocationMetric)
      .parse((await call(sbx, alex, { path: '/foot-traffic/locations?per_page=500' })).json)
      .data.find((m) => m.location.id === d?.location?.id);
    expect((locAfter?.total ?? 0) - (locBefore?.total ?? 0)).toBe(7);
    expect((await control(`/devices/${serial}/walk-through`, { count: 0 })).status).toBe(422);
  });

  test('silence and checkin through control routes', async () => {
    const [alex] = users(sbx);
    const d = await installedDevice(alex);
    const serial = d?.serial_number ?? '';
    expect((await control(`/devices/${serial}/silence`, { silent: true })).status).toBe(200);
    clock += 3 * 3_600_000;
    const silent = listOf(Device).parse(
      (await call(sbx, alex, { path: `/devices?q=${serial}` })).json,
    ).data[0];
    expect(Date.parse(silent?.last_checkin_at ?? '')).toBeLessThan(clock - 2 * 3_600_000);
    expect((await control(`/devices/${serial}/checkin`, {})).status).toBe(200);
    const fresh = listOf(Device).parse(
      (await call(sbx, alex, { path: `/devices?q=${serial}` })).json,
    ).data[0];
    expect(fresh?.last_checkin_at).toBe(new Date(clock).toISOString());
    expect((await control('/devices/FTC-UNKNOWN1/checkin', {})).status).toBe(404);
  });

  test('invalid ranges → 422', async () => {
    const [alex] = users(sbx);
    const d = await installedDevice(alex);
    for (const q of [
      'from=yesterday',
      'from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z',
      'from=2026-03-01T00:00:00Z&to=2026-03-01T00:00:00Z',
      'from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z&granularity=minute',
      'granularity=week',
    ]) {
      const r = await call(sbx, alex, { path: `/foot-traffic/devices/${d?.serial_number}?${q}` });
      expect(r.status, q).toBe(422);
      expect(ErrorBody.parse(r.json).error.code).toBe('validation_failed');
    }
    expect(
      (await call(sbx, alex, { path: '/foot-traffic/locations?granularity=minute' })).status,
    ).toBe(422);
    expect(
      (
        await call(sbx, alex, {
          path: '/foot-traffic/locations?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&granularity=hour',
        })
      ).status,
    ).toBe(422);
  });

  test('GET /_sandbox/state maps devices to locations', async () => {
    const r = await control('/state');
    const body = (await r.json()) as {
      counts: { devices: number; installed: number; uninstalled: number };
      devices: Record<string, string | null>;
    };
    expect(body.counts.devices).toBe(240);
    expect(body.counts.installed + body.counts.uninstalled).toBe(240);
    expect(Object.keys(body.devices)).toHaveLength(240);
  });
});
