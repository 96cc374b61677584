import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_THRESHOLDS as T,
  compareAudit,
  compareBuckets,
} from '../../../electron/shared/accuracy-audit';
import {
  auditBuckets,
  bucketOf,
  bucketTolerance,
  moreCrossingsToSettle,
  percentInterval,
  wilson95,
} from '../../../electron/shared/audit-evidence';

const MIN = 60_000;
const at = (hh: number, mm: number, ss = 0) => Date.UTC(2026, 10, 27, hh, mm, ss);
const tenMin = { start: at(10, 0), end: at(10, 10) };

describe('the Wilson score interval at 95 %', () => {
  it('matches published values', () => {
    // 95 of 100: 0.8882–0.9785 (Wilson 1927; as in R's prop.test(correct = FALSE)).
    const a = wilson95(95, 100);
    expect(a.low).toBeCloseTo(0.88825, 4);
    expect(a.high).toBeCloseTo(0.97846, 4);
    // 5 of 10: 0.2366–0.7634, symmetric about a half.
    const b = wilson95(5, 10);
    expect(b.low).toBeCloseTo(0.23659, 4);
    expect(b.high).toBeCloseTo(0.76341, 4);
    // All of 100: the high end is 1, the low end 0.9630.
    expect(wilson95(100, 100).high).toBe(1);
    expect(wilson95(100, 100).low).toBeCloseTo(0.963, 3);
    expect(wilson95(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.27753, 4) });
  });
  it('is shown in percent with one decimal, the low end never rounded up', () => {
    expect(percentInterval(95, 100)).toEqual({ low: 88.8, high: 97.8 });
    // 0.9016… stays 90.1, 0.9843… is 98.4.
    expect(percentInterval(96, 100)).toEqual({ low: 90.1, high: 98.4 });
    expect(percentInterval(0, 0)).toEqual({ low: 0, high: 100 });
  });
  it('narrows with the sample: how many more crossings at the same accuracy would settle it', () => {
    // 97 of 100 has a low end of 91.5 %: below 95 % at this sample.
    expect(percentInterval(97, 100).low).toBeLessThan(95);
    const more = moreCrossingsToSettle(97, 100, 95)!;
    expect(more).toBeGreaterThan(0);
    const total = 100 + more;
    expect(percentInterval(0.97 * total, total).low).toBeGreaterThanOrEqual(95);
    expect(percentInterval(0.97 * (total - 1), total - 1).low).toBeLessThan(95);
    // Already settled, and never settled at an accuracy not above the mark.
    expect(moreCrossingsToSettle(999, 1000, 95)).toBe(0);
    expect(moreCrossingsToSettle(95, 100, 95)).toBeNull();
    expect(moreCrossingsToSettle(90, 100, 95)).toBeNull();
  });
});

describe('the comparison bucket by bucket', () => {
  it('puts each tap in its bucket and reads the device per bucket', () => {
    const taps = [
      { at: at(10, 0, 5), direction: 'in' as const },
      { at: at(10, 0, 59), direction: 'out' as const },
      { at: at(10, 1), direction: 'in' as const },
      { at: at(10, 2), direction: 'in' as const }, // the window's end: not compared
    ];
    const series = [
      { start: new Date(at(9, 59)).toISOString(), count: 9, out: 9 },
      { start: new Date(at(10, 0)).toISOString(), count: 1, out: 1 },
      { start: new Date(at(10, 1)).toISOString(), count: 1, out: 0 },
    ];
    const buckets = auditBuckets({ start: at(10, 0), end: at(10, 2) }, MIN, taps, series, 95);
    expect(buckets).toEqual([
      { start: at(10, 0), manual: { in: 1, out: 1 }, device: { in: 1, out: 1 }, flagged: false },
      { start: at(10, 1), manual: { in: 1, out: 0 }, device: { in: 1, out: 0 }, flagged: false },
    ]);
  });
  it('counts in only where a bucket has no count out, and flags a bucket the server did not answer', () => {
    const taps = [{ at: at(10, 1, 3), direction: 'in' as const }];
    const series = [{ start: new Date(at(10, 0)).toISOString(), count: 0 }];
    const buckets = auditBuckets({ start: at(10, 0), end: at(10, 2) }, MIN, taps, series, 95);
    expect(buckets.map((b) => b.device)).toEqual([
      { in: 0, out: null },
      { in: 0, out: null },
    ]);
    expect(buckets.map((b) => b.flagged)).toEqual([false, true]);
  });
  it('flags a bucket off by more than its tolerance (the audit allowance, at least one crossing)', () => {
    expect(bucketTolerance(10, 95)).toBe(1);
    expect(bucketTolerance(60, 95)).toBe(3);
    expect(bucketOf(0, { in: 10, out: 0 }, { in: 9, out: 0 }, 95).flagged).toBe(false);
    expect(bucketOf(0, { in: 10, out: 0 }, { in: 8, out: 0 }, 95).flagged).toBe(true);
    expect(bucketOf(0, { in: 10, out: 4 }, { in: 10, out: 6 }, 95).flagged).toBe(true);
  });
  it('does not let a miss in one bucket and a double count in another cancel out', () => {
    // Equal totals (60 in by hand and by the device): on totals alone it would pass at 100 %.
    const totals = compareAudit(tenMin, { in: 60, out: 50 }, { in: 60, out: 50 }, T);
    expect(totals.outcome).toBe('passed');
    const buckets = [
      bucketOf(at(10, 0), { in: 30, out: 25 }, { in: 24, out: 25 }, 95),
      bucketOf(at(10, 5), { in: 30, out: 25 }, { in: 36, out: 25 }, 95),
    ];
    const c = compareBuckets(tenMin, buckets, T);
    expect(c.device).toEqual({ in: 60, out: 50 });
    expect(c.accuracy).toEqual({ in: 80, out: 100, overall: 89 });
    expect(c.outcome).toBe('failed');
    expect(c.buckets?.map((b) => b.flagged)).toEqual([true, true]);
    // 98 of 110 right: its interval.
    expect(c.interval).toEqual(percentInterval(98, 110));
  });
  it('passes on the interval only where IT asks it to, and then says how many more would settle it', () => {
    const manual = { in: 60, out: 50 };
    const device = { in: 58, out: 48 }; // 106 of 110: 96.3 %, interval 91.0–98.6 %
    const point = compareAudit(tenMin, manual, device, T);
    expect(point.outcome).toBe('passed');
    expect(point.interval).toEqual({ low: 91, high: 98.6 });
    expect(point.moreCrossings).toBeUndefined();
    const strict = compareAudit(tenMin, manual, device, { ...T, rule: 'lower_bound' });
    expect(strict.outcome).toBe('failed');
    expect(strict.moreCrossings).toBe(moreCrossingsToSettle(106, 110, 95));
    expect(strict.moreCrossings).toBeGreaterThan(0);
    // Below the mark by its own accuracy: no number of crossings settles it.
    const low = compareAudit(tenMin, manual, { in: 50, out: 48 }, { ...T, rule: 'lower_bound' });
    expect(low.outcome).toBe('failed');
    expect(low.moreCrossings).toBeUndefined();
  });
});
