import { describe, expect, it } from 'vitest';
import { parsePreferences } from '../../../renderer/src/lib/preferences';
import { sparklinePoints } from '../../../renderer/src/lib/sparkline';
import { lastSevenDays } from '../../../renderer/src/lib/traffic';
import { visibleRange } from '../../../renderer/src/lib/virtual-range';

describe('virtual list range', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(visibleRange(100_000, 50, 0, 500, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(100_000, 50, 50_000, 500, 5)).toEqual({ start: 995, end: 1015 });
  });
  it('never runs past the end or below zero', () => {
    expect(visibleRange(10, 50, 10_000, 500, 5)).toEqual({ start: 9, end: 10 });
    expect(visibleRange(0, 50, 0, 500, 5)).toEqual({ start: 0, end: 0 });
  });
});

describe('sparkline', () => {
  it('scales from zero so a flat quiet week stays at the bottom', () => {
    expect(sparklinePoints([0, 5, 10], 100, 20)).toBe('0.0,20.0 50.0,10.0 100.0,0.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});

describe('preferences', () => {
  it('falls back to defaults for corrupt or out-of-range values', () => {
    expect(parsePreferences('{not json')).toEqual({
      theme: 'system',
      scanner: { maxInterKeyMs: 50, minLength: 6 },
    });
    expect(
      parsePreferences('{"theme":"dark","scanner":{"maxInterKeyMs":5000,"minLength":"x"}}'),
    ).toEqual({
      theme: 'dark',
      scanner: { maxInterKeyMs: 200, minLength: 6 },
    });
  });
});

describe('foot traffic range', () => {
  it('covers seven days ending at the current hour', () => {
    const { from, to } = lastSevenDays(Date.parse('2026-05-04T12:34:56Z'));
    expect(to).toBe('2026-05-04T12:00:00.000Z');
    expect(from).toBe('2026-04-27T12:00:00.000Z');
  });
});
