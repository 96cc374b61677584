/**
 * Decision record 69 at the API client, over real HTTP to a throwaway loopback server: a
 * device's foot traffic is read over every page in every paging style the list reader knows (a
 * visitors' total beside a one-page series is no count of buckets); ids and serials go out as
 * one escaped segment; a write the server accepts for later (202, a pending status, a task) is
 * said so (`write_accepted`) rather than taken for done.
 */
import type http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLoopbackServer } from '../../helpers/loopback-server';
import { createApiClient } from '../../../electron/core/api/client';
import { AppError } from '../../../electron/core/app-error';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const seen: string[] = [];
const server = useLoopbackServer((req, res) => {
  seen.push(`${req.method} ${req.url}`);
  handler(req, res);
});
beforeEach(() => {
  seen.length = 0;
});

const client = () =>
  createApiClient({
    baseUrl: server.base,
    organizationId: 'Zentrale Süd/k2m',
    getApiKey: async () => 'key_unit_0123456789abcdef',
    fetch: globalThis.fetch,
    sleep: async () => undefined,
    random: () => 0.5,
    maxRetries: 0,
  });

const json = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-04T00:00:00Z');
/** 25 hourly buckets, 1..25 visitors. */
const BUCKETS = Array.from({ length: 25 }, (_, i) => ({
  start: new Date(T0 + i * HOUR).toISOString(),
  count: i + 1,
}));
const TOTAL = BUCKETS.reduce((a, b) => a + b.count, 0);
const RANGE = {
  from: new Date(T0).toISOString(),
  to: new Date(T0 + 25 * HOUR).toISOString(),
  granularity: 'hour' as const,
};

/** The request's URL and its query. */
const asked = (req: http.IncomingMessage) => new URL(req.url ?? '/', server.base);

describe('a device’s foot traffic in pages', () => {
  const styles: [string, Handler][] = [
    [
      'page numbers, next URL, short last page (DRF)',
      (req, res) => {
        const url = asked(req);
        const p = Number(url.searchParams.get('page') ?? '1');
        const next = new URL(url);
        next.searchParams.set('page', String(p + 1));
        json(res, 200, {
          count: 25,
          next: p * 20 < 25 ? next.href : null,
          previous: null,
          results: BUCKETS.slice((p - 1) * 20, p * 20),
        });
      },
    ],
    [
      'offset with a Link header, no total, a limit cut to 20',
      (req, res) => {
        const url = asked(req);
        const offset = Number(url.searchParams.get('offset') ?? '0');
        const next = new URL(url);
        next.searchParams.set('offset', String(offset + 20));
        next.searchParams.set('limit', '20');
        json(
          res,
          200,
          { items: BUCKETS.slice(offset, offset + 20), offset, limit: 20 },
          offset + 20 < 25 ? { link: `<${next.href}>; rel="next"` } : {},
        );
      },
    ],
    [
      'offset with a total in meta',
      (req, res) => {
        const offset = Number(asked(req).searchParams.get('offset') ?? '0');
        json(res, 200, {
          data: BUCKETS.slice(offset, offset + 20),
          meta: { offset, limit: 20, total: 25 },
        });
      },
    ],
    [
      'a cursor',
      (req, res) => {
        const from = Number(asked(req).searchParams.get('cursor') ?? '0');
        json(res, 200, {
          data: BUCKETS.slice(from, from + 20),
          meta: { next_cursor: from + 20 < 25 ? String(from + 20) : null },
        });
      },
    ],
    [
      'page numbers with a total of buckets and no page size',
      (req, res) => {
        const p = Number(asked(req).searchParams.get('page') ?? '1');
        json(res, 200, { data: BUCKETS.slice((p - 1) * 20, p * 20), meta: { page: p, total: 25 } });
      },
    ],
  ];
  it.each(styles)('%s: every bucket, every page', async (_style, serve) => {
    handler = serve;
    const got = await client().deviceFootTraffic('PC 0033 8396', RANGE);
    expect(got.series.map((b) => b.count)).toEqual(BUCKETS.map((b) => b.count));
    expect(got.total).toBe(TOTAL);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    // The serial as one escaped segment, spaces and all.
    for (const line of seen)
      expect(line.split(' ')[1]).toMatch(/^\/v1\/foot-traffic\/devices\/PC%200033%208396\?/);
  });

  it('one answer whose total is its visitors: read once, that total no count of buckets', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        data: BUCKETS,
        meta: { serial_number: 'X', total: TOTAL, granularity: 'hour' },
      });
    const got = await client().deviceFootTraffic('X', RANGE);
    expect(got.total).toBe(TOTAL);
    expect(seen).toHaveLength(1);
  });

  it('a page that fails is the series’ failure, never a part of it taken for the whole', async () => {
    handler = (req, res) => {
      const offset = Number(asked(req).searchParams.get('offset') ?? '0');
      if (offset > 0) return json(res, 500, { error: 'down' });
      return json(res, 200, { data: BUCKETS.slice(0, 20), meta: { offset, limit: 20, total: 25 } });
    };
    const error = await client()
      .deviceFootTraffic('X', RANGE)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('server');
  });
});

describe('opaque ids in paths and credentials', () => {
  it('a store id with every reserved character is one escaped segment; the organization is the username as given', async () => {
    let authorization = '';
    handler = (req, res) => {
      authorization = req.headers.authorization ?? '';
      json(res, 200, { data: [] });
    };
    await client().devicePage({ kind: 'location-devices', locationId: 'a/b c?d#e%f' }, null);
    expect(seen[0]).toMatch(/^GET \/v1\/locations\/a%2Fb%20c%3Fd%23e%25f\/devices\?/);
    const user = Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString('utf8');
    expect(user.startsWith('Zentrale Süd/k2m:')).toBe(true);
  });
});

describe('a write accepted for later is said so, never taken for done', () => {
  const device = { serial_number: 'X', location: { id: 'L1', name: 'Here' } };
  it.each([
    ['202 with a task id', 202, { task_id: 't1', status: 'accepted' }],
    ['202 with the device as it will be', 202, { ...device, device_type_name: 'Counter' }],
    ['200 {status: "pending"}', 200, { status: 'pending' }],
    ['200 {data: {state: "queued"}}', 200, { data: { state: 'Queued' } }],
    ['200 with a job to follow', 200, { job: { id: 'j1' } }],
    ['201 with an operation id', 201, { operation_id: 'op-1' }],
  ])('%s', async (_what, status, body) => {
    handler = (req, res) => {
      if (req.method === 'POST') return json(res, status, body);
      return json(res, 200, { data: { serial_number: 'X', location: null } });
    };
    const error = await client()
      .installDevice('X', 'L1')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toShape()).toMatchObject({
      kind: 'bad_response',
      code: 'write_accepted',
      status,
    });
    // Nothing is read or sent again here: the replay reads until it shows (sync/replay.ts).
    expect(seen).toEqual(['POST /v1/devices/X/install']);
  });

  it('done answers stay done: {status: "ok"}, the whole device', async () => {
    for (const body of [{ status: 'ok' }, { data: { ...device, device_type_name: 'Counter' } }]) {
      handler = (req, res) => {
        if (req.method === 'POST') return json(res, 200, body);
        return json(res, 200, { data: { ...device, device_type_name: 'Counter' } });
      };
      expect((await client().installDevice('X', 'L1')).location?.id).toBe('L1');
    }
  });
});
