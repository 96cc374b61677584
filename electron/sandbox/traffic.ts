/**
 * Foot traffic, recomputable from seed + serial + time: nothing is stored except walk-throughs.
 * The truth is an hourly count per device; minutes split an hour so that minute, hour and
 * day buckets always add up to each other.
 */
import { hashState, hashStep, unitOf } from './prng';
import type { SandboxState } from './state';
import type { DeviceRec } from './snapshot';

const MINUTE = 60_000;
/** A simulated device misses this share of the people crossing (a realistic, small error). */
export const TRAINING_COUNT_ERROR_PERCENT = 3;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const GRANULARITY_MS = { minute: MINUTE, hour: HOUR, day: DAY } as const;
export type GranularityName = keyof typeof GRANULARITY_MS;

/** Relative visitors per local hour: shut at night, lunch and after-work peaks. */
const HOURLY = [
  0, 0, 0, 0, 0, 0, 0, 0.02, 0.1, 0.4, 0.6, 0.8, 1.2, 1.1, 0.7, 0.7, 0.9, 1.2, 1.3, 0.9, 0.5, 0.1,
  0, 0,
];
const PEAK_PER_HOUR = 30;

/**
 * What a device's counts are hashed from: the state after the seed and its serial, and its
 * own size. Worked out once per device, not per hour: a week by hour of every store asks for
 * 168 hours of each installed device, 56 million at a million devices.
 */
interface DeviceHash {
  base: number;
  factor: number;
}

const deviceHash = (state: SandboxState, d: DeviceRec): DeviceHash => {
  const base = hashState(state.seed, state.serialHash(d.serial));
  return { base, factor: 0.5 + unitOf(hashStep(base, 99)) * 1.2 };
};

/** How busy a local hour is (0: shut), before the device's own size and hash. */
const hourShare = (hourIndex: number, offsetMin: number): number => {
  const localMinutes = hourIndex * 60 + offsetMin;
  const localHour = ((Math.floor(localMinutes / 60) % 24) + 24) % 24;
  const share = HOURLY[localHour] ?? 0;
  if (share === 0) return 0;
  // 1970-01-01 was a Thursday (day 4 with Sunday = 0).
  const weekday = (((Math.floor(localMinutes / 1440) + 4) % 7) + 7) % 7;
  return share * (weekday === 0 || weekday === 6 ? 1.4 : 1);
};

/** One device's visitors in one hour, from its hour's share (hourShare). */
const countIn = (device: DeviceHash, hourIndex: number, share: number): number =>
  // Shut: nobody, whatever the hash says (and the hash is the costly part).
  share === 0
    ? 0
    : Math.floor(
        share *
          device.factor *
          PEAK_PER_HOUR *
          (0.75 + 0.5 * unitOf(hashStep(device.base, hourIndex))),
      );

const hourCount = (device: DeviceHash, hourIndex: number, offsetMin: number): number =>
  countIn(device, hourIndex, hourShare(hourIndex, offsetMin));

/** The whole minutes a device was installed and reporting: [from, to). */
const activeSpan = (state: SandboxState, d: DeviceRec): { from: number; to: number } | null => {
  if (d.installedAt === null) return null;
  const reporting = d.silent ? (d.frozenCheckinMs ?? d.installedAt) : state.now();
  const activeEnd = Math.min(reporting, d.simulatedSince ?? Infinity);
  return {
    from: Math.ceil(d.installedAt / MINUTE) * MINUTE,
    to: Math.floor(activeEnd / MINUTE) * MINUTE,
  };
};

/** Generated visitors of one device in [a, b) (minute-aligned), limited to when it was installed and reporting. */
const generated = (
  state: SandboxState,
  d: DeviceRec,
  device: DeviceHash,
  offsetMin: number,
  a: number,
  b: number,
): number => {
  const active = activeSpan(state, d);
  if (active === null) return 0;
  const lo = Math.max(a, active.from);
  const hi = Math.min(b, active.to);
  if (hi <= lo) return 0;
  let total = 0;
  for (let h = Math.floor(lo / HOUR); h * HOUR < hi; h++) {
    const start = h * HOUR;
    const count = hourCount(device, h, offsetMin);
    if (count === 0) continue;
    const k0 = Math.max(0, (lo - start) / MINUTE);
    const k1 = Math.min(60, (hi - start) / MINUTE);
    if (k0 === 0 && k1 === 60) {
      total += count;
      continue;
    }
    const phi = unitOf(hashStep(hashStep(device.base, h), 7));
    total += Math.floor((count * k1) / 60 + phi) - Math.floor((count * k0) / 60 + phi);
  }
  return total;
};

