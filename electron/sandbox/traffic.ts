/**
 * Foot traffic, recomputable from seed + serial + time: nothing is stored except walk-throughs.
 * The truth is an hourly count per device; minutes split an hour so that minute, hour and
 * day buckets always add up to each other.
 */
import { hashUnit } from './prng';
import type { SandboxState } from './state';
import type { DeviceRec } from './snapshot';

const MINUTE = 60_000;
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

const hourCount = (
  seed: number,
  serialHash: number,
  hourIndex: number,
  offsetMin: number,
): number => {
  const localMinutes = hourIndex * 60 + offsetMin;
  const localHour = ((Math.floor(localMinutes / 60) % 24) + 24) % 24;
  // 1970-01-01 was a Thursday (day 4 with Sunday = 0).
  const weekday = (((Math.floor(localMinutes / 1440) + 4) % 7) + 7) % 7;
  const weekend = weekday === 0 || weekday === 6 ? 1.4 : 1;
  const deviceFactor = 0.5 + hashUnit(seed, serialHash, 99) * 1.2;
  const mean = (HOURLY[localHour] ?? 0) * weekend * deviceFactor * PEAK_PER_HOUR;
  return Math.floor(mean * (0.75 + 0.5 * hashUnit(seed, serialHash, hourIndex)));
};

/** Generated visitors of one device in [a, b) (minute-aligned), limited to when it was installed and reporting. */
const generated = (
  state: SandboxState,
  d: DeviceRec,
  offsetMin: number,
  a: number,
  b: number,
): number => {
  if (d.installedAt === null) return 0;
  const activeEnd = d.silent ? (d.frozenCheckinMs ?? d.installedAt) : state.now();
  const lo = Math.max(a, Math.ceil(d.installedAt / MINUTE) * MINUTE);
  const hi = Math.min(b, Math.floor(activeEnd / MINUTE) * MINUTE);
  if (hi <= lo) return 0;
  const sh = state.serialHash(d.serial);
  let total = 0;
  for (let h = Math.floor(lo / HOUR); h * HOUR < hi; h++) {
    const start = h * HOUR;
    const count = hourCount(state.seed, sh, h, offsetMin);
    if (count === 0) continue;
    const k0 = Math.max(0, (lo - start) / MINUTE);
    const k1 = Math.min(60, (hi - start) / MINUTE);
    if (k0 === 0 && k1 === 60) {
      total += count;
      continue;
    }
    const phi = hashUnit(state.seed, sh, h, 7);
    total += Math.floor((count * k1) / 60 + phi) - Math.floor((count * k0) / 60 + phi);
  }
  return total;
};

const walked = (d: DeviceRec, a: number, b: number): number => {
  let n = 0;
  for (const [t, c] of d.walkThroughs) if (t >= a && t < b) n += c;
  return n;
};

export interface Bucket {
  start: number;
  end: number;
}

/** Buckets aligned to UTC boundaries covering [from, to). */
export const bucketsFor = (from: number, to: number, granularity: GranularityName): Bucket[] => {
  const g = GRANULARITY_MS[granularity];
  const first = Math.floor(from / g) * g;
  const out: Bucket[] = [];
  for (let s = first; s < to; s += g) out.push({ start: s, end: s + g });
  return out;
};

export const bucketCount = (from: number, to: number, granularity: GranularityName): number => {
  const g = GRANULARITY_MS[granularity];
  return Math.ceil(to / g) - Math.floor(from / g);
};

export const deviceSeries = (state: SandboxState, d: DeviceRec, buckets: Bucket[]): number[] => {
  const loc = d.locationId === null ? undefined : state.locationsById.get(d.locationId);
  const offset = loc ? state.utcOffset(loc) : 0;
  return buckets.map(
    (b) => generated(state, d, offset, b.start, b.end) + walked(d, b.start, b.end),
  );
};

/** A location's traffic is the sum over the devices installed there now. */
export const locationSeries = (
  state: SandboxState,
  locationId: string,
  buckets: Bucket[],
): number[] => {
  const sums = buckets.map(() => 0);
  for (const d of state.installed.get(locationId) ?? []) {
    deviceSeries(state, d, buckets).forEach((n, i) => (sums[i] = (sums[i] ?? 0) + n));
  }
  return sums;
};
