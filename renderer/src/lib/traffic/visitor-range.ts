/**
 * The one definition of "visitors, last 7 days" that a location's card and its chart both
 * use: the seven whole days before today, 00:00–24:00 in the store's time zone (today is left
 * out, so the number stays put all day). Counts are asked by the hour — a server aligns day
 * buckets to UTC midnight, which is not the store's — and an hour counts when it starts inside
 * the range. They once disagreed (20,698 vs 17,573): the card summed UTC day buckets that
 * began up to a day before the chart's hourly range.
 */
import type { TrafficBucket } from '$shared';
import { shownTimeZone } from '../words/active-locale';
import { m } from '../words/i18n';

const DAYS = 7;
const DAY_MS = 86_400_000;

export interface VisitorRange {
  /** Start of the first day, store time, as an ISO instant. */
  from: string;
  /** End of the last day (the store's last midnight), as an ISO instant. */
  to: string;
  /** The IANA zone the days are counted in. */
  timeZone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const formatFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** Zones this runtime refused: asking again would build (and fail) a formatter each time. */
const unknownZones = new Set<string>();

/** A zone Intl knows, else UTC (a store may carry no zone, or one this runtime lacks). */
export const usableZone = (...candidates: (string | null | undefined)[]): string => {
  for (const zone of candidates) {
    if (!zone || unknownZones.has(zone)) continue;
    try {
      formatFor(zone);
      return zone;
    } catch {
      unknownZones.add(zone); // not a zone this runtime knows: try the next
    }
  }
  return 'UTC';
};

/** The wall clock in `timeZone` at instant `t`, read as if it were UTC. */
const wallClock = (timeZone: string, t: number): number => {
  const parts: Record<string, number> = {};
  for (const p of formatFor(timeZone).formatToParts(t))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
};

/** A store's zone: its own, else its organization's, else this computer's. */
export const storeZone = (
  location: { timezone?: string | null | undefined } | null | undefined,
  organization: { timezone?: string | null | undefined } | null | undefined,
): string => usableZone(location?.timezone, organization?.timezone, shownTimeZone());

/** The instant local midnight begins on the calendar day `day` (a UTC-midnight timestamp). */
const midnight = (timeZone: string, day: number): number => {
  // Twice: the first guess uses the offset at the wrong instant when DST changes that day.
  let t = day - (wallClock(timeZone, day) - day);
  t = day - (wallClock(timeZone, t) - t);
  return t;
};

/** The seven whole days before today in `timeZone`, at instant `now`. */
export const storeWeek = (timeZone: string, now: number = Date.now()): VisitorRange => {
  const zone = usableZone(timeZone);
  const local = wallClock(zone, Math.floor(now / 1000) * 1000);
  const today = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return {
    from: new Date(midnight(zone, today - DAYS * DAY_MS)).toISOString(),
    to: new Date(midnight(zone, today)).toISOString(),
    timeZone: zone,
  };
};

/** One request that covers several stores' ranges (the Locations screen asks once). */
export const covering = (ranges: readonly VisitorRange[]): { from: string; to: string } | null => {
  if (ranges.length === 0) return null;
  const from = Math.min(...ranges.map((r) => Date.parse(r.from)));
  const to = Math.max(...ranges.map((r) => Date.parse(r.to)));
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
};

/** The hours of a series that start inside the range. */
export const hoursIn = (series: readonly TrafficBucket[], range: VisitorRange): TrafficBucket[] => {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  return series.filter((b) => {
    const start = Date.parse(b.start);
    return start >= from && start < to;
  });
};

/** The total of the range: what the card says and what the chart adds up to. */
export const visitorsIn = (series: readonly TrafficBucket[], range: VisitorRange): number =>
  hoursIn(series, range).reduce((sum, b) => sum + b.count, 0);

/** Visitors per store day, oldest first (the card's sparkline). */
export const dailyVisitors = (series: readonly TrafficBucket[], range: VisitorRange): number[] => {
  const days = Array.from({ length: DAYS }, () => 0);
  const first = wallClock(range.timeZone, Date.parse(range.from));
  for (const b of hoursIn(series, range)) {
    // Days are 23–25 hours around DST: place each hour by its local calendar day.
    const local = wallClock(range.timeZone, Date.parse(b.start));
    const index = Math.floor((local - first) / DAY_MS);
    if (index >= 0 && index < DAYS) days[index] = (days[index] ?? 0) + b.count;
  }
  return days;
};

/** The sentence under the chart and on the card's label: what the number covers. */
export const describeRange = (range: VisitorRange): string =>
  m.chart_range({ days: DAYS, zone: range.timeZone });
