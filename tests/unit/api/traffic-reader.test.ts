/**
 * The tolerant foot-traffic reader (electron/core/api/traffic-reader.ts): every record shape
 * becomes {start, end, count}; per-location metrics come as one record per location or as flat
 * records (one per location and bucket, over many pages) grouped by location; every total is
 * the sum of the buckets; another organization's locations are left out; a shape the app does
 * not know is refused with its own sentence — never a wrong number.
 */
import { describe, expect, it } from 'vitest';
import type { ApiFinding } from '../../../electron/core/api/findings';
import {
  readDeviceTraffic,
  readLocationMetrics,
  readSeries,
  recordsIn,
} from '../../../electron/core/api/traffic-reader';
import { AppError } from '../../../electron/core/app-error';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const T0 = '2026-03-04T10:00:00.000Z';
const T1 = '2026-03-04T11:00:00.000Z';
const T2 = '2026-03-04T12:00:00.000Z';
const UNKNOWN = "The server's foot traffic is in a format this app does not read yet.";

const refused = (run: () => unknown): AppError => {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the unknown-format error');
};

describe('readSeries: record shapes', () => {
  it('{start, end, count} (the default)', () => {
    expect(readSeries({ data: [{ start: T0, end: T1, count: 7 }] }, 'hour')).toEqual([
      { start: T0, end: T1, count: 7 },
    ]);
  });

  it('{timestamp, count}: the end is one bucket later', () => {
    expect(
      readSeries(
        [
          { timestamp: T0, count: 3 },
          { timestamp: T1, count: 0 },
        ],
        'hour',
      ),
    ).toEqual([
      { start: T0, end: T1, count: 3 },
      { start: T1, end: T2, count: 0 },
    ]);
  });

  it('{date, visitors}: a day as YYYY-MM-DD, or a time', () => {
    expect(readSeries({ results: [{ date: '2026-03-04', visitors: 120 }] }, 'day')).toEqual([
      { start: '2026-03-04', end: '2026-03-05T00:00:00.000Z', count: 120 },
    ]);
    expect(readSeries({ items: [{ date: T0, visitors: 5 }] }, 'hour')[0]).toEqual({
      start: T0,
      end: T1,
      count: 5,
    });
  });

  it('{start, end, in, out}: visitors are the people who came in (in and out kept beside)', () => {
    expect(readSeries([{ start: T0, end: T1, in: 40, out: 38 }], 'hour')).toEqual([
      { start: T0, end: T1, count: 40, in: 40, out: 38 },
    ]);
  });

  it('{bucket: {start, end}, value}', () => {
    expect(readSeries({ data: [{ bucket: { start: T0, end: T1 }, value: 9 }] }, 'hour')).toEqual([
      { start: T0, end: T1, count: 9 },
    ]);
  });

  it('epoch seconds or milliseconds as times; a fractional count is rounded', () => {
    const s = Date.parse(T0) / 1000;
    expect(readSeries([{ ts: s, total: 2.4 }], 'minute')[0]).toEqual({
      start: T0,
      end: '2026-03-04T10:01:00.000Z',
      count: 2,
    });
    expect(readSeries([{ time: s * 1000, visits: 1 }], 'hour')[0]?.start).toBe(T0);
  });

  it('an empty series is an empty series', () => {
    expect(readSeries({ data: [] }, 'hour')).toEqual([]);
    expect(readSeries([], 'day')).toEqual([]);
  });
});

describe('readSeries: unknown shapes are refused with the specific error', () => {
  it.each([
    ['no array', { total: 5 }],
    ['a string', 'ok'],
    ['records without a time', [{ count: 5 }]],
    ['records without a count', [{ start: T0, end: T1 }]],
    ['an unknown field', [{ moment: T0, people: 4 }]],
    ['a negative count', [{ start: T0, end: T1, count: -1 }]],
    ['a time that is no time', [{ start: 'yesterday-ish', count: 1 }]],
    ['not records', [1, 2, 3]],
  ])('%s', (_what, body) => {
    const error = refused(() => readSeries(body, 'hour'));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toBe(UNKNOWN);
    expect(errorWords(error).nextStep).toMatch(/not shown rather than shown wrong/);
  });
});

