/**
 * The tolerant reader for foot traffic, whose record shape the spec does not show. Recognised:
 * a start-end bucket, a bucket object, a timestamp or a date, with count / visitors / value /
 * total, or in and out (visitors are the people who came in). Every record becomes
 * `{start, end, count}`. An answer in no shape the app knows is refused with a sentence that
 * says so — never a wrong number.
 */
import { AppError } from '../app-error';
import type { FootTraffic, LocationMetric } from './wire';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
const time = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v))
    return new Date(v > 1e12 ? v : v * 1000).toISOString();
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) return null;
  return v;
};

export const unknownTrafficFormat = (): AppError =>
  new AppError({
    kind: 'bad_response',
    code: 'traffic_unknown_format',
    message: "The server's foot traffic is in a format this app does not read yet.",
    nextStep:
      'The counts are not shown rather than shown wrong. Send a connection report to support.',
  });

const GRANULARITY_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type Granularity = keyof typeof GRANULARITY_MS;

const ARRAY_KEYS = ['data', 'items', 'results', 'series', 'buckets', 'records', 'values'];

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
  return { start, end, count: value };
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

const SERIES_KEYS = ['series', 'data', 'buckets', 'values', 'breakdown'];
const TOTAL_KEYS = ['total', 'count', 'visitors', 'value', 'visits', 'in'];

/**
 * Totals per location: `{location: {id, name}}` or `location_id`/`location_name`, with a series.
 * `total` is the server's, over its own buckets, which may begin before `from` (a server aligns
 * them to UTC days); screens count a range themselves from the hourly series
 * (renderer/src/lib/visitor-range.ts), so a card and its chart cannot disagree.
 */
export function readLocationMetrics(
  records: unknown[],
  granularity: Granularity,
): LocationMetric[] {
  return records.map((record) => {
    if (!isObj(record)) throw unknownTrafficFormat();
    const where = isObj(record['location']) ? record['location'] : {};
    const id = where['id'] ?? record['location_id'] ?? record['id'];
    const name = where['name'] ?? record['location_name'] ?? record['name'] ?? id;
    if (typeof id !== 'string' && typeof id !== 'number') throw unknownTrafficFormat();
    // Neither a series nor a total: the counts are somewhere the app does not look, and
    // reading the record as 0 visitors would be a wrong number.
    const has = (k: string) => record[k] !== undefined && record[k] !== null;
    if (!SERIES_KEYS.some(has) && !TOTAL_KEYS.some(has)) throw unknownTrafficFormat();
    const rawSeries =
      record['series'] ??
      record['data'] ??
      record['buckets'] ??
      record['values'] ??
      record['breakdown'] ??
      [];
    const series = readSeries(rawSeries, granularity);
    const total =
      count(
        record['total'] ??
          record['count'] ??
          record['visitors'] ??
          record['value'] ??
          record['visits'] ??
          record['in'],
      ) ?? series.reduce((sum, b) => sum + b.count, 0);
    return { location: { id: String(id), name: String(name) }, total, series };
  });
}
