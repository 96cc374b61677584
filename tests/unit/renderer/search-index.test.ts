import { describe, expect, it } from 'vitest';
import type { Device } from '../../../electron/contract';
import { devicesContaining, searchIndexOf } from '../../../renderer/src/lib/search-index';

const device = (serial: string, name: string | null = null): Device =>
  ({ serial_number: serial, name }) as Device;

describe('search index', () => {
  const devices = [
    device('FTC-AAA1'),
    device('FTC-BBB2', 'Back door\nstaff only'),
    device('FTC-CCC3', 'Front'),
    device('FTC-AAA4'),
  ];
  const index = searchIndexOf(devices);

  it('finds each matching device once, in list order, first and last included', () => {
    expect(devicesContaining(index, 'aaa')).toEqual([0, 3]);
    expect(devicesContaining(index, 'ftc-')).toEqual([0, 1, 2, 3]);
    expect(devicesContaining(index, '4')).toEqual([3]);
    expect(devicesContaining(index, 'zzz')).toEqual([]);
  });

  it('keeps a device with a line break in its name on one line', () => {
    expect(devicesContaining(index, 'staff')).toEqual([1]);
    expect(devicesContaining(index, 'door staff')).toEqual([1]);
    expect(index.texts).toHaveLength(4);
  });

  it('agrees with a plain includes() over every device', () => {
    const many = Array.from({ length: 5_000 }, (_, i) =>
      device(`FTC-${(i * 7919).toString(36).toUpperCase()}`),
    );
    const big = searchIndexOf(many);
    for (const word of ['a', '7', 'ftc-1', 'zz', '-']) {
      const expected = big.texts.flatMap((t, i) => (t.includes(word) ? [i] : []));
      expect(devicesContaining(big, word), word).toEqual(expected);
    }
  });

  it('is built once per list', () => {
    expect(searchIndexOf(devices)).toBe(index);
    expect(searchIndexOf([...devices])).not.toBe(index);
  });
});
