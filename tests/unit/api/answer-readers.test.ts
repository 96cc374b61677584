/**
 * Single resources out of answers, whatever envelope the server used
 * (electron/core/api/answer-readers.ts): `{data: {...}}` or the object itself; nothing usable
 * (a 204, `{}`, `{id}` only) gives null so that the caller reads the state back; devices keep
 * the spec's exact fields (validated), locations get their address read tolerantly, and
 * unknown fields are kept.
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

const DEVICE = {
  serial_number: 'FTC-1',
  device_type_name: 'Door counter',
  firmware_version_name: '2.1.0',
  location: { id: 'loc_1', name: 'Mall' },
  vendor_ext: { hw_revision: 'r2' },
};

describe('unwrap', () => {
  it('{data: resource} or the resource itself', () => {
    expect(unwrap({ data: DEVICE }, isDeviceLike)).toBe(DEVICE);
    expect(unwrap(DEVICE, isDeviceLike)).toBe(DEVICE);
    const loc = { id: 'loc_1', name: 'Mall' };
    expect(unwrap({ data: loc, meta: {} }, isLocationLike)).toBe(loc);
    expect(unwrap({ id: 7, name: 'Mall' }, isLocationLike)).toEqual({ id: 7, name: 'Mall' });
  });

  it('nothing usable: undefined (204), {}, {id} only, {data: {}}, text, an array', () => {
    for (const body of [undefined, null, {}, { id: 'loc_1' }, { data: {} }, 'OK', [DEVICE]]) {
      expect(unwrap(body, isDeviceLike), JSON.stringify(body)).toBeNull();
      expect(unwrap(body, isLocationLike), JSON.stringify(body)).toBeNull();
    }
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
    expect(unwrap({ data: loc }, isLocationLike)).toBe(loc);
    expect(unwrap({ data: { id: 'l' } }, isLocationLike)).toBeNull();
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

describe('createdId', () => {
  it('from {id}, {data: {id}}, or the last segment of a Location header', () => {
    expect(createdId({ id: 'loc_9' }, null)).toBe('loc_9');
    expect(createdId({ id: 9 }, null)).toBe('9');
    expect(createdId({ data: { id: 'loc_9' } }, null)).toBe('loc_9');
    expect(createdId(undefined, '/v1/locations/loc_9')).toBe('loc_9');
    expect(createdId({}, 'https://api.example.com/v1/locations/loc%209/?x=1')).toBe('loc 9');
  });

  it('null when neither says', () => {
    expect(createdId(undefined, null)).toBeNull();
    expect(createdId({ ok: true }, null)).toBeNull();
    expect(createdId('Created', '')).toBeNull();
  });
});
