import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_THRESHOLDS as T,
  STORE_SLOT_MS,
  accuracyPercent,
  auditThresholdsOf,
  auditDurationAtMost,
  auditWindow,
  compareAudit,
  minimumTimeAt,
  notEnough,
  plannedWindow,
  sampleOutOfReach,
  tallyIn,
} from '../../../electron/shared/accuracy-audit';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (hh: number, mm: number, ss = 0) => Date.UTC(2026, 10, 27, hh, mm, ss);

describe('accuracy audit: bucket alignment', () => {
  it('starts at the boundary after Start and ends at the boundary after Stop', () => {
    expect(auditWindow(at(10, 0, 20), at(10, 11, 5), MIN)).toEqual({
      start: at(10, 1),
      end: at(10, 12),
    });
  });
  it('a start on a boundary starts there; a stop inside the first bucket keeps that bucket', () => {
    expect(auditWindow(at(10, 0), at(10, 0, 30), MIN)).toEqual({
      start: at(10, 0),
      end: at(10, 1),
    });
  });
  it('has no window when no whole bucket lies between start and stop', () => {
    expect(auditWindow(at(10, 0, 20), at(10, 0, 50), MIN)).toBeNull();
  });
  it('counts only the taps inside the window, the end belonging to the next bucket', () => {
    const w = { start: at(10, 1), end: at(10, 2) };
    const taps = [
      { at: at(10, 0, 59), direction: 'in' as const },
      { at: at(10, 1), direction: 'in' as const },
      { at: at(10, 1, 30), direction: 'out' as const },
      { at: at(10, 2), direction: 'out' as const },
    ];
    expect(tallyIn(taps, w)).toEqual({ in: 1, out: 1 });
  });
  it('plans whole hours for coarse buckets, none for minute buckets', () => {
    expect(plannedWindow(at(10, 20), HOUR, T)).toEqual({ start: at(11, 0), end: at(12, 0) });
    expect(plannedWindow(at(10, 20), MIN, T)).toBeNull();
    expect(plannedWindow(at(10, 20), 30 * MIN, { ...T, minMinutes: 45 })).toEqual({
      start: at(10, 30),
      end: at(11, 30),
    });
  });
});

describe('accuracy audit: comparison and sample', () => {
  const tenMin = { start: at(10, 0), end: at(10, 10) };
  it('measures accuracy against the hand count, both ways off alike', () => {
    expect(accuracyPercent(100, 95)).toBe(95);
    expect(accuracyPercent(100, 105)).toBe(95);
    expect(accuracyPercent(0, 0)).toBe(100);
    expect(accuracyPercent(0, 3)).toBe(0);
    expect(accuracyPercent(10, 40)).toBe(0);
  });
  it('passes when each direction and the total reach the threshold', () => {
    const c = compareAudit(tenMin, { in: 60, out: 50 }, { in: 58, out: 48 }, T);
    expect(c.accuracy).toEqual({ in: 96.6, out: 96, overall: 96.3 });
    expect(c.outcome).toBe('passed');
  });
  it('fails when one direction is below the threshold; two added in and five missed out do not cancel overall', () => {
    const c = compareAudit(tenMin, { in: 60, out: 50 }, { in: 62, out: 45 }, T);
    expect(c.accuracy?.out).toBe(90);
    // Totals alone (110 by hand, 107 counted) would say 97.2 %; 7 of 110 were wrong.
    expect(c.accuracy?.overall).toBe(93.6);
    expect(c.outcome).toBe('failed');
  });
  it('judges a figure as it is shown (one decimal, never rounded up to a pass)', () => {
    // 94.96 % is shown as 94.9 %: it fails, as it reads.
    const c = compareAudit(tenMin, { in: 2500, out: 0 }, { in: 2374, out: 0 }, T);
    expect(c.accuracy?.in).toBe(94.9);
    expect(c.outcome).toBe('failed');
  });
  it('says "not enough people" below 100 crossings or below 10 minutes, whichever comes later', () => {
    expect(compareAudit(tenMin, { in: 50, out: 49 }, { in: 50, out: 49 }, T).outcome).toBe(
      'not_enough',
    );
    const nineMin = { start: at(10, 0), end: at(10, 9) };
    expect(compareAudit(nineMin, { in: 80, out: 80 }, { in: 80, out: 80 }, T).outcome).toBe(
      'not_enough',
    );
    // Far off, still not a failure below the sample.
    expect(compareAudit(nineMin, { in: 80, out: 80 }, { in: 10, out: 10 }, T).outcome).toBe(
      'not_enough',
    );
  });
  it('judges in only where the server counts people in only', () => {
    const c = compareAudit(tenMin, { in: 60, out: 50 }, { in: 59, out: null }, T);
    expect(c.accuracy).toEqual({ in: 98.3, out: null, overall: 98.3 });
    expect(c.outcome).toBe('passed');
  });
});

describe('what an audit can say at once', () => {
  const rule = { percent: 95, minCrossings: 100, minMinutes: 10 };

  it('is out of reach when the window is shorter than the minimum time, or over with too few crossings', () => {
    const short = { start: 0, end: 40_000 };
    expect(sampleOutOfReach(short, { in: 30, out: 7 }, rule, 0)).toBe(true);
    expect(sampleOutOfReach(null, { in: 0, out: 0 }, rule, 0)).toBe(true);
    const long = { start: 0, end: 10 * MIN };
    // Still counting: people may cross before the window ends.
    expect(sampleOutOfReach(long, { in: 30, out: 7 }, rule, 9 * MIN)).toBe(false);
    expect(sampleOutOfReach(long, { in: 30, out: 7 }, rule, 10 * MIN)).toBe(true);
    expect(sampleOutOfReach(long, { in: 60, out: 40 }, rule, 10 * MIN)).toBe(false);
    expect(notEnough(short, { in: 30, out: 7 }, rule)).toMatchObject({
      outcome: 'not_enough',
      device: null,
      accuracy: null,
    });
  });

  it('says ahead how long a whole audit takes: a bucket to start, the minimum in whole buckets, a bucket to end, a check-in', () => {
    // Minute buckets and a device checking in every 10 minutes: 22 minutes, past a store's slot.
    expect(auditDurationAtMost(MIN, 10 * MIN, rule)).toEqual({
      countMs: 10 * MIN,
      totalMs: 22 * MIN,
    });
    expect(auditDurationAtMost(MIN, 10 * MIN, rule).totalMs).toBeGreaterThan(STORE_SLOT_MS);
    // 10-second buckets and a 2-minute device fit.
    expect(auditDurationAtMost(10_000, 2 * MIN, rule).totalMs).toBe(10 * MIN + 20_000 + 2 * MIN);
    // Hour buckets: a planned run of one hour that ends by itself.
    expect(auditDurationAtMost(60 * MIN, 5 * MIN, rule)).toEqual({
      countMs: 60 * MIN,
      totalMs: 125 * MIN,
    });
    expect(minimumTimeAt(0, MIN, rule)).toBe(10 * MIN);
    expect(minimumTimeAt(0, 7 * MIN, rule)).toBe(14 * MIN);
  });
});

describe('accuracy audit: thresholds', () => {
  it('takes each threshold IT set, and the default for each it did not', () => {
    expect(auditThresholdsOf(null)).toEqual(T);
    expect(
      auditThresholdsOf({
        auditPercent: 90,
        auditMinCrossings: null,
        auditMinMinutes: 15,
        auditPassRule: null,
      }),
    ).toEqual({ percent: 90, minCrossings: T.minCrossings, minMinutes: 15, rule: T.rule });
  });
});
