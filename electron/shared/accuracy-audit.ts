/**
 * The accuracy audit's rules, one place for the core (which settles and records an audit) and
 * the renderer (which shows the window and the running tallies before anything is recorded).
 * Pure: bucket alignment, the sample rule and the comparison are unit-tested here.
 *
 * The device counts by buckets (their size is what the server answers), so an audit compares
 * whole buckets only: its window starts at the first boundary after Start and ends at the
 * first boundary after Stop; the technician's taps outside it are not compared.
 */
import {
  bucketErrors,
  bucketOf,
  moreCrossingsToSettle,
  percentInterval,
  type AuditBucket,
  type DeviceCount,
  type PercentInterval,
} from './audit-evidence';

export interface AuditThresholds {
  /** Accuracy (per direction and overall) at which an audit passes. */
  percent: number;
  /**
   * What must reach `percent`: the accuracy itself ('point', the default), or also the low end
   * of its 95 % interval ('lower_bound', a managed setting). Absent in results recorded before
   * the rule could be set: 'point'.
   */
  rule?: AuditPassRule;
  /** Crossings counted by hand, at least. */
  minCrossings: number;
  /** Minutes the window lasts, at least: the sample is both, whichever comes later. */
  minMinutes: number;
}

export type AuditPassRule = 'point' | 'lower_bound';

/** Vendors certify at 90–95 % over about 100 crossings or 10–15 minutes. */
export const DEFAULT_AUDIT_THRESHOLDS: AuditThresholds = {
  percent: 95,
  minCrossings: 100,
  minMinutes: 10,
  rule: 'point',
};

/** IT's audit settings (contract/managed.ts ManagedSettings; null: not set). */
interface AuditSettings {
  auditPercent: number | null;
  auditMinCrossings: number | null;
  auditMinMinutes: number | null;
  auditPassRule: AuditPassRule | null;
}

/**
 * The thresholds IT set, each one not set taken from the defaults: the one place the core
 * (which judges) and the audit screen (which says what it takes) both read them from.
 */
export const auditThresholdsOf = (settings: AuditSettings | null | undefined): AuditThresholds => ({
  percent: settings?.auditPercent ?? DEFAULT_AUDIT_THRESHOLDS.percent,
  minCrossings: settings?.auditMinCrossings ?? DEFAULT_AUDIT_THRESHOLDS.minCrossings,
  minMinutes: settings?.auditMinMinutes ?? DEFAULT_AUDIT_THRESHOLDS.minMinutes,
  rule: settings?.auditPassRule ?? DEFAULT_AUDIT_THRESHOLDS.rule,
});

/**
 * Buckets longer than this make a short audit meaningless (one partly counted hour says
 * nothing): the app plans the whole run instead and says how long it takes.
 */
export const COARSE_BUCKET_MS = 15 * 60_000;

export type Direction = 'in' | 'out';

export interface Tally {
  in: number;
  out: number;
}

export interface AuditWindow {
  start: number;
  end: number;
}

/** The first bucket boundary at or after `ms`. */
export const boundaryAtOrAfter = (ms: number, bucketMs: number): number =>
  Math.ceil(ms / bucketMs) * bucketMs;

/**
 * The window an audit started at `startedMs` and stopped at `stoppedMs` compares: whole buckets
 * from the first boundary after the start to the first boundary after the stop (counting goes
 * on until then). Null when no whole bucket lies in it.
 */
export const auditWindow = (
  startedMs: number,
  stoppedMs: number,
  bucketMs: number,
): AuditWindow | null => {
  const start = boundaryAtOrAfter(startedMs, bucketMs);
  const end = boundaryAtOrAfter(stoppedMs, bucketMs);
  return end > start ? { start, end } : null;
};

/**
 * Where the server's buckets are coarse: the shortest window that holds the minimum time in
 * whole buckets, from the next boundary. Null for fine buckets (the technician stops when the
 * sample is reached).
 */
export const plannedWindow = (
  nowMs: number,
  bucketMs: number,
  thresholds: AuditThresholds,
): AuditWindow | null => {
  if (bucketMs <= COARSE_BUCKET_MS) return null;
  const start = boundaryAtOrAfter(nowMs, bucketMs);
  const buckets = Math.max(1, Math.ceil((thresholds.minMinutes * 60_000) / bucketMs));
  return { start, end: start + buckets * bucketMs };
};

/** Taps inside the window, by direction (a tap at the end belongs to the next bucket). */
export const tallyIn = (
  taps: readonly { at: number; direction: Direction }[],
  window: AuditWindow,
): Tally => {
  const tally: Tally = { in: 0, out: 0 };
  for (const tap of taps) if (tap.at >= window.start && tap.at < window.end) tally[tap.direction]++;
  return tally;
};

/**
 * Accuracy in percent of what the device counted against the people counted by hand:
 * 100 × (1 − |device − manual| / manual), never below 0. Nobody crossing and nothing counted
 * is 100; something counted where nobody crossed is 0.
 */
export const accuracyPercent = (manual: number, device: number): number => {
  if (manual === 0) return device === 0 ? 100 : 0;
  return Math.max(0, 100 * (1 - Math.abs(device - manual) / manual));
};

const longEnough = (window: AuditWindow, thresholds: AuditThresholds): boolean =>
  window.end - window.start >= thresholds.minMinutes * 60_000;

const sampleReached = (manual: Tally, window: AuditWindow, thresholds: AuditThresholds): boolean =>
  manual.in + manual.out >= thresholds.minCrossings && longEnough(window, thresholds);

/** Percent, one decimal; `out` null where the device gave no count out. */
interface Accuracy {
  in: number;
  out: number | null;
  overall: number;
}

