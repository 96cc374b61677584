/**
 * The tolerant error-body reader (electron/core/api/error-body.ts) and what errorFromStatus
 * makes of each shape: the code it may recognise, the fields a form should mark, where a
 * device is installed, how many devices a store still has — whatever body the server or a
 * gateway answered with. Text and HTML pages give nothing, and the status alone decides.
 */
import { describe, expect, it } from 'vitest';
import {
  isInstalledElsewhere,
  isLocationWithDevices,
  readErrorBody,
} from '../../../electron/core/api/error-body';
import { errorFromStatus } from '../../../electron/core/api/error-mapping';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const NOTHING = { code: null, fields: {}, location: null, deviceCount: null };

describe('readErrorBody: shapes', () => {
  it('{error: {code, message, details: {fields}}} (the default)', () => {
    expect(
      readErrorBody({
        error: {
          code: 'validation_failed',
          message: 'Invalid.',
          details: { fields: { 'address.city': 'is required' } },
        },
      }),
    ).toEqual({ ...NOTHING, code: 'validation_failed', fields: { 'address.city': 'is required' } });
  });

  it('{error: {…, details: {location}}} and {device_count}', () => {
    expect(
      readErrorBody({
        error: {
          code: 'device_installed_elsewhere',
          message: 'x',
          details: { location: { id: 'loc_2', name: 'Mall' } },
        },
      }),
    ).toMatchObject({
      code: 'device_installed_elsewhere',
      location: { id: 'loc_2', name: 'Mall' },
    });
    expect(
      readErrorBody({ error: { code: 'location_has_devices', details: { device_count: 4 } } }),
    ).toMatchObject({ code: 'location_has_devices', deviceCount: 4 });
  });

  it('{message, code} flat, with an upper-case code', () => {
    expect(
      readErrorBody({
        message: 'Device is installed at Mall.',
        code: 'DEVICE_INSTALLED_ELSEWHERE',
      }),
    ).toEqual({ ...NOTHING, code: 'DEVICE_INSTALLED_ELSEWHERE' });
  });

  it('{error: "text"}: no code, no fields', () => {
    expect(readErrorBody({ error: 'Invalid location_id.' })).toEqual(NOTHING);
  });

  it('{errors: [{field, message}]}, and entries not about a field are skipped', () => {
    expect(
      readErrorBody({
        errors: [{ field: 'location_id', message: 'is required' }, { message: 'Invalid request.' }],
      }),
    ).toEqual({ ...NOTHING, fields: { location_id: 'is required' } });
  });

  it('JSON:API {errors: [{code, detail, source: {pointer}}]}', () => {
    const read = readErrorBody({
      errors: [
        {
          status: '422',
          code: 'blank',
          detail: 'must not be blank',
          source: { pointer: '/data/attributes/address/city' },
        },
        {
          status: '422',
          detail: 'is unknown',
          source: { pointer: '/data/attributes/address/country' },
        },
        { status: '400', detail: 'bad', source: { parameter: 'per_page' } },
      ],
    });
    expect(read.fields).toEqual({
      'address.city': 'must not be blank',
      'address.country': 'is unknown',
      per_page: 'bad',
    });
  });

  it('{errors: {field: [messages]}} (Rails)', () => {
    expect(
      readErrorBody({
        errors: { name: ["can't be blank", 'is too short'], 'address.city': ['is required'] },
      }).fields,
    ).toEqual({ name: "can't be blank; is too short", 'address.city': 'is required' });
  });

  it('FastAPI {detail: [{loc, msg, type}]}', () => {
    expect(
      readErrorBody({
        detail: [
          { loc: ['body', 'address', 'city'], msg: 'field required', type: 'value_error.missing' },
          { loc: ['query', 'per_page'], msg: 'ensure this value is less than or equal to 500' },
        ],
      }).fields,
    ).toEqual({
      'address.city': 'field required',
      'query.per_page': 'ensure this value is less than or equal to 500',
    });
  });

  it('FastAPI {detail: "text"} (a 404) and other non-objects give nothing', () => {
    expect(readErrorBody({ detail: 'Not Found' })).toEqual(NOTHING);
    for (const body of [undefined, null, 'Not found', '<html><h1>502</h1></html>', 42, []])
      expect(readErrorBody(body), String(body)).toEqual(NOTHING);
  });

  it('a location by number id; very long texts are clipped; at most 50 fields', () => {
    expect(readErrorBody({ current_location: { id: 12, name: 'Mall' } }).location).toEqual({
      id: '12',
      name: 'Mall',
    });
    const long = 'x'.repeat(1000);
    const read = readErrorBody({ errors: { [long]: [long] } });
    const [[key, value]] = Object.entries(read.fields) as [[string, string]];
    expect(key.length).toBeLessThanOrEqual(201);
    expect(value.length).toBeLessThanOrEqual(201);
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, ['bad']]));
    expect(Object.keys(readErrorBody({ errors: many }).fields)).toHaveLength(50);
  });

  it('codes that mean "installed elsewhere" and "store has devices", however spelled', () => {
    for (const code of [
      'device_installed_elsewhere',
      'DEVICE_INSTALLED_ELSEWHERE',
      'already_installed',
      'device_in_use',
    ])
      expect(isInstalledElsewhere(code), code).toBe(true);
    for (const code of ['location_has_devices', 'LOCATION_NOT_EMPTY', 'devices_installed'])
      expect(isLocationWithDevices(code), code).toBe(true);
    expect(isInstalledElsewhere(null)).toBe(false);
    expect(isLocationWithDevices('validation_failed')).toBe(false);
  });
});