const walked = (d: DeviceRec, a: number, b: number): number => {
  let n = 0;
  for (const [t, c] of d.walkThroughs) if (t >= a && t < b) n += c;
  return n;
};

const crossed = (d: DeviceRec, a: number, b: number): { in: number; out: number } => {
  const n = { in: 0, out: 0 };
  for (const [t, i, o] of d.crossings ?? []) {
    if (t < a || t >= b) continue;
    n.in += i;
    n.out += o;
  }
  return n;
};

/** People leaving: a fixed share of those counted in (some leave by another door). */
export const outOf = (count: number): number => count - Math.floor(count / 20);

export interface Bucket {
  start: number;
  end: number;
}

/** Buckets aligned to UTC boundaries covering [from, to), `stepMs` long (else the granularity's). */
export const bucketsFor = (
  from: number,
  to: number,
  granularity: GranularityName,
  stepMs: number = GRANULARITY_MS[granularity],
): Bucket[] => {
  const g = stepMs;
  const first = Math.floor(from / g) * g;
  const out: Bucket[] = [];
  for (let s = first; s < to; s += g) out.push({ start: s, end: s + g });
  return out;
};

export const bucketCount = (
  from: number,
  to: number,
  granularity: GranularityName,
  stepMs: number = GRANULARITY_MS[granularity],
): number => {
  const g = stepMs;
  return Math.ceil(to / g) - Math.floor(from / g);
};

/** People in per bucket (generated customers, walk-throughs and simulated crossings). */
export const deviceSeries = (state: SandboxState, d: DeviceRec, buckets: Bucket[]): number[] =>
  deviceInOut(state, d, buckets).map((b) => b.in);

/** People in and out per bucket: generated customers and walk-throughs leave as `outOf`. */
export const deviceInOut = (
  state: SandboxState,
  d: DeviceRec,
  buckets: Bucket[],
): { in: number; out: number }[] => {
  const loc = d.locationId === null ? undefined : state.locationsById.get(d.locationId);
  const offset = loc ? state.utcOffset(loc) : 0;
  const device = deviceHash(state, d);
  return buckets.map((b) => {
    const people = generated(state, d, device, offset, b.start, b.end) + walked(d, b.start, b.end);
    const sim = crossed(d, b.start, b.end);
    return { in: people + sim.in, out: outOf(people) + sim.out };
  });
};

/**
 * A location's traffic is the sum over the devices installed there now: people in per bucket,
 * as deviceSeries counts them, added up without a series per device, and each whole hour's
 * share worked out once for the store (a week by hour of every store is 56 million
 * device-hours at a million devices).
 */
export const locationSeries = (
  state: SandboxState,
  locationId: string,
  buckets: Bucket[],
): number[] => {
  const sums = buckets.map(() => 0);
  const loc = state.locationsById.get(locationId);
  const offset = loc ? state.utcOffset(loc) : 0;
  // Per bucket that is one whole UTC hour: its index and share; NaN for other buckets.
  const hours = buckets.map((b) =>
    b.end - b.start === HOUR && b.start % HOUR === 0 ? b.start / HOUR : Number.NaN,
  );
  const shares = hours.map((h) => (Number.isNaN(h) ? 0 : hourShare(h, offset)));
  for (const d of state.installed.get(locationId) ?? []) {
    const device = deviceHash(state, d);
    const active = activeSpan(state, d);
    const simulated = (d.crossings?.length ?? 0) > 0;
    for (let i = 0; i < buckets.length; i++) {
      const { start, end } = buckets[i] as Bucket;
      const h = hours[i] as number;
      let n =
        active !== null && !Number.isNaN(h) && start >= active.from && end <= active.to
          ? countIn(device, h, shares[i] as number)
          : generated(state, d, device, offset, start, end);
      if (d.walkThroughs.length > 0) n += walked(d, start, end);
      if (simulated) n += crossed(d, start, end).in;
      sums[i] = (sums[i] as number) + n;
    }
  }
  return sums;
};
