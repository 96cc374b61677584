/**
 * What an accuracy audit proves (decision record 72): the comparison bucket by bucket, so a
 * person missed in one bucket and one counted twice in another do not cancel out, and the 95 %
 * interval of the accuracy (Wilson score), so 95 of 100 reads as "at least about 89 %".
 * Pure; one place for the core (which records it) and the renderer (which words it).
 */

/** A hand count by direction (accuracy-audit.ts's Tally; said here so neither imports the other). */
interface Tally {
  in: number;
  out: number;
}
type Direction = keyof Tally;

/** What the device counted; `out` is null where the server gives one count only (people in). */
export interface DeviceCount {
  in: number;
  out: number | null;
}

/** One bucket of the window: the hand count, the device's, and whether they differ too much. */
export interface AuditBucket {
  start: number;
  manual: Tally;
  device: DeviceCount;
  flagged: boolean;
}

/** A 95 % interval in percent, one decimal (the low end rounded down: the pass rule reads it). */
export interface PercentInterval {
  low: number;
  high: number;
}

/** The standard normal quantile for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of `successes` out of `n` (fractions 0..1). Four lines of
 * arithmetic: a statistics library would bring far more than this one formula is worth.
 */
export const wilson95 = (successes: number, n: number): { low: number; high: number } => {
  if (n <= 0) return { low: 0, high: 1 };
  const p = Math.min(1, Math.max(0, successes / n));
  const z2 = Z95 * Z95;
  const d = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / d;
  const half = (Z95 / d) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
};

/** The interval in percent as it is shown and judged. */
export const percentInterval = (successes: number, n: number): PercentInterval => {
  const { low, high } = wilson95(successes, n);
  return { low: Math.floor(low * 1000 + 1e-9) / 10, high: Math.round(high * 1000) / 10 };
};

/** Crossings a `successes`-of-`n` accuracy settles at, at most (beyond: "no number would"). */
const MAX_CROSSINGS = 1_000_000;

/**
 * How many more crossings, counted at the same accuracy, would lift the interval's low end to
 * `percent`. Null where no number would (the accuracy itself is not above `percent`). The low
 * end grows with the sample at a fixed accuracy, so a binary search finds the least.
 */
export const moreCrossingsToSettle = (
  successes: number,
  n: number,
  percent: number,
): number | null => {
  if (n <= 0) return null;
  const p = successes / n;
  const lowAt = (total: number) => percentInterval(p * total, total).low;
  if (lowAt(n) >= percent) return 0;
  if (p * 100 <= percent || lowAt(MAX_CROSSINGS) < percent) return null;
  let lo = n;
  let hi = MAX_CROSSINGS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (lowAt(mid) >= percent) hi = mid;
    else lo = mid;
  }
  return hi - n;
};

/**
 * How far a bucket may be off, per direction, before it is flagged: the audit's own allowance
 * (100 − its pass mark, in percent of the bucket's hand count), and at least one crossing, as a
 * person tapped at a bucket's edge may land in the device's next one.
 */
export const bucketTolerance = (manual: number, percent: number): number =>
  Math.max(1, Math.floor((manual * (100 - percent)) / 100));

/**
 * The window's buckets from the taps and the device's series: each tap in the bucket it falls
 * in, each bucket of the series that lies in the window (a bucket the server did not answer
 * counted 0 by the device). One pass over each (an audit's taps and buckets are bounded by its
 * window).
 */
export const auditBuckets = (
  window: { start: number; end: number },
  bucketMs: number,
  taps: readonly { at: number; direction: Direction }[],
  series: readonly { start: string; count: number; in?: number; out?: number }[],
  percent: number,
): AuditBucket[] => {
  const n = Math.max(0, Math.round((window.end - window.start) / bucketMs));
  const manual: Tally[] = Array.from({ length: n }, () => ({ in: 0, out: 0 }));
  for (const tap of taps) {
    if (tap.at < window.start || tap.at >= window.end) continue;
    const i = Math.floor((tap.at - window.start) / bucketMs);
    if (manual[i]) manual[i][tap.direction]++;
  }
  const device: { in: number; out?: number }[] = Array.from({ length: n }, () => ({ in: 0 }));
  let outGiven = n > 0;
  const seen = new Array<boolean>(n).fill(false);
  for (const b of series) {
    const at = Date.parse(b.start);
    const i = (at - window.start) / bucketMs;
    if (!Number.isInteger(i) || i < 0 || i >= n) continue;
    seen[i] = true;
    device[i] = { in: b.in ?? b.count, ...(b.out === undefined ? {} : { out: b.out }) };
    if (b.out === undefined) outGiven = false;
  }
  return manual.map((hand, i) => {
    const d: DeviceCount = {
      in: device[i]!.in,
      out: outGiven ? (device[i]!.out ?? 0) : null,
    };
    return bucketOf(window.start + i * bucketMs, hand, d, percent, seen[i] === true);
  });
};

/** One bucket with its flag (`answered` false: the server gave no count for it). */
export const bucketOf = (
  start: number,
  manual: Tally,
  device: DeviceCount,
  percent: number,
  answered = true,
): AuditBucket => {
  const off = (hand: number, counted: number) =>
    Math.abs(counted - hand) > bucketTolerance(hand, percent);
  return {
    start,
    manual,
    device,
    flagged:
      (!answered && manual.in + manual.out > 0) ||
      off(manual.in, device.in) ||
      (device.out !== null && off(manual.out, device.out)),
  };
};

/** The crossings each direction's buckets miss or add, summed without cancelling. */
export const bucketErrors = (buckets: readonly AuditBucket[]): { in: number; out: number } => {
  const errors = { in: 0, out: 0 };
  for (const b of buckets) {
    errors.in += Math.abs(b.device.in - b.manual.in);
    if (b.device.out !== null) errors.out += Math.abs(b.device.out - b.manual.out);
  }
  return errors;
};
