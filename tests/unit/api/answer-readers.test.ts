/**
 * Single resources out of answers, whatever envelope the server used
 * (electron/core/api/answer-readers.ts): `{data: {...}}`, the object itself or a named root
 * (`{"device": {...}}`); nothing usable (a 204, `{}`, `{id}` only, `{"status": "ok"}`) gives
 * null so that the caller reads the state back; devices keep the spec's exact fields
 * (validated) after "not installed" (an empty location, `installed: false`) and "never" (a
 * zero time) are read; locations get their address read tolerantly, and unknown fields are
 * kept. What the readers adapted to is told as findings (the connection check's facts).
 */
import { describe, expect, it } from 'vitest';
import {
  createdId,
  isDeviceLike,
  isLocationLike,
  readDevice,
  readLocation,
  readOrganization,
  unwrap,
} from '../../../electron/core/api/answer-readers';
import { AppError } from '../../../electron/core/app-error';
import type { ApiFinding } from '../../../electron/core/api/findings';
import { LocationRef } from '../../../electron/core/api/wire';

const DEVICE = {
  serial_number: 'FTC-1',
  device_type_name: 'Door counter',
  firmware_version_name: '2.1.0',
  location: { id: 'loc_1', name: 'Mall' },
  vendor_ext: { hw_revision: 'r2' },
};

describe('unwrap', () => {
  it('{data: resource} or the resource itself', () => {
    expect(unwrap({ data: DEVICE }, isDeviceLike, 'device')).toBe(DEVICE);
    expect(unwrap(DEVICE, isDeviceLike, 'device')).toBe(DEVICE);
    const loc = { id: 'loc_1', name: 'Mall' };
    expect(unwrap({ data: loc, meta: {} }, isLocationLike, 'location')).toBe(loc);
    expect(unwrap({ id: 7, name: 'Mall' }, isLocationLike, 'location')).toEqual({
      id: 7,
      name: 'Mall',
    });
  });

  it('nothing usable: undefined (204), {}, {id} only, {data: {}}, text, an array', () => {
    for (const body of [
      undefined,
      null,
      {},
      { id: 'loc_1' },
      { data: {} },
      'OK',
      [DEVICE],
      { status: 'ok' },
      { device: {} },
      { location: { id: 'loc_1' } },
    ]) {
      expect(unwrap(body, isDeviceLike, 'device'), JSON.stringify(body)).toBeNull();
      expect(unwrap(body, isLocationLike, 'location'), JSON.stringify(body)).toBeNull();
    }
  });

  it('a named root: {device}, {location}, {organization}, told as a finding', () => {
    const heard: ApiFinding[] = [];
    const note = (f: ApiFinding) => heard.push(f);
    expect(unwrap({ device: DEVICE }, isDeviceLike, 'device', note)).toBe(DEVICE);
    const loc = { id: 'loc_1', name: 'Mall' };
    expect(unwrap({ location: loc }, isLocationLike, 'location', note)).toBe(loc);
    const org = { id: 'org_1', name: 'Acme' };
    expect(unwrap({ organization: org }, isLocationLike, 'organization', note)).toBe(org);
    expect(heard).toEqual([{ kind: 'named_root' }, { kind: 'named_root' }, { kind: 'named_root' }]);
  });

  it('only the root named for the resource; the resource itself before its root', () => {
    const heard: ApiFinding[] = [];
    const note = (f: ApiFinding) => heard.push(f);
    // A device in its root is no location.
    expect(unwrap({ device: DEVICE }, isLocationLike, 'location', note)).toBeNull();
    // A store with a `location` (a geo point with an id) of its own is still itself.
    const store = { id: 'loc_1', name: 'Mall', location: { id: 'geo_7', lat: 1, lng: 2 } };
    expect(unwrap(store, isLocationLike, 'location', note)).toBe(store);
    expect(heard).toEqual([]);
  });
});