describe('errorFromStatus over each shape', () => {
  const subject = { kind: 'device', serial: 'FTC-1' } as const;
  const from = (status: number, body: unknown) =>
    errorFromStatus({ status, body, retryAfterS: undefined, subject });

  it('422 and 400 are both "invalid", with the fields of whichever shape came', () => {
    const shapes: unknown[] = [
      {
        error: {
          code: 'validation_failed',
          message: 'x',
          details: { fields: { location_id: 'is required' } },
        },
      },
      { errors: [{ field: 'location_id', message: 'is required' }] },
      { errors: [{ detail: 'is required', source: { pointer: '/location_id' } }] },
      { errors: { location_id: ['is required'] } },
      { detail: [{ loc: ['body', 'location_id'], msg: 'is required' }] },
    ];
    for (const body of shapes) {
      for (const status of [400, 422]) {
        const e = from(status, body);
        expect(e.kind, JSON.stringify(body)).toBe('invalid');
        expect(e.fields).toEqual({
          location_id: { code: 'server', params: { words: 'is required' } },
        });
      }
    }
  });

  it('a 400/422 whose body is text or {error: "text"} is still "invalid", with no fields', () => {
    for (const body of [
      undefined,
      { error: 'location_id is required' },
      { message: 'Bad', code: 'VALIDATION_FAILED' },
    ]) {
      const e = from(400, body);
      expect(e.kind).toBe('invalid');
      expect(e.fields).toEqual({});
    }
  });

  it('409 with JSON:API {errors: [{code}]}: the code of the entry is recognised', () => {
    expect(readErrorBody({ errors: [{ code: 'installed_elsewhere' }] }).code).toBe(
      'installed_elsewhere',
    );
    expect(
      readErrorBody({ errors: [{ detail: 'x' }, { code: 'has_devices', detail: 'y' }] }).code,
    ).toBe('has_devices');
    expect(
      from(409, { errors: [{ code: 'installed_elsewhere', detail: 'In use.' }] }),
    ).toMatchObject({ kind: 'conflict', code: 'installed_elsewhere' });
  });

  it('409 installed elsewhere: nested, flat upper-case, or just a location; the location travels', () => {
    const nested = from(409, {
      error: {
        code: 'device_installed_elsewhere',
        message: 'x',
        details: { location: { id: 'loc_2', name: 'Mall' } },
      },
    });
    expect(nested).toMatchObject({ kind: 'conflict', location: { id: 'loc_2', name: 'Mall' } });
    const flat = from(409, { code: 'DEVICE_INSTALLED_ELSEWHERE', message: 'Installed at Mall.' });
    // Recognised by its code alone; where the device is stays unknown (the text is not read).
    expect(flat).toMatchObject({ kind: 'conflict', location: null });
    expect(flat.message).not.toContain('Installed at Mall.');
    const located = from(409, { location: { id: 'loc_3', name: 'Station' } });
    expect(located).toMatchObject({ kind: 'conflict', location: { id: 'loc_3', name: 'Station' } });
  });

  it('409 on a store that still has devices says how many when the body does', () => {
    const e = from(409, {
      error: { code: 'location_has_devices', message: 'x', details: { device_count: 3 } },
    });
    expect(e.kind).toBe('conflict');
    expect(errorWords(e).message).toMatch(/3/);
    expect(from(409, { message: 'Not empty', code: 'LOCATION_NOT_EMPTY' }).kind).toBe('conflict');
  });

  it('text and HTML bodies: the status decides (401, 403, 404, 5xx)', () => {
    expect(from(401, undefined).kind).toBe('unauthorized');
    expect(from(403, undefined).kind).toBe('forbidden');
    const missing = from(404, undefined);
    expect(missing.kind).toBe('not_found');
    expect(errorWords(missing).message).toContain('FTC-1');
    expect(from(502, undefined).kind).toBe('server');
    expect(from(503, { error: 'Service Unavailable' }).kind).toBe('server');
  });

  it('server wording never reaches the technician', () => {
    const e = from(422, { message: 'SECRET internal trace at db.go:42', code: 'X' });
    expect(JSON.stringify(e.toShape())).not.toContain('SECRET');
  });
});
