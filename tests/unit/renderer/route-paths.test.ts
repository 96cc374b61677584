import { describe, expect, it } from 'vitest';
import { pathToRoute, routeToPath } from '../../../renderer/src/lib/navigation/route-paths';
import { sectionOf, type Route, type Section } from '../../../renderer/src/lib/navigation/routes';

describe('route paths', () => {
  const routes: [Route, string][] = [
    [{ name: 'locations' }, '#/locations'],
    [{ name: 'location', locationId: 'loc_1' }, '#/locations/loc_1'],
    [{ name: 'scan', locationId: 'loc:1~a' }, '#/locations/loc%3A1~a/scan'],
    [{ name: 'scan', locationId: null }, '#/scan'],
    [{ name: 'replace', locationId: 'loc_1' }, '#/locations/loc_1/replace'],
    [{ name: 'pick-list', locationId: 'loc_1' }, '#/locations/loc_1/pick-list'],
    [{ name: 'pick-list', locationId: null }, '#/pick-list'],
    [{ name: 'receipt', visitId: 'visit-1' }, '#/receipts/visit-1'],
    [{ name: 'device', serial: 'FTC-1', locationId: null }, '#/devices/FTC-1'],
    [{ name: 'device', serial: 'FTC-1', locationId: 'L1' }, '#/devices/FTC-1?at=L1'],
    [
      {
        name: 'verify',
        serial: 'FTC-1',
        locationId: 'L1',
        installedAt: '2024-05-01T10:00:00+02:00',
      },
      '#/verify/FTC-1?at=L1&since=2024-05-01T10%3A00%3A00%2B02%3A00',
    ],
    [{ name: 'inventory', view: 'uninstalled' }, '#/inventory'],
    [{ name: 'inventory', view: 'all' }, '#/inventory/all'],
    [{ name: 'activity' }, '#/activity'],
    [{ name: 'settings' }, '#/settings'],
    // The server's opaque ids and serials: any letters, spaces and reserved characters.
    [{ name: 'location', locationId: 'de:göttingen-9920' }, '#/locations/de%3Ag%C3%B6ttingen-9920'],
    [{ name: 'scan', locationId: 'a/b c?d#e%f' }, '#/locations/a%2Fb%20c%3Fd%23e%25f/scan'],
    [
      { name: 'device', serial: 'PC 0033 8396', locationId: 'a/b c?d#e%f' },
      '#/devices/PC%200033%208396?at=a%2Fb%20c%3Fd%23e%25f',
    ],
    [
      {
        name: 'verify',
        serial: 'PC 0033 8396',
        locationId: 'de:göttingen-9920',
        installedAt: '2024-05-01T10:00:00Z',
      },
      '#/verify/PC%200033%208396?at=de%3Ag%C3%B6ttingen-9920&since=2024-05-01T10%3A00%3A00Z',
    ],
  ];
  it.each(routes)('%j ⇄ %s', (route, path) => {
    expect(routeToPath(route)).toBe(path);
    expect(pathToRoute(path)).toEqual(route);
  });

  it('reads a serial as written: the core finds the server’s spelling of it', () => {
    expect(pathToRoute('#/devices/ftc-1')).toEqual({
      name: 'device',
      serial: 'ftc-1',
      locationId: null,
    });
  });

  it.each([
    '',
    '#',
    '#/',
    'locations',
    '#/nowhere',
    '#/locations/',
    '#/locations/..',
    '#/locations/%E0%A4%A',
    '#/locations/x/edit',
    '#/locations/%2E%2E',
    '#/locations/a%00b',
    '#/devices/%ED%A0%80',
    `#/devices/${'A'.repeat(65)}`,
    '#/devices/X?at=..',
    '#/verify/X?at=L1',
    '#/verify/X?at=L1&since=yesterday',
    '#/inventory/none',
    '#/settings/x',
  ])('%s names no screen', (path) => {
    expect(pathToRoute(path)).toBeNull();
  });
});

describe('the main navigation entry of a screen', () => {
  it.each([
    [{ name: 'device', serial: 'FTC-1', locationId: null }, 'inventory'],
    [{ name: 'scan', locationId: null }, 'inventory'],
    [{ name: 'device', serial: 'FTC-1', locationId: 'L1' }, 'locations'],
    [{ name: 'scan', locationId: 'L1' }, 'locations'],
    [{ name: 'verify', serial: 'FTC-1', locationId: 'L1', installedAt: '' }, 'locations'],
    [{ name: 'receipt', visitId: 'v' }, 'activity'],
  ] satisfies [Route, Section][])('%j belongs to %s', (route, section) => {
    expect(sectionOf(route)).toBe(section);
  });
});
