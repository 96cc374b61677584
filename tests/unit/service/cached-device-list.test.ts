import { describe, expect, it } from 'vitest';
import { CachedDeviceList } from '../../../electron/core/service/cached-device-list';

describe('cached device lists', () => {
  it('accepts what we wrote: devices with serials, unknown fields and nulls kept', () => {
    const list = [
      { serial_number: 'FTC-1', location: null, extra: { a: 1 } },
      { serial_number: 'FTC-2' },
    ];
    expect(CachedDeviceList.parse(list)).toEqual(list);
    expect(CachedDeviceList.parse([])).toEqual([]);
  });

  it.each([
    ['an object', { serial_number: 'FTC-1' }],
    ['a device without a serial', [{ serial_number: 'FTC-1' }, { name: 'x' }]],
    ['a numeric serial', [{ serial_number: 7 }]],
    ['null inside', [null]],
    ['a string', 'FTC-1'],
  ])('refuses %s, so the file is quarantined instead of shown', (_what, value) => {
    expect(CachedDeviceList.safeParse(value).success).toBe(false);
  });
});
