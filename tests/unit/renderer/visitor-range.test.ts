import { describe, expect, it } from 'vitest';
import type { TrafficBucket as FootTraffic } from '../../../electron/shared';
import {
  covering,
  dailyVisitors,
  describeRange,
  hoursIn,
  storeWeek,
  storeZone,
  usableZone,
  visitorsIn,
} from '../../../renderer/src/lib/traffic/visitor-range';

const HOUR = 3_600_000;
const hourly = (fromIso: string, hours: number, count = (_i: number) => 1): FootTraffic[] =>
  Array.from({ length: hours }, (_, i) => {
    const start = Date.parse(fromIso) + i * HOUR;
    return {
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR).toISOString(),
      count: count(i),
    };
  });

describe('the 7-day visitor range (one definition for card and chart)', () => {
  it('is the seven whole days before today, midnight to midnight in the store zone', () => {
    // 10:15 in Berlin (summer, UTC+2) on 4 May.
    const week = storeWeek('Europe/Berlin', Date.parse('2026-05-04T08:15:00Z'));
    expect(week).toEqual({
      from: '2026-04-26T22:00:00.000Z',
      to: '2026-05-03T22:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    // 20:00 in Chicago on 3 May is already 4 May in UTC: the store's day decides.
    expect(storeWeek('America/Chicago', Date.parse('2026-05-04T01:00:00Z'))).toMatchObject({
      from: '2026-04-26T05:00:00.000Z',
      to: '2026-05-03T05:00:00.000Z',
    });
  });

  it('follows daylight saving time: the week over the spring change is 167 hours', () => {
    const week = storeWeek('Europe/Berlin', Date.parse('2026-04-01T12:00:00Z'));
    expect(week.from).toBe('2026-03-24T23:00:00.000Z'); // winter, UTC+1
    expect(week.to).toBe('2026-03-31T22:00:00.000Z'); // summer, UTC+2
    expect((Date.parse(week.to) - Date.parse(week.from)) / HOUR).toBe(167);
  });

  it('counts an hour when it starts inside the range; the card total equals the chart sum', () => {
    const week = storeWeek('Europe/Berlin', Date.parse('2026-05-04T08:15:00Z'));
    // A server's UTC-aligned answer: from UTC midnight before the range to after it.
    const answer = hourly('2026-04-26T00:00:00Z', 9 * 24, (i) => i % 5);
    const shown = hoursIn(answer, week);
    expect(shown).toHaveLength(168);
    expect(shown[0]!.start).toBe(week.from);
    const chartTotal = shown.reduce((sum, b) => sum + b.count, 0);
    expect(visitorsIn(answer, week)).toBe(chartTotal);
    expect(visitorsIn(answer, week)).toBeLessThan(answer.reduce((s, b) => s + b.count, 0));
  });

  it('splits the week into store days for the sparkline, adding up to the total', () => {
    const week = storeWeek('Europe/Berlin', Date.parse('2026-05-04T08:15:00Z'));
    const answer = hourly('2026-04-26T00:00:00Z', 9 * 24, (i) => (i % 24 === 0 ? 10 : 1));
    const days = dailyVisitors(answer, week);
    expect(days).toHaveLength(7);
    expect(days.reduce((a, b) => a + b, 0)).toBe(visitorsIn(answer, week));
    // Each Berlin day holds 24 hours, one of which is UTC midnight (02:00 local): 23 + 10.
    expect(days).toEqual([33, 33, 33, 33, 33, 33, 33]);
  });

  it('one request covers the ranges of stores in different zones', () => {
    const now = Date.parse('2026-05-04T08:15:00Z');
    const span = covering([storeWeek('Asia/Tokyo', now), storeWeek('America/Los_Angeles', now)]);
    expect(span).toEqual({ from: '2026-04-26T15:00:00.000Z', to: '2026-05-04T07:00:00.000Z' });
    expect(covering([])).toBeNull();
  });

  it("uses the store's zone, else its organization's, else this computer's; never an unknown one", () => {
    expect(storeZone({ timezone: 'Asia/Tokyo' }, { timezone: 'Europe/Berlin' })).toBe('Asia/Tokyo');
    expect(storeZone({}, { timezone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(storeZone({ timezone: 'Mars/Olympus' }, null)).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(usableZone('Mars/Olympus')).toBe('UTC');
  });

  it('says what it covers', () => {
    const week = storeWeek('Europe/Berlin', Date.parse('2026-05-04T08:15:00Z'));
    expect(describeRange(week)).toBe(
      'Last 7 days (not today), 00:00–24:00 store time (Europe/Berlin)',
    );
  });
});