describe('readDevice / readLocation / readOrganization', () => {
  it('a device keeps the spec’s fields and every unknown one', () => {
    expect(readDevice(DEVICE)).toEqual(DEVICE);
  });

  it('a device with a spec field of the wrong type is refused (bad_response), values not copied', () => {
    try {
      readDevice({ serial_number: 'FTC-1', update_interval_s: 'SECRET-ish' });
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).kind).toBe('bad_response');
      expect(String((e as Error).cause)).toMatch(/update_interval_s/);
      expect(String((e as Error).cause)).not.toContain('SECRET-ish');
    }
  });

  it('a location’s address is read whatever its spelling; a number id becomes text', () => {
    const read = readLocation({
      id: 42,
      name: 'Store',
      address: { address1: 'Damrak 1', town: 'Amsterdam', zip: '1012 LG', country: 'Netherlands' },
      device_count: 3,
      extra: 'kept',
    });
    expect(read).toMatchObject({
      id: '42',
      name: 'Store',
      device_count: 3,
      extra: 'kept',
      address: { line1: 'Damrak 1', city: 'Amsterdam', postal_code: '1012 LG', country: 'NL' },
    });
  });

  it('a location with its address as one string, or none', () => {
    expect(
      readLocation({ id: 'l', name: 'S', address: 'Damrak 1, Amsterdam' }).address,
    ).toMatchObject({
      text: 'Damrak 1, Amsterdam',
      city: null,
    });
    expect(readLocation({ id: 'l', name: 'S' }).address).toBeNull();
  });

  it('an organization with a number id', () => {
    expect(readOrganization({ id: 5, name: 'Acme' })).toEqual({ id: '5', name: 'Acme' });
  });
});

describe('missing and null fields never refuse a resource', () => {
  it('a location with null timezone, created_at, device_count and address is read', () => {
    expect(
      readLocation({
        id: 'l',
        name: 'S',
        timezone: null,
        created_at: null,
        device_count: null,
        address: null,
      }),
    ).toMatchObject({ id: 'l', name: 'S', timezone: null, device_count: null, address: null });
  });

  it('a location without a name, or with a null one, has name null', () => {
    expect(readLocation({ id: 'l', address: 'Damrak 1' }).name).toBeNull();
    expect(readLocation({ id: 'l', name: null }).name).toBeNull();
  });

  it('a location without a name is still a location in a {data} envelope; {id} alone is not', () => {
    const loc = { id: 'l', address: 'Damrak 1' };
    expect(unwrap({ data: loc }, isLocationLike, 'location')).toBe(loc);
    expect(unwrap({ data: { id: 'l' } }, isLocationLike, 'location')).toBeNull();
  });

  it('an organization with null timezone and created_at is read', () => {
    expect(readOrganization({ id: 'o', name: 'Acme', timezone: null, created_at: null })).toEqual({
      id: 'o',
      name: 'Acme',
      timezone: null,
      created_at: null,
    });
  });
});

describe('a device’s location is read in the spec’s {id, name} form', () => {
  const at = (location: unknown) => readDevice({ serial_number: 'FTC-1', location }).location;

  it('as the spec gives it, and null or absent when not installed', () => {
    expect(at({ id: 'loc_1', name: 'Mall' })).toEqual({ id: 'loc_1', name: 'Mall' });
    expect(at(null)).toBeNull();
    expect(readDevice({ serial_number: 'FTC-1' }).location).toBeUndefined();
  });

  it('a numeric id becomes text', () => {
    expect(at({ id: 7, name: 'Mall' })).toEqual({ id: '7', name: 'Mall' });
  });

  it('a missing or null name is null', () => {
    expect(at({ id: 'loc_1' })).toEqual({ id: 'loc_1', name: null });
    expect(at({ id: 'loc_1', name: null })).toEqual({ id: 'loc_1', name: null });
  });

  it('a bare id (text or number) becomes {id, name: null}', () => {
    expect(at('loc_1')).toEqual({ id: 'loc_1', name: null });
    expect(at(12)).toEqual({ id: '12', name: null });
  });

  it('unknown fields of the reference are kept; a reference without an id is refused', () => {
    expect(at({ id: 'loc_1', name: 'Mall', city: 'Berlin' })).toMatchObject({ city: 'Berlin' });
    expect(() => at({ name: 'Mall' })).toThrow(AppError);
  });
});

