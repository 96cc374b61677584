import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  Device,
  ErrorBody,
  Location,
  PageMeta,
  listOf,
  one,
} from '../../../electron/core/api/wire';
import type { RunningSandbox } from '../../../electron/sandbox';
import { call, start, users } from './harness';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await start({ devices: 250 });
});
afterAll(() => sbx.close());

const fields = (json: unknown) => ErrorBody.parse(json).error.details?.fields;
const newLocation = {
  name: 'Training Store Leipzig',
  address: { line1: 'Petersstraße 12', city: 'Leipzig', country: 'DE', postal_code: '04109' },
};

describe('sandbox locations and paging', () => {
  test('following pages visits every device once and sums to total_count', async () => {
    const [alex] = users(sbx);
    const seen = new Set<string>();
    let page = 1;
    let total: number | undefined;
    for (;;) {
      const r = await call(sbx, alex, { path: `/devices?per_page=37&page=${page}` });
      const body = listOf(Device).parse(r.json);
      total = body.meta?.total_count;
      if (body.data.length === 0) break;
      for (const d of body.data) seen.add(d.serial_number);
      page++;
    }
    expect(total).toBe(250);
    expect(seen.size).toBe(total);
    expect(page - 1).toBe(Math.ceil(250 / 37));
  });

  test('beyond the last page → empty data with the same meta', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, { path: '/locations?page=999' });
    const body = listOf(Location).parse(r.json);
    expect(body.data).toEqual([]);
    expect(PageMeta.parse(body.meta).page).toBe(999);
  });

  test.each(['page=0', 'page=-1', 'page=abc', 'per_page=0', 'per_page=501', 'per_page=1.5'])(
    'invalid paging %s → 422',
    async (q) => {
      const [alex] = users(sbx);
      const r = await call(sbx, alex, { path: `/locations?${q}` });
      expect(r.status).toBe(422);
      expect(Object.keys(fields(r.json) ?? {})).toHaveLength(1);
    },
  );

  test('locations have addresses in several countries, time zones and device counts', async () => {
    const [alex] = users(sbx);
    const body = listOf(Location).parse(
      (await call(sbx, alex, { path: '/locations?per_page=500' })).json,
    );
    expect(body.data.length).toBeGreaterThanOrEqual(24);
    expect(body.data.length).toBeLessThanOrEqual(40);
    expect(new Set(body.data.map((l) => l.address?.country)).size).toBeGreaterThanOrEqual(3);
    const installed = body.data.reduce((n, l) => n + (l.device_count ?? 0), 0);
    expect(installed).toBeGreaterThan(100);
    expect(installed).toBeLessThan(250);
  });

  test('q matches name, city or street case-insensitively', async () => {
    const [alex] = users(sbx);
    const all = listOf(Location).parse(
      (await call(sbx, alex, { path: '/locations?per_page=500' })).json,
    ).data;
    const city = all[0]?.address?.city ?? '';
    const r = listOf(Location).parse(
      (await call(sbx, alex, { path: `/locations?q=${encodeURIComponent(city.toUpperCase())}` }))
        .json,
    );
    expect(r.data.length).toBeGreaterThan(0);
    expect(
      r.data.every((l) =>
        `${l.name} ${l.address?.city} ${l.address?.line1}`
          .toLowerCase()
          .includes(city.toLowerCase()),
      ),
    ).toBe(true);
    expect(r.data.length).toBeLessThan(all.length);
  });

  test('create → read → list devices → delete → 404', async () => {
    const [alex] = users(sbx);
    const created = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      body: newLocation,
    });
    expect(created.status).toBe(201);
    const loc = one(Location).parse(created.json).data;
    expect(loc).toMatchObject({
      name: newLocation.name,
      timezone: 'Europe/Berlin',
      device_count: 0,
      address: { country: 'DE', line2: null },
    });
    const read = one(Location).parse(
      (await call(sbx, alex, { path: `/locations/${loc.id}` })).json,
    ).data;
    expect(read).toEqual(loc);
    const devices = listOf(Device).parse(
      (await call(sbx, alex, { path: `/locations/${loc.id}/devices` })).json,
    );
    expect(devices.data).toEqual([]);
    expect((await call(sbx, alex, { method: 'DELETE', path: `/locations/${loc.id}` })).status).toBe(
      204,
    );
    expect((await call(sbx, alex, { path: `/locations/${loc.id}` })).status).toBe(404);
    expect((await call(sbx, alex, { method: 'DELETE', path: `/locations/${loc.id}` })).status).toBe(
      404,
    );
  });

  test('a location of another organization is 404 for reads, device lists and deletes', async () => {
    const [alex] = users(sbx);
    const otherOrg = alex.organizations[1]?.id ?? '';
    const theirs = listOf(Location).parse(
      (await call(sbx, alex, { path: '/locations?per_page=1', org: otherOrg })).json,
    ).data[0];
    for (const [method, path] of [
      ['GET', `/locations/${theirs?.id}`],
      ['GET', `/locations/${theirs?.id}/devices`],
      ['DELETE', `/locations/${theirs?.id}`],
    ] as const) {
      expect((await call(sbx, alex, { method, path })).status, `${method} ${path}`).toBe(404);
    }
  });

  test('POST /locations validation reports every field problem', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      body: { name: '', address: { line1: 'x', country: 'Germany', floor: 3 }, colour: 'red' },
    });
    expect(r.status).toBe(422);
    expect(ErrorBody.parse(r.json).error.code).toBe('validation_failed');
    expect(fields(r.json)).toEqual({
      name: 'must be 1 to 120 characters',
      'address.city': 'is required',
      'address.country': expect.stringMatching(/ISO 3166-1/),
      'address.floor': 'is not allowed',
      colour: 'is not allowed',
    });
    const missing = await call(sbx, alex, { method: 'POST', path: '/locations', body: {} });
    expect(fields(missing.json)).toEqual({ name: 'is required', address: 'is required' });
    const tz = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      body: { ...newLocation, timezone: 'Mars/Base' },
    });
    expect(Object.keys(fields(tz.json) ?? {})).toEqual(['timezone']);
    const long = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      body: { ...newLocation, name: 'x'.repeat(121) },
    });
    expect(fields(long.json)).toEqual({ name: 'must be 1 to 120 characters' });
  });

  test('malformed JSON → 400 bad_request; bodies over 1 MB → 413', async () => {
    const [alex] = users(sbx);
    const bad = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.json).error.code).toBe('bad_request');
    const huge = await call(sbx, alex, {
      method: 'POST',
      path: '/locations',
      body: { ...newLocation, name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(huge.status).toBe(413);
  });

  test('deleting a location with devices → 409 location_has_devices with the count', async () => {
    const [alex] = users(sbx);
    const locs = listOf(Location).parse(
      (await call(sbx, alex, { path: '/locations?per_page=500' })).json,
    ).data;
    const busy = locs.find((l) => (l.device_count ?? 0) > 0);
    const r = await call(sbx, alex, { method: 'DELETE', path: `/locations/${busy?.id}` });
    expect(r.status).toBe(409);
    const err = ErrorBody.parse(r.json).error;
    expect(err.code).toBe('location_has_devices');
    expect(err.details).toEqual({ device_count: busy?.device_count });
    const devices = listOf(Device).parse(
      (await call(sbx, alex, { path: `/locations/${busy?.id}/devices` })).json,
    );
    expect(devices.data).toHaveLength(busy?.device_count ?? -1);
    expect(devices.data.every((d) => d.location?.id === busy?.id)).toBe(true);
  });
});
