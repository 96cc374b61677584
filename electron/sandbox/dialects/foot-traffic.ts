/**
 * Foot-traffic spellings: one time bucket, one location's totals over a range, or — flat —
 * one record per location and bucket.
 */
import type { LocationRef } from '../../core/api/wire';
import { iso } from '../http-kit';
import { outOf } from '../traffic';

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
  | 'bucket-value'
  /**
   * {time, visitors}; the locations' traffic as flat records, one per location and bucket
   * {organization_id, location_id, location_name, day (YYYY-MM-DD) | hour, visitors}, bucket
   * by bucket (so a location's records are spread over every page); a device series' `total`
   * counts its records, as a paging total does, not its visitors.
   */
  | 'flat-records';

/** Which organizations' locations GET /foot-traffic/locations answers for. */
export type TrafficScope =
  /** The organization of the request (the default). */
  | 'organization'
  /** Every organization of the key's user, whatever the request's. */
  | 'user';

export interface Bucket {
  start: number;
  end: number;
  /** People in. */
  count: number;
  /** People out, where the sandbox knows them (a device's series); else `outOf(count)`. */
  out?: number | undefined;
}

export const renderBucket = (style: TrafficStyle, b: Bucket, granularity: string): unknown => {
  switch (style) {
    case 'start-end-count':
      // A device's buckets say in and out beside the count (of people in).
      return {
        start: iso(b.start),
        end: iso(b.end),
        count: b.count,
        ...(b.out === undefined ? {} : { in: b.count, out: b.out }),
      };
    case 'timestamp-count':
      return { timestamp: iso(b.start), count: b.count };
    case 'date-visitors':
      return {
        date: granularity === 'day' ? iso(b.start).slice(0, 10) : iso(b.start),
        visitors: b.count,
      };
    case 'in-out':
      return { start: iso(b.start), end: iso(b.end), in: b.count, out: b.out ?? outOf(b.count) };
    case 'bucket-value':
      return { bucket: { start: iso(b.start), end: iso(b.end) }, value: b.count };
    case 'flat-records':
      return { time: iso(b.start), visitors: b.count };
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
    case 'flat-records':
      // Never one record per location in this style: see flatTrafficRecords.
      return { location_id: location.id, visitors: total };
  }
};

export interface LocationTraffic {
  location: LocationRef;
  organizationId: string;
  buckets: Bucket[];
}

/** Flat records, bucket by bucket and location by location within each bucket. */
export const flatTrafficRecords = (
  locations: LocationTraffic[],
  granularity: string,
): unknown[] => {
  const records: unknown[] = [];
  const buckets = locations[0]?.buckets.length ?? 0;
  for (let i = 0; i < buckets; i++) {
    for (const { location, organizationId, buckets: series } of locations) {
      const b = series[i];
      if (!b) continue;
      records.push({
        organization_id: organizationId,
        location_id: location.id,
        location_name: location.name,
        ...(granularity === 'day' ? { day: iso(b.start).slice(0, 10) } : { hour: iso(b.start) }),
        visitors: b.count,
      });
    }
  }
  return records;
};

/** A device series' facts: flat records count their records in `total` (with offset/limit). */
export const seriesFacts = (
  style: TrafficStyle,
  facts: Record<string, unknown>,
  records: number,
): Record<string, unknown> =>
  style === 'flat-records' ? { ...facts, offset: 0, limit: records, total: records } : facts;
