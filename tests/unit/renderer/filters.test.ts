import { describe, expect, it } from 'vitest';
import type { LocationView as Location } from '../../../electron/shared';
import {
  EMPTY_FILTER,
  isFiltered,
  optionsWith,
  queryInput,
  sameFilter,
} from '../../../renderer/src/lib/lists/device-filter';
import { filterLocations } from '../../../renderer/src/lib/lists/location-filter';

describe('inventory query', () => {
  const rows = { offset: 40, limit: 60 };
  it('leaves out what is not filtered, so "" never means "type is empty"', () => {
    expect(queryInput('uninstalled', EMPTY_FILTER, rows)).toEqual({
      view: 'uninstalled',
      offset: 40,
      limit: 60,
    });
    expect(
      queryInput('all', { query: '  ftc-12 ', type: 'Door', firmware: '2.4.1' }, rows),
    ).toEqual({
      view: 'all',
      q: 'ftc-12',
      deviceType: 'Door',
      firmware: '2.4.1',
      offset: 40,
      limit: 60,
    });
    expect(queryInput('all', { ...EMPTY_FILTER, query: '   ' }, rows)).not.toHaveProperty('q');
  });
  it('never sends more search text than the contract takes', () => {
    expect(queryInput('all', { ...EMPTY_FILTER, query: 'x'.repeat(150) }, rows).q).toHaveLength(
      100,
    );
  });
  it('treats spaces around the text as the same question', () => {
    expect(sameFilter({ ...EMPTY_FILTER, query: 'ab ' }, { ...EMPTY_FILTER, query: 'ab' })).toBe(
      true,
    );
    expect(sameFilter({ ...EMPTY_FILTER, query: 'ab' }, { ...EMPTY_FILTER, query: 'abc' })).toBe(
      false,
    );
    expect(sameFilter(EMPTY_FILTER, { ...EMPTY_FILTER, type: 'Door' })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, query: ' ' })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, firmware: '2.4.1' })).toBe(true);
  });
  it('keeps the chosen filter value among the options after a refresh dropped it', () => {
    expect(optionsWith(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
    expect(optionsWith(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(optionsWith(['a'], '')).toEqual(['a']);
  });
});

describe('location search', () => {
  const locations: Location[] = [
    {
      id: '1',
      name: 'Northwind Berlin Arcade',
      address: { line1: 'Alexanderplatz 1', city: 'Berlin', country: 'DE' },
      timezone: null,
      deviceCount: null,
    },
    {
      id: '2',
      name: 'Northwind Paris Mall',
      address: { line1: 'Rue de Rivoli 2', city: 'Paris', country: 'FR' },
      timezone: null,
      deviceCount: null,
    },
    { id: '3', name: 'No address', address: null, timezone: null, deviceCount: null },
  ];
  it('matches name, city and street', () => {
    expect(filterLocations(locations, 'rivoli').map((l) => l.id)).toEqual(['2']);
    expect(filterLocations(locations, 'northwind berlin').map((l) => l.id)).toEqual(['1']);
    expect(filterLocations(locations, '  ')).toHaveLength(3);
  });
});
