import { describe, expect, it } from 'vitest';
import {
  deviceView,
  locationTraffic,
  locationView,
  organizationView,
} from '../../../electron/core/api/to-view';
import { Device, Location, LocationMetric, Organization } from '../../../electron/core/api/wire';

describe('the renderer gets the app’s views, never the server’s JSON', () => {
  it('a device: every field the app reads under the app’s name, unread server fields left out', () => {
    const served = Device.parse({
      serial_number: 'ftc-0001',
      device_type_name: 'Overhead 3D',
      board_id: 'B-77',
      firmware_version_name: '4.2.1',
      last_checkin_at: '2026-05-04T12:00:00Z',
      update_interval_s: 600,
      location: { id: '42', name: 'Alexanderplatz', extra: true },
      installed_at: '2026-05-01T09:00:00Z',
      name: 'Entrance left',
      mac_address: 'aa:bb',
    });
    expect(deviceView(served)).toEqual({
      serial: 'ftc-0001',
      label: 'Entrance left',
      type: 'Overhead 3D',
      board: 'B-77',
      firmware: '4.2.1',
      lastCheckinAt: '2026-05-04T12:00:00Z',
      updateIntervalS: 600,
      location: { id: '42', name: 'Alexanderplatz' },
      installedAt: '2026-05-01T09:00:00Z',
    });
  });

  it('a device the server says little about: null, not absent, for what it did not send', () => {
    expect(deviceView(Device.parse({ serial_number: 'X 1' }))).toEqual({
      serial: 'X 1',
      label: null,
      type: null,
      board: null,
      firmware: null,
      lastCheckinAt: null,
      updateIntervalS: null,
      location: null,
      installedAt: null,
    });
  });

  it('a location, its address and count; an organization; a store’s traffic with in and out', () => {
    const store = Location.parse({
      id: 'loc 1/ä',
      name: null,
      address: { line1: 'Marienplatz 1', postal_code: '80331', city: 'München', country: 'DE' },
      device_count: 3,
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(locationView(store)).toEqual({
      id: 'loc 1/ä',
      name: null,
      address: {
        line1: 'Marienplatz 1',
        line2: null,
        city: 'München',
        region: null,
        postalCode: '80331',
        country: 'DE',
        text: null,
      },
      timezone: null,
      deviceCount: 3,
    });
    expect(organizationView(Organization.parse({ id: 'o1', name: 'Northwind' }))).toEqual({
      id: 'o1',
      name: 'Northwind',
      timezone: null,
    });
    const metric = LocationMetric.parse({
      location: { id: 'l1', name: 'A' },
      total: 5,
      series: [
        { start: 's1', end: 'e1', count: 2, in: 2, out: 1 },
        { start: 's2', end: 'e2', count: 3 },
      ],
    });
    expect(locationTraffic(metric)).toEqual({
      location: { id: 'l1', name: 'A' },
      total: 5,
      series: [
        { start: 's1', end: 'e1', count: 2, in: 2, out: 1 },
        { start: 's2', end: 'e2', count: 3 },
      ],
    });
  });
});
