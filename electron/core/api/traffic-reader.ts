/**
 * The tolerant reader for foot traffic, whose record shape the spec does not show. Recognised:
 * a start-end bucket, a bucket object, a timestamp or a date, with count / visitors / value /
 * total, or in and out (visitors are the people who came in). Every record becomes
 * `{start, end, count}`. The locations' traffic may come as one record per location with its
 * series, or flat: one record per location and bucket, spread over pages (grouped here by
 * location). Totals are the sum of the buckets. An answer in no shape the app knows is refused
 * with a sentence that says so — never a wrong number.
 */
import { AppError } from '../app-error';
import { ignoreFindings, type FindingSink } from './findings';
import { instant as time } from './time-reader';
import type { FootTraffic, LocationMetric, LocationRef } from './wire';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
const sum = (series: readonly FootTraffic[]): number => series.reduce((a, b) => a + b.count, 0);

export const unknownTrafficFormat = (): AppError =>
  new AppError({ kind: 'bad_response', code: 'traffic_unknown_format' });

const GRANULARITY_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type Granularity = keyof typeof GRANULARITY_MS;

const ARRAY_KEYS = ['data', 'items', 'results', 'series', 'buckets', 'records', 'values'] as const;

/** The array of records inside an answer (or the answer itself). */
export const recordsIn = (body: unknown): unknown[] | null => {
  if (Array.isArray(body)) return body;
  if (!isObj(body)) return null;
  for (const key of ARRAY_KEYS) if (Array.isArray(body[key])) return body[key];
  return null;
};

function readBucket(record: unknown, granularity: Granularity): FootTraffic | null {
  if (!isObj(record)) return null;
  const bucket = isObj(record['bucket'])
    ? record['bucket']
    : isObj(record['period'])
      ? record['period']
      : record;
  const start = time(
    bucket['start'] ??
      bucket['from'] ??
      record['timestamp'] ??
      record['time'] ??
      record['ts'] ??
      record['at'] ??
      record['date'] ??
      record['hour'] ??
      record['day'],
  );
  if (start === null) return null;
  const inCount = count(record['in'] ?? record['entries'] ?? record['ins']);
  const value =
    count(
      record['count'] ??
        record['visitors'] ??
        record['value'] ??
        record['total'] ??
        record['visits'],
    ) ?? inCount;
  if (value === null) return null;
  const end =
    time(bucket['end'] ?? bucket['to']) ??
    new Date(Date.parse(start) + GRANULARITY_MS[granularity]).toISOString();
  const outCount = count(record['out'] ?? record['exits'] ?? record['outs']);
  return {
    start,
    end,
    count: value,
    ...(inCount === null ? {} : { in: inCount }),
    ...(outCount === null ? {} : { out: outCount }),
  };
}

/** A device's (or location's) series; throws the specific error when the shape is unknown. */
export function readSeries(body: unknown, granularity: Granularity): FootTraffic[] {
  const records = recordsIn(body);
  if (records === null) throw unknownTrafficFormat();
  const series: FootTraffic[] = [];
  for (const record of records) {
    const bucket = readBucket(record, granularity);
    if (bucket === null) throw unknownTrafficFormat();
    series.push(bucket);
  }
  return series;
}

const SERIES_KEYS = ['series', 'data', 'buckets', 'values', 'breakdown'] as const;
const TOTAL_KEYS = ['total', 'count', 'visitors', 'value', 'visits', 'in'] as const;