describe('"not installed" in every spelling: installed only with a non-empty location id', () => {
  const read = (fields: Record<string, unknown>) => {
    const heard: ApiFinding[] = [];
    const device = readDevice({ serial_number: 'FTC-1', ...fields }, (f) => heard.push(f));
    return { location: device.location, heard };
  };
  const EMPTY = [{ kind: 'not_installed_empty_location' }];

  it.each<[string, unknown]>([
    ['a Go zero value {id: "", name: ""}', { id: '', name: '' }],
    ['{id: 0, name: ""}', { id: 0, name: '' }],
    ['{id: null, name: null}', { id: null, name: null }],
    ['an empty id beside a name', { id: '', name: 'Mall' }],
    ['{}', {}],
    ['a bare ""', ''],
    ['a bare 0', 0],
  ])('%s is null, told as a finding', (_what, location) => {
    expect(read({ location })).toEqual({ location: null, heard: EMPTY });
  });

  it('installed: false beside a location (the last one) is not installed', () => {
    expect(read({ installed: false, location: { id: 'loc_1', name: 'Mall' } })).toEqual({
      location: null,
      heard: EMPTY,
    });
  });

  it('null, an absent location, or installed: false alone: not installed, nothing to tell', () => {
    expect(read({ location: null })).toEqual({ location: null, heard: [] });
    expect(read({ installed: false })).toEqual({ location: null, heard: [] });
    expect(read({})).toEqual({ location: undefined, heard: [] });
  });

  it('installed: true beside a location is that location', () => {
    expect(read({ installed: true, location: { id: 'loc_1', name: 'Mall' } })).toEqual({
      location: { id: 'loc_1', name: 'Mall' },
      heard: [],
    });
  });

  it('the schema itself refuses a location reference with an empty id', () => {
    expect(LocationRef.safeParse({ id: '', name: 'Mall' }).success).toBe(false);
    expect(LocationRef.safeParse({ id: 'loc_1', name: null }).success).toBe(true);
  });
});

describe('"never" in every spelling: a zero time is null, not two thousand years ago', () => {
  const read = (fields: Record<string, unknown>) => {
    const heard: ApiFinding[] = [];
    const device = readDevice({ serial_number: 'FTC-1', ...fields }, (f) => heard.push(f));
    return { at: device.last_checkin_at, since: device.installed_at, heard };
  };

  it.each<[string, unknown]>([
    ['Go’s zero time', '0001-01-01T00:00:00Z'],
    ['the Unix epoch', '1970-01-01T00:00:00Z'],
    ['0', 0],
    ['"0"', '0'],
    ['an empty string', ''],
  ])('%s is never, told as a finding', (_what, value) => {
    expect(read({ last_checkin_at: value, installed_at: value })).toEqual({
      at: null,
      since: null,
      heard: [{ kind: 'zero_time_is_never' }, { kind: 'zero_time_is_never' }],
    });
  });

  it('a real time is kept as it came; epoch seconds and milliseconds become ISO 8601', () => {
    expect(read({ last_checkin_at: '2026-03-04T10:00:00Z' }).at).toBe('2026-03-04T10:00:00Z');
    expect(read({ last_checkin_at: 1_772_618_400 }).at).toBe('2026-03-04T10:00:00.000Z');
    expect(read({ last_checkin_at: 1_772_618_400_000 }).at).toBe('2026-03-04T10:00:00.000Z');
    expect(read({ last_checkin_at: null }).heard).toEqual([]);
  });

  it('a location’s and an organization’s created_at are read the same way', () => {
    expect(
      readLocation({ id: 'l', name: 'S', created_at: '0001-01-01T00:00:00Z' }).created_at,
    ).toBeNull();
    expect(readOrganization({ id: 'o', name: 'Acme', created_at: 0 }).created_at).toBeNull();
  });

  it('a time that is no time is left for the screens to call unknown; an object is refused', () => {
    expect(read({ last_checkin_at: 'soon' }).at).toBe('soon');
    expect(() => read({ last_checkin_at: { at: 1 } })).toThrow(AppError);
  });
});

describe('createdId', () => {
  it('from {id}, {data: {id}}, or the last segment of a Location header', () => {
    expect(createdId({ id: 'loc_9' }, null)).toBe('loc_9');
    expect(createdId({ id: 9 }, null)).toBe('9');
    expect(createdId({ data: { id: 'loc_9' } }, null)).toBe('loc_9');
    expect(createdId({ location: { id: 'loc_9' } }, null)).toBe('loc_9');
    expect(createdId(undefined, '/v1/locations/loc_9')).toBe('loc_9');
    expect(createdId({}, 'https://api.example.com/v1/locations/loc%209/?x=1')).toBe('loc 9');
  });

  it('null when neither says', () => {
    expect(createdId(undefined, null)).toBeNull();
    expect(createdId({ ok: true }, null)).toBeNull();
    expect(createdId('Created', '')).toBeNull();
  });
});
