/** Foot-traffic spellings: one time bucket, and one location's totals over a range. */
import type { LocationRef } from '../../core/api/wire';
import { iso } from '../http-kit';

export type TrafficStyle =
  /** {start, end, count}; location {location: {id, name}, total, series} (the default). */
  | 'start-end-count'
  /** {timestamp (bucket start), count}; location {location_id, location_name, count, buckets}. */
  | 'timestamp-count'
  /** {date (YYYY-MM-DD for days, else the start), visitors}; location {location, visitors, breakdown}. */
  | 'date-visitors'
  /** {start, end, in, out} where `in` is the count; location {location, in, out, series}. */
  | 'in-out'
  /** {bucket: {start, end}, value}; location {location_id, value, values}. */
  | 'bucket-value';

export interface Bucket {
  start: number;
  end: number;
  count: number;
}

/** People leaving: a fixed share of those counted in (some leave by another door). */
const outOf = (count: number): number => count - Math.floor(count / 20);

export const renderBucket = (style: TrafficStyle, b: Bucket, granularity: string): unknown => {
  switch (style) {
    case 'start-end-count':
      return { start: iso(b.start), end: iso(b.end), count: b.count };
    case 'timestamp-count':
      return { timestamp: iso(b.start), count: b.count };
    case 'date-visitors':
      return {
        date: granularity === 'day' ? iso(b.start).slice(0, 10) : iso(b.start),
        visitors: b.count,
      };
    case 'in-out':
      return { start: iso(b.start), end: iso(b.end), in: b.count, out: outOf(b.count) };
    case 'bucket-value':
      return { bucket: { start: iso(b.start), end: iso(b.end) }, value: b.count };
  }
};

/** One location's foot traffic over the requested range (GET /foot-traffic/locations items). */
export const renderLocationTraffic = (
  style: TrafficStyle,
  location: LocationRef,
  buckets: Bucket[],
  granularity: string,
): unknown => {
  const total = buckets.reduce((a, b) => a + b.count, 0);
  const series = buckets.map((b) => renderBucket(style, b, granularity));
  switch (style) {
    case 'start-end-count':
      return { location, total, series };
    case 'timestamp-count':
      return {
        location_id: location.id,
        location_name: location.name,
        count: total,
        buckets: series,
      };
    case 'date-visitors':
      return { location, visitors: total, breakdown: series };
    case 'in-out':
      return {
        location,
        in: total,
        out: buckets.reduce((a, b) => a + outOf(b.count), 0),
        series,
      };
    case 'bucket-value':
      return { location_id: location.id, value: total, values: series };
  }
};