describe('readLocationMetrics: one location’s totals', () => {
  const location = { id: 'loc_1', name: 'Mall' };

  it.each([
    [
      'default {location, total, series}',
      { location, total: 10, series: [{ start: T0, end: T1, count: 10 }] },
    ],
    [
      '{location_id, location_name, count, buckets}',
      {
        location_id: 'loc_1',
        location_name: 'Mall',
        count: 10,
        buckets: [{ timestamp: T0, count: 10 }],
      },
    ],
    [
      '{location, visitors, breakdown}',
      { location, visitors: 10, breakdown: [{ date: T0, visitors: 10 }] },
    ],
    [
      '{location, in, out, series}',
      { location, in: 10, out: 9, series: [{ start: T0, end: T1, in: 10, out: 9 }] },
    ],
    [
      '{location_id, value, values}',
      { location_id: 'loc_1', value: 10, values: [{ bucket: { start: T0, end: T1 }, value: 10 }] },
    ],
  ])('%s', (_shape, record) => {
    const [metric] = readLocationMetrics([record], 'hour');
    expect(metric?.location.id).toBe('loc_1');
    expect(metric?.total).toBe(10);
    expect(metric?.series.map(({ start, end, count }) => ({ start, end, count }))).toEqual([
      { start: T0, end: T1, count: 10 },
    ]);
  });

  it('without a name the id is shown; without a total the series adds up; a number id is text', () => {
    const [metric] = readLocationMetrics(
      [
        {
          location_id: 12,
          series: [
            { start: T0, end: T1, count: 3 },
            { start: T1, end: T2, count: 4 },
          ],
        },
      ],
      'hour',
    );
    expect(metric).toEqual({
      location: { id: '12', name: '12' },
      total: 7,
      series: [
        { start: T0, end: T1, count: 3 },
        { start: T1, end: T2, count: 4 },
      ],
    });
  });

  it('a record with an id but neither a series nor a total is refused, not read as 0', () => {
    for (const record of [
      { location, people: 12 },
      { location_id: 'loc_1', hours: [{ start: T0, end: T1, count: 12 }] },
      { id: 'loc_1', series: null, total: null },
    ])
      expect(
        errorWords(refused(() => readLocationMetrics([record], 'day'))).message,
        JSON.stringify(record),
      ).toBe(UNKNOWN);
  });

  it('beside a series the total is the sum of its buckets, whatever the server’s total says', () => {
    const [metric] = readLocationMetrics(
      [
        {
          location,
          total: 24,
          series: [
            { start: T0, end: T1, count: 200 },
            { start: T1, end: T2, count: 48 },
          ],
        },
      ],
      'hour',
    );
    expect(metric?.total).toBe(248);
  });

  it('a series alone or a total alone is enough', () => {
    expect(readLocationMetrics([{ location, total: 0 }], 'day')[0]?.total).toBe(0);
    expect(readLocationMetrics([{ location, series: [] }], 'day')[0]?.total).toBe(0);
  });

  it('a record with no location id, or a series in an unknown shape, is refused', () => {
    expect(
      errorWords(refused(() => readLocationMetrics([{ total: 3, series: [] }], 'day'))).message,
    ).toBe(UNKNOWN);
    expect(errorWords(refused(() => readLocationMetrics(['loc_1'], 'day'))).message).toBe(UNKNOWN);
    expect(
      errorWords(
        refused(() => readLocationMetrics([{ location, total: 3, series: [{ n: 3 }] }], 'day')),
      ).message,
    ).toBe(UNKNOWN);
  });
});

describe('recordsIn', () => {
  it('finds the array under the usual keys, or the answer itself', () => {
    for (const key of ['data', 'items', 'results', 'series', 'buckets', 'records', 'values'])
      expect(recordsIn({ [key]: [1] }), key).toEqual([1]);
    expect(recordsIn([2])).toEqual([2]);
    expect(recordsIn({ nope: [3] })).toBeNull();
    expect(recordsIn('x')).toBeNull();
  });
});