/** The organization a record says it belongs to, or null when it does not say. */
const organizationOf = (record: Obj, where: Obj): string | null => {
  const org = isObj(record['organization']) ? record['organization']['id'] : record['organization'];
  const id =
    record['organization_id'] ??
    record['org_id'] ??
    record['organizationId'] ??
    org ??
    where['organization_id'] ??
    where['org_id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** One location's buckets as they come in, from one record or from many. */
interface Gathered {
  location: LocationRef & { name: string };
  series: FootTraffic[];
  /** A total the server gave without a series (a record with a total only). */
  declared: number | null;
}

export interface MetricsScope {
  /** The chosen organization: records that name another one are left out. */
  organizationId: string | null;
  note?: FindingSink;
}

/**
 * Totals per location: `{location: {id, name}}` or `location_id`/`location_name`, with a series
 * (or only a total) — or flat records, one per location and bucket, which are gathered by
 * location across every page. A location's total is the sum of its buckets: a server's own
 * `total` beside a series is not used, so a card and its chart cannot disagree (screens count
 * a range themselves from the hourly series, renderer/src/lib/traffic/visitor-range.ts). Locations of
 * another organization than the chosen one (a server answering for every organization of the
 * user) are left out.
 */
export function readLocationMetrics(
  records: unknown[],
  granularity: 'hour' | 'day',
  scope: MetricsScope = { organizationId: null },
): LocationMetric[] {
  const note = scope.note ?? ignoreFindings;
  const gathered = new Map<string, Gathered>();
  const foreign = new Set<string>();
  let flat = false;
  for (const record of records) {
    if (!isObj(record)) throw unknownTrafficFormat();
    const where = isObj(record['location']) ? record['location'] : {};
    const rawId = where['id'] ?? record['location_id'] ?? record['id'];
    if (typeof rawId !== 'string' && typeof rawId !== 'number') throw unknownTrafficFormat();
    const id = String(rawId);
    const organization = organizationOf(record, where);
    if (
      organization !== null &&
      scope.organizationId !== null &&
      organization !== scope.organizationId
    ) {
      foreign.add(id);
      continue;
    }
    const name = where['name'] ?? record['location_name'] ?? record['name'] ?? id;
    let entry = gathered.get(id);
    if (!entry) {
      entry = { location: { id, name: String(name) }, series: [], declared: null };
      gathered.set(id, entry);
    }
    const has = <K extends string>(k: K) => record[k] !== undefined && record[k] !== null;
    const seriesKey = SERIES_KEYS.find(has);
    if (seriesKey !== undefined) {
      entry.series.push(...readSeries(record[seriesKey], granularity));
      continue;
    }
    const bucket = readBucket(record, granularity);
    if (bucket !== null) {
      flat = true;
      entry.series.push(bucket);
      continue;
    }
    // Neither a series, a bucket nor a total: the counts are somewhere the app does not look,
    // and reading the record as 0 visitors would be a wrong number.
    const totalKey = TOTAL_KEYS.find(has);
    const total = totalKey === undefined ? null : count(record[totalKey]);
    if (total === null) throw unknownTrafficFormat();
    entry.declared = (entry.declared ?? 0) + total;
  }
  if (flat) note({ kind: 'traffic_flat_records', granularity });
  if (foreign.size > 0) note({ kind: 'traffic_other_organizations', locations: foreign.size });
  return [...gathered.values()].map(({ location, series, declared }) => {
    // Flat records come in the server's order (often day by day across locations).
    const ordered = flat
      ? [...series].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
      : series;
    return {
      location,
      total: ordered.length > 0 ? sum(ordered) : (declared ?? 0),
      series: ordered,
    };
  });
}

/**
 * A device's series and its total: the sum of the buckets, never a `total` the server gives
 * beside them. `records`: every page's, in order (client.ts walks them all), or an answer.
 */
export function readDeviceTraffic(
  records: unknown,
  granularity: Granularity,
): { series: FootTraffic[]; total: number } {
  const series = readSeries(records, granularity);
  return { series, total: sum(series) };
}

/**
 * A `total` beside a page of a series that is the visitors on it (the documented answer: one
 * page, its total their sum) rather than how many buckets the series has: not a paging count.
 * A series of one visitor per bucket reads the same either way.
 */
export function isVisitorTotal(
  total: number,
  records: readonly unknown[],
  granularity: Granularity,
): boolean {
  try {
    return sum(readSeries(records, granularity)) === total;
  } catch {
    return false; // not buckets: the reader names the format problem
  }
}
