/** Foot traffic per location (paged) and per device, in UTC-aligned buckets. */
import { FOOT_TRAFFIC_MAX_BUCKETS } from '../../core/api/wire';
import {
  deviceNamed,
  deviceSeriesReply,
  locationsTrafficReply,
  serialOut,
  trafficLocations,
} from '../dialects/answers';
import type { Bucket } from '../dialects/foot-traffic';
import { iso, notFound, validationError } from '../http-kit';
import { route, type Route } from '../routing';
import {
  DAY,
  GRANULARITY_MS,
  bucketCount,
  bucketsFor,
  deviceInOut,
  locationSeries,
  type GranularityName,
} from '../traffic';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const parseTime = (
  raw: string | null,
  field: 'from' | 'to',
  fields: Record<string, string>,
): number | undefined => {
  if (raw === null) return undefined;
  // An unencoded '+' in a query string arrives as a space.
  const text = raw.trim().replace(' ', '+');
  const ms = ISO_DATE_TIME.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms))
    fields[field] = 'must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T00:00:00Z';
  return ms;
};

interface Range {
  from: number;
  to: number;
  granularity: GranularityName;
  stepMs: number;
}

const parseRange = (
  query: URLSearchParams,
  now: number,
  allowed: GranularityName[],
  defaults: { granularity: GranularityName; spanMs: number },
  minuteMs: number = GRANULARITY_MS.minute,
): Range => {
  const fields: Record<string, string> = {};
  const g = (query.get('granularity') ?? defaults.granularity) as GranularityName;
  if (!allowed.includes(g)) fields.granularity = `must be one of ${allowed.join(', ')}`;
  const from = parseTime(query.get('from'), 'from', fields);
  const to = parseTime(query.get('to'), 'to', fields);
  if (Object.keys(fields).length > 0) throw validationError(fields, 'Invalid foot-traffic query.');
  const step = g === 'minute' ? minuteMs : GRANULARITY_MS[g];
  const end = to ?? Math.ceil((now + 1) / step) * step;
  const start = from ?? end - defaults.spanMs;
  if (start >= end)
    throw validationError({ from: 'must be before to' }, 'Invalid foot-traffic range.');
  if (bucketCount(start, end, g, step) > FOOT_TRAFFIC_MAX_BUCKETS) {
    throw validationError(
      {
        granularity: `the range has more than ${FOOT_TRAFFIC_MAX_BUCKETS} buckets; use a coarser granularity or a shorter range`,
      },
      'Invalid foot-traffic range.',
    );
  }
  return { from: start, to: end, granularity: g, stepMs: step };
};

const counted = (buckets: { start: number; end: number }[], counts: number[]): Bucket[] =>
  buckets.map((b, i) => ({ start: b.start, end: b.end, count: counts[i] ?? 0 }));

const sum = (counts: number[]): number => counts.reduce((a, b) => a + b, 0);

export const footTrafficRoutes: Route[] = [
  route('GET', '/foot-traffic/locations', 'org', (ctx) => {
    const { state, query } = ctx;
    const range = parseRange(query, state.now(), ['hour', 'day'], {
      granularity: 'day',
      spanMs: 7 * DAY,
    });
    const buckets = bucketsFor(range.from, range.to, range.granularity);
    const first = buckets[0]?.start ?? range.from;
    const last = buckets[buckets.length - 1]?.end ?? range.to;
    return locationsTrafficReply(
      ctx,
      trafficLocations(ctx),
      (loc) => counted(buckets, locationSeries(state, loc.id, buckets)),
      range.granularity,
      { from: iso(first), to: iso(last), granularity: range.granularity },
    );
  }),
  route('GET', '/foot-traffic/devices/:serial_number', 'org', (ctx) => {
    const { state, params, query } = ctx;
    const d = deviceNamed(ctx, params.serial_number ?? '');
    if (!d) throw notFound('Device');
    const range = parseRange(
      query,
      state.now(),
      ['minute', 'hour', 'day'],
      { granularity: 'hour', spanMs: DAY },
      state.minuteBucketMs(),
    );
    const buckets = bucketsFor(range.from, range.to, range.granularity, range.stepMs);
    const people = deviceInOut(state, d, buckets);
    const counts = people.map((p) => p.in);
    const first = buckets[0]?.start ?? range.from;
    const last = buckets[buckets.length - 1]?.end ?? range.to;
    const series = buckets.map((b, i) => ({ ...b, count: counts[i] ?? 0, out: people[i]?.out }));
    return deviceSeriesReply(ctx, series, range.granularity, {
      serial_number: serialOut(ctx, d.serial),
      from: iso(first),
      to: iso(last),
      granularity: range.granularity,
      total: sum(counts),
    });
  }),
];
