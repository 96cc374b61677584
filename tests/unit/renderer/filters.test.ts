import { describe, expect, it } from 'vitest';
import type { Device, Location } from '../../../electron/contract';
import {
  distinctValues,
  EMPTY_FILTER,
  filterDevices,
  prepareSearch,
} from '../../../renderer/src/lib/device-filter';
import { filterLocations } from '../../../renderer/src/lib/location-filter';

const devices: Device[] = Array.from({ length: 100_000 }, (_, i) => ({
  serial_number: `FTC-${String(i).padStart(8, '0')}`,
  device_type_name: i % 2 ? 'Door Counter DC-200' : 'Overhead 3D Sensor',
  firmware_version_name: i % 3 ? '2.4.1' : '2.10.0',
  location: i % 5 === 0 ? { id: 'l1', name: 'Hamburg Harbour' } : null,
}));

/** The plain definition the incremental search must always agree with. */
const reference = (list: readonly Device[], query: string, type = '', firmware = '') => {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((d) => {
    if (type && d.device_type_name !== type) return false;
    if (firmware && d.firmware_version_name !== firmware) return false;
    const text = [d.serial_number, d.device_type_name, d.firmware_version_name, d.location?.name]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
};

describe('inventory filters', () => {
  it('typing, deleting and changing filters always gives what a fresh search gives', () => {
    const steps: [string, string][] = [
      ['f', ''],
      ['ft', ''],
      ['ftc-0000', ''],
      ['ftc-00001', ''],
      ['ftc-0000', ''],
      ['ftc-00009 harb', ''],
      ['ftc-00009 harbour', 'Door Counter DC-200'],
      ['ftc-00009', 'Door Counter DC-200'],
      ['ftc-000099', ''],
      ['', ''],
      ['2.10', ''],
      ['2.10 overhead', ''],
    ];
    for (const [query, type] of steps) {
      const got = filterDevices(devices, { query, type, firmware: '' }).map((d) => d.serial_number);
      expect(got, `${query} / ${type}`).toEqual(
        reference(devices, query, type).map((d) => d.serial_number),
      );
    }
    // A new list (a refresh) is never narrowed from the old list's matches.
    const refreshed = [...devices.slice(0, 10), { serial_number: 'FTC-00009999X' } as Device];
    expect(
      filterDevices(refreshed, { ...EMPTY_FILTER, query: 'ftc-000099' }).map(
        (d) => d.serial_number,
      ),
    ).toEqual(['FTC-00009999X']);
  });

  it('Backspace returns to the earlier search without rescanning; a filter change does not reuse it', () => {
    const search = (query: string, type = '') =>
      filterDevices(devices, { query, type, firmware: '' });
    const four = search('ftc-0000');
    search('ftc-00001');
    expect(search('ftc-0000')).toBe(four);
    const typed = search('ftc-0000', 'Door Counter DC-200');
    expect(typed).not.toBe(four);
    expect(typed.map((d) => d.serial_number)).toEqual(
      reference(devices, 'ftc-0000', 'Door Counter DC-200').map((d) => d.serial_number),
    );
  });

  it('preparing a list at idle changes no result and leaves no recent search behind', async () => {
    const list = devices.slice(0, 2_000);
    prepareSearch(list);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // Its warm-up searched "e", "e0" and "e0 1": a real search for them must still be exact.
    for (const query of ['e', 'e0', 'e0 1', 'ftc-00001']) {
      expect(filterDevices(list, { ...EMPTY_FILTER, query }).map((d) => d.serial_number)).toEqual(
        reference(list, query).map((d) => d.serial_number),
      );
    }
  });

  it('returns the same list when nothing is filtered', () => {
    expect(filterDevices(devices, EMPTY_FILTER)).toBe(devices);
  });
  it('matches every word, case-insensitively, across serial, type and location', () => {
    const found = filterDevices(devices, { ...EMPTY_FILTER, query: 'ftc-0000001 door' });
    expect(found.map((d) => d.serial_number)).toEqual([
      'FTC-00000011',
      'FTC-00000013',
      'FTC-00000015',
      'FTC-00000017',
      'FTC-00000019',
    ]);
    expect(filterDevices(devices, { ...EMPTY_FILTER, query: 'HARBOUR' })).toHaveLength(20_000);
  });
  it('combines type and firmware filters', () => {
    const found = filterDevices(devices, {
      query: '',
      type: 'Overhead 3D Sensor',
      firmware: '2.10.0',
    });
    expect(found).toHaveLength(16_667);
    expect(
      found.every(
        (d) => d.device_type_name === 'Overhead 3D Sensor' && d.firmware_version_name === '2.10.0',
      ),
    ).toBe(true);
  });
  it('filters 100,000 devices fast enough to run on every keystroke', () => {
    const started = performance.now();
    filterDevices(devices, { ...EMPTY_FILTER, query: '99999' });
    expect(performance.now() - started).toBeLessThan(250);
  });
  it('offers distinct filter values in natural order', () => {
    expect(distinctValues(devices, 'firmware_version_name')).toEqual(['2.4.1', '2.10.0']);
  });
});

describe('location search', () => {
  const locations: Location[] = [
    {
      id: '1',
      name: 'Northwind Berlin Arcade',
      address: { line1: 'Alexanderplatz 1', city: 'Berlin', country: 'DE' },
    },
    {
      id: '2',
      name: 'Northwind Paris Mall',
      address: { line1: 'Rue de Rivoli 2', city: 'Paris', country: 'FR' },
    },
    { id: '3', name: 'No address', address: null },
  ];
  it('matches name, city and street', () => {
    expect(filterLocations(locations, 'rivoli').map((l) => l.id)).toEqual(['2']);
    expect(filterLocations(locations, 'northwind berlin').map((l) => l.id)).toEqual(['1']);
    expect(filterLocations(locations, '  ')).toHaveLength(3);
  });
});
