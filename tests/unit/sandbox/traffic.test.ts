import { describe, expect, test } from 'vitest';
import { seedSnapshot } from '../../../electron/sandbox/seed-data';
import { SandboxState } from '../../../electron/sandbox/state';
import {
  DAY,
  HOUR,
  bucketCount,
  bucketsFor,
  deviceInOut,
  deviceSeries,
  locationSeries,
} from '../../../electron/sandbox/traffic';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('sandbox foot traffic model', () => {
  test('buckets align to UTC boundaries and cover the range', () => {
    const b = bucketsFor(
      Date.parse('2026-04-01T10:17:00Z'),
      Date.parse('2026-04-01T13:05:00Z'),
      'hour',
    );
    expect(b.map((x) => new Date(x.start).toISOString())).toEqual([
      '2026-04-01T10:00:00.000Z',
      '2026-04-01T11:00:00.000Z',
      '2026-04-01T12:00:00.000Z',
      '2026-04-01T13:00:00.000Z',
    ]);
    expect(bucketCount(0, 2001 * 60_000, 'minute')).toBe(2001);
  });

  test('is deterministic, stays zero before install, and weekends are busier than weekdays', () => {
    const make = () =>
      new SandboxState(seedSnapshot(4, 200, NOW), {
        now: () => NOW,
        firstCheckinDelayS: 5,
        onChange: () => undefined,
      });
    const a = make();
    const b = make();
    const devices = [...a.devicesBySerial.values()].filter(
      (d) => d.locationId !== null && !d.silent && (d.installedAt ?? NOW) < NOW - 60 * DAY,
    );
    expect(devices.length).toBeGreaterThan(20);
    // 2026-04-04/05 is a weekend; 2026-04-06..10 weekdays (all before NOW, after install).
    const days = bucketsFor(
      Date.parse('2026-04-04T00:00:00Z'),
      Date.parse('2026-04-11T00:00:00Z'),
      'day',
    );
    let weekend = 0;
    let weekday = 0;
    for (const d of devices) {
      const s = deviceSeries(a, d, days);
      expect(s).toEqual(deviceSeries(b, b.devicesBySerial.get(d.serial) ?? d, days));
      weekend += (s[0] ?? 0) + (s[1] ?? 0);
      weekday += s.slice(2).reduce((x, y) => x + y, 0);
    }
    expect(weekend / 2).toBeGreaterThan((weekday / 5) * 1.2);
    const d0 = devices[0];
    if (!d0 || d0.installedAt === null) throw new Error('no device');
    const before = bucketsFor(d0.installedAt - 3 * DAY, d0.installedAt - HOUR, 'hour');
    expect(deviceSeries(a, d0, before).every((n) => n === 0)).toBe(true);
    expect(
      deviceSeries(a, d0, bucketsFor(NOW + HOUR, NOW + 5 * HOUR, 'hour')).every((n) => n === 0),
    ).toBe(true);
  });

  test("a store's series is the sum of its devices' (walk-throughs and crossings too)", () => {
    let now = NOW;
    const state = new SandboxState(seedSnapshot(4, 300, NOW), {
      now: () => now,
      firstCheckinDelayS: 5,
      onChange: () => undefined,
    });
    const [locationId, here] = [...state.installed].sort((a, b) => b[1].size - a[1].size)[0]!;
    const devices = [...here];
    expect(devices.length).toBeGreaterThan(3);
    state.walkThrough(devices[0]!, 4);
    state.peopleCross(devices[1]!, { in: 12, out: 9 }, 3);
    now += 90 * 60_000;
    // From before the oldest install to past now, in hours and in minutes of a partial hour.
    for (const buckets of [
      bucketsFor(NOW - 40 * DAY, now + HOUR, 'hour'),
      bucketsFor(NOW - 20 * 60_000, NOW + 50 * 60_000, 'minute'),
    ]) {
      const sum = buckets.map(() => 0);
      for (const d of devices)
        deviceSeries(state, d, buckets).forEach((n, i) => (sum[i] = (sum[i] ?? 0) + n));
      expect(sum.some((n) => n > 0)).toBe(true);
      expect(locationSeries(state, locationId, buckets)).toEqual(sum);
    }
  });

  test('people crossing for an audit: counted a few short, by direction, and alone from then on', () => {
    let now = Date.parse('2026-05-02T13:00:00Z'); // a Saturday's busy hour
    const state = new SandboxState(seedSnapshot(4, 200, NOW), {
      now: () => now,
      firstCheckinDelayS: 5,
      onChange: () => undefined,
    });
    const d = [...state.devicesBySerial.values()].find(
      (x) => x.locationId !== null && !x.silent && (x.installedAt ?? now) < NOW - DAY,
    );
    if (!d) throw new Error('no installed device');
    const hourBefore = bucketsFor(now - HOUR, now, 'hour');
    expect(deviceSeries(state, d, hourBefore)[0]).toBeGreaterThan(0);
    expect(state.peopleCross(d, { in: 100, out: 40 }, 3)).toEqual({ in: 97, out: 39 });
    now += 5_000;
    state.peopleCross(d, { in: 10, out: 0 }, 3);
    now += 3 * HOUR;
    // From the first crossing on only the simulated people count, in 5-second buckets too.
    const after = bucketsFor(Date.parse('2026-05-02T13:00:00Z'), now, 'minute', 5_000);
    const people = deviceInOut(state, d, after);
    expect(people.slice(0, 3)).toEqual([
      { in: 97, out: 39 },
      { in: 10, out: 0 },
      { in: 0, out: 0 },
    ]);
    expect(people.slice(3).every((p) => p.in === 0 && p.out === 0)).toBe(true);
    // What was counted before the first crossing stays.
    expect(deviceSeries(state, d, hourBefore)[0]).toBeGreaterThan(0);
  });
});