/** The evidence behind a compared result (absent in results recorded before it was kept). */
interface Evidence {
  /** The window's buckets, each with its hand count, the device's, and its flag. */
  buckets?: AuditBucket[];
  /** The overall accuracy's 95 % interval. */
  interval?: PercentInterval;
  /** Under the 'lower_bound' rule, failed on the interval alone: the crossings that would
   * settle it at the same accuracy (null: no number would). Absent otherwise. */
  moreCrossings?: number | null;
}

export type AuditComparison = {
  window: AuditWindow;
  manual: Tally;
  thresholds: AuditThresholds;
} & Evidence &
  (
    | { outcome: 'passed' | 'failed'; device: DeviceCount; accuracy: Accuracy }
    /** Below the sample: the device's counts when they were read; null when the sample could
     * not be reached whatever the device counted (said at once, without reading them). */
    | { outcome: 'not_enough'; device: DeviceCount | null; accuracy: Accuracy | null }
  );

/**
 * Whether the sample can no longer be reached, known without the device's counts: the window
 * (null: no whole bucket) is shorter than the minimum time, or it is over with fewer crossings
 * counted by hand than the minimum.
 */
export const sampleOutOfReach = (
  window: AuditWindow | null,
  manual: Tally,
  thresholds: AuditThresholds,
  nowMs: number,
): boolean =>
  window === null ||
  !longEnough(window, thresholds) ||
  (nowMs >= window.end && manual.in + manual.out < thresholds.minCrossings);

/** "Not enough people", said without the device's counts (see `sampleOutOfReach`). */
export const notEnough = (
  window: AuditWindow,
  manual: Tally,
  thresholds: AuditThresholds,
): AuditComparison => ({
  window,
  manual,
  device: null,
  accuracy: null,
  outcome: 'not_enough',
  thresholds,
});

/** A store gives a technician about this long for an audit: the screen says whether it fits. */
export const STORE_SLOT_MS = 15 * 60_000;

/**
 * How long a whole audit takes at most, from Start to its result: up to a bucket before
 * counting starts (it starts at a boundary), the minimum time in whole buckets (or the planned
 * run of coarse buckets), up to a bucket after Stop (counting ends at a boundary), and up to an
 * update interval for the device's check-in after the window (its counts are complete then).
 */
export const auditDurationAtMost = (
  bucketMs: number,
  updateIntervalMs: number,
  thresholds: AuditThresholds,
): { countMs: number; totalMs: number } => {
  const buckets = Math.max(1, Math.ceil((thresholds.minMinutes * 60_000) / bucketMs));
  const countMs = buckets * bucketMs;
  const coarse = bucketMs > COARSE_BUCKET_MS;
  // A planned run ends at a boundary by itself: no bucket after Stop.
  return { countMs, totalMs: bucketMs + countMs + (coarse ? 0 : bucketMs) + updateIntervalMs };
};

/** When the window holds the minimum time (whole buckets from its start). */
export const minimumTimeAt = (windowStart: number, bucketMs: number, thresholds: AuditThresholds) =>
  windowStart + Math.max(1, Math.ceil((thresholds.minMinutes * 60_000) / bucketMs)) * bucketMs;

const oneDecimal = (n: number): number => Math.floor(n * 10) / 10;

/**
 * The comparison of the window's buckets: each direction's accuracy from the crossings its
 * buckets miss or add (summed, never cancelling: decision record 72) against the hand count,
 * overall from both, with the overall's 95 % interval. Below the sample it is "not enough
 * people yet", never passed or failed.
 */
export const compareBuckets = (
  window: AuditWindow,
  buckets: readonly AuditBucket[],
  thresholds: AuditThresholds,
): AuditComparison => {
  const manual: Tally = { in: 0, out: 0 };
  const device: DeviceCount = { in: 0, out: buckets.length > 0 ? 0 : null };
  for (const b of buckets) {
    manual.in += b.manual.in;
    manual.out += b.manual.out;
    device.in += b.device.in;
    device.out = device.out === null || b.device.out === null ? null : device.out + b.device.out;
  }
  const errors = bucketErrors(buckets);
  const inPct = oneDecimal(accuracyPercent(manual.in, manual.in + errors.in));
  const outPct =
    device.out === null ? null : oneDecimal(accuracyPercent(manual.out, manual.out + errors.out));
  const hand = device.out === null ? manual.in : manual.in + manual.out;
  const missed = device.out === null ? errors.in : errors.in + errors.out;
  const overall = oneDecimal(accuracyPercent(hand, hand + missed));
  const interval = percentInterval(Math.max(0, hand - missed), hand);
  const each = [inPct, overall, ...(outPct === null ? [] : [outPct])];
  const pointPasses = each.every((p) => p >= thresholds.percent);
  const onInterval = thresholds.rule === 'lower_bound';
  const outcome = !sampleReached(manual, window, thresholds)
    ? 'not_enough'
    : pointPasses && (!onInterval || interval.low >= thresholds.percent)
      ? 'passed'
      : 'failed';
  return {
    window,
    manual,
    device,
    accuracy: { in: inPct, out: outPct, overall },
    outcome,
    thresholds,
    buckets: [...buckets],
    interval,
    ...(onInterval && outcome === 'failed' && pointPasses
      ? {
          moreCrossings: moreCrossingsToSettle(
            Math.max(0, hand - missed),
            hand,
            thresholds.percent,
          ),
        }
      : {}),
  };
};

/** Totals compared as one bucket (the window's start): what a single-bucket audit is. */
export const compareAudit = (
  window: AuditWindow,
  manual: Tally,
  device: DeviceCount,
  thresholds: AuditThresholds,
): AuditComparison =>
  compareBuckets(window, [bucketOf(window.start, manual, device, thresholds.percent)], thresholds);