describe('readLocationMetrics: flat records, one per location and bucket', () => {
  const D1 = '2026-03-02';
  const D2 = '2026-03-03';
  const D3 = '2026-03-04';
  /** Day by day, location by location: how a paged report lists them. */
  const flat = (org: string, id: string, day: string, visitors: number) => ({
    organization_id: org,
    location_id: id,
    location_name: `Store ${id}`,
    day,
    visitors,
  });
  const PAGES = [
    [flat('org_1', 'loc_1', D1, 10), flat('org_1', 'loc_2', D1, 1), flat('org_2', 'loc_9', D1, 5)],
    [flat('org_1', 'loc_1', D2, 20), flat('org_1', 'loc_2', D2, 2), flat('org_2', 'loc_9', D2, 6)],
    [flat('org_1', 'loc_1', D3, 30), flat('org_1', 'loc_2', D3, 3), flat('org_2', 'loc_9', D3, 7)],
  ];
  const records = PAGES.flat();

  it('are grouped by location across every page; totals are the sums, days in order', () => {
    const heard: ApiFinding[] = [];
    const metrics = readLocationMetrics(records, 'day', {
      organizationId: 'org_1',
      note: (f) => heard.push(f),
    });
    expect(metrics.map((m) => [m.location, m.total])).toEqual([
      [{ id: 'loc_1', name: 'Store loc_1' }, 60],
      [{ id: 'loc_2', name: 'Store loc_2' }, 6],
    ]);
    expect(metrics[0]?.series).toEqual([
      { start: D1, end: '2026-03-03T00:00:00.000Z', count: 10 },
      { start: D2, end: '2026-03-04T00:00:00.000Z', count: 20 },
      { start: D3, end: '2026-03-05T00:00:00.000Z', count: 30 },
    ]);
    expect(heard).toEqual([
      { kind: 'traffic_flat_records', granularity: 'day' },
      { kind: 'traffic_other_organizations', locations: 1 },
    ]);
  });

  it('in whatever order they come', () => {
    const metrics = readLocationMetrics([...records].reverse(), 'day', {
      organizationId: 'org_1',
    });
    expect(metrics.find((m) => m.location.id === 'loc_1')?.series.map((b) => b.count)).toEqual([
      10, 20, 30,
    ]);
  });

  it('hourly records, with the location as an object and the count as `count`', () => {
    const hourly = [T0, T1].flatMap((hour, i) => [
      { location: { id: 'loc_1', name: 'Mall' }, hour, count: 3 + i },
      { location: { id: 'loc_2', name: 'Park' }, hour, count: 0 },
    ]);
    expect(readLocationMetrics(hourly, 'hour').map((m) => [m.location.id, m.total])).toEqual([
      ['loc_1', 7],
      ['loc_2', 0],
    ]);
  });

  it('another organization’s locations are left out wherever the record names it', () => {
    const named = [
      { org_id: 'org_2', location_id: 'a', day: D1, visitors: 1 },
      { organization: { id: 'org_2' }, location_id: 'b', day: D1, visitors: 1 },
      { organizationId: 'org_2', location_id: 'c', day: D1, visitors: 1 },
      { location: { id: 'd', organization_id: 'org_2' }, day: D1, visitors: 1 },
      { location: { id: 'mine', organization_id: 'org_1' }, total: 4, series: [] },
    ];
    expect(
      readLocationMetrics(named, 'day', { organizationId: 'org_1' }).map((m) => m.location.id),
    ).toEqual(['mine']);
  });

  it('records that do not name an organization are kept (nothing to tell them apart by)', () => {
    const plain = records.map(({ organization_id: _org, ...rest }) => rest);
    expect(readLocationMetrics(plain, 'day', { organizationId: 'org_1' })).toHaveLength(3);
  });
});

describe('readDeviceTraffic: the total is the sum of the series', () => {
  it('never a paging total from meta (24 records) nor a top-level one', () => {
    const series = Array.from({ length: 24 }, (_, h) => ({
      time: new Date(Date.parse(T0) + h * 3_600_000).toISOString(),
      visitors: h < 8 ? 31 : 0,
    }));
    expect(readDeviceTraffic({ data: series, meta: { total: 24 } }, 'hour').total).toBe(248);
    expect(readDeviceTraffic({ items: series, total: 24 }, 'hour').total).toBe(248);
    expect(readDeviceTraffic({ data: series }, 'hour').series).toHaveLength(24);
  });
});

describe('readDeviceTraffic: people in and out, where the server says them apart', () => {
  it('keeps in and out beside the count (an accuracy audit compares each)', () => {
    const { series } = readDeviceTraffic(
      {
        data: [
          { start: '2026-05-01T10:00:00Z', end: '2026-05-01T10:00:10Z', count: 7, in: 7, out: 5 },
          { start: '2026-05-01T10:00:10Z', end: '2026-05-01T10:00:20Z', entries: 2, exits: 1 },
          { start: '2026-05-01T10:00:20Z', end: '2026-05-01T10:00:30Z', count: 4 },
        ],
      },
      'minute',
    );
    expect(series).toEqual([
      {
        start: '2026-05-01T10:00:00Z',
        end: '2026-05-01T10:00:10Z',
        count: 7,
        in: 7,
        out: 5,
      },
      {
        start: '2026-05-01T10:00:10Z',
        end: '2026-05-01T10:00:20Z',
        count: 2,
        in: 2,
        out: 1,
      },
      { start: '2026-05-01T10:00:20Z', end: '2026-05-01T10:00:30Z', count: 4 },
    ]);
  });
});
