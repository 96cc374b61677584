/**
 * The API client against answers the sandbox's default dialect never gives, over real HTTP on
 * loopback: device writes answered 204, `{}`, `{"status": "ok"}`, the bare device or text are
 * read back with GET; single resources in a named root (`{"device": …}`) on reads and writes
 * alike; a created store answered with itself, `{id}`, a Location header or nothing has the
 * server's real id; error answers in other shapes and statuses become the right kinds; the
 * signed-in user is found beside the items as well as in `meta`; foot traffic as flat records
 * over several pages, of several organizations, and a device series with a paging `total`.
 */
import type http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLoopbackServer } from '../../helpers/loopback-server';
import { appErrorOf } from '../../helpers/app-error-of';
import { createApiClient } from '../../../electron/core/api/client';
import type { NewLocation } from '../../../electron/core/api/vendor-api';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

type Reply = {
  status: number;
  body?: unknown;
  text?: string;
  type?: string;
  headers?: http.OutgoingHttpHeaders;
};
type Route = (method: string, path: string, body: unknown) => Reply | undefined;

const KEY = 'key_unit_0123456789abcdef';
let route: Route = () => undefined;
const seen: { method: string; url: string }[] = [];
const server = useLoopbackServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const reply = route(req.method ?? '', req.url ?? '', body) ?? { status: 404, body: {} };
    const headers: http.OutgoingHttpHeaders = { ...reply.headers };
    let out = '';
    if (reply.text !== undefined) {
      headers['content-type'] = reply.type ?? 'text/plain';
      out = reply.text;
    } else if (reply.body !== undefined) {
      headers['content-type'] = 'application/json';
      out = JSON.stringify(reply.body);
    }
    res.writeHead(reply.status, headers);
    res.end(out);
  });
});
beforeEach(() => {
  seen.length = 0;
});

const client = () =>
  createApiClient({
    baseUrl: server.base,
    organizationId: 'org_1',
    getApiKey: async () => KEY,
    fetch: globalThis.fetch,
    sleep: async () => undefined,
    random: () => 0.5,
    maxRetries: 0,
  });

const calls = () => seen.map((s) => `${s.method} ${s.url}`);

// ---------------------------------------------------------------- device writes

/** The server's device, as a GET returns it after the write. */
const stored = {
  serial_number: 'FTC-1',
  device_type_name: 'Door Counter DC-200',
  board_id: 'DC2-0001',
  firmware_version_name: '2.4.1',
  name: 'Back door',
  location: { id: 'loc_1', name: 'Mall' },
};
const getDevice: Route = (method, path) =>
  method === 'GET' && path === '/v1/devices/FTC-1'
    ? { status: 200, body: { data: stored } }
    : undefined;

describe('device writes: whatever the answer, the device comes back', () => {
  it.each<[string, Reply]>([
    ['204 No Content', { status: 204 }],
    ['200 {}', { status: 200, body: {} }],
    ['200 {data: {}}', { status: 200, body: { data: {} } }],
    ['200 {ok: true}', { status: 200, body: { ok: true } }],
    ['200 {status: "ok"}', { status: 200, body: { status: 'ok' } }],
    ['201 {}', { status: 201, body: {} }],
    [
      '200 {device: {serial_number, location}} (a named root with only what changed)',
      { status: 200, body: { device: { serial_number: 'FTC-1', location: stored.location } } },
    ],
    // Only what changed: stored as the device, it would wipe its type, board and firmware.
    [
      '200 {data: {serial_number, location}}',
      { status: 200, body: { data: { serial_number: 'FTC-1', location: stored.location } } },
    ],
  ])('%s: read back with GET', async (_what, answer) => {
    route = (method, path, body) =>
      getDevice(method, path, body) ?? (method !== 'GET' ? answer : undefined);
    const api = client();
    expect(await api.installDevice('FTC-1', 'loc_1')).toEqual(stored);
    expect(await api.uninstallDevice('FTC-1')).toEqual(stored);
    expect(await api.updateDevice('FTC-1', { name: 'Back door' })).toEqual(stored);
    expect(calls()).toEqual([
      'POST /v1/devices/FTC-1/install',
      'GET /v1/devices/FTC-1',
      'POST /v1/devices/FTC-1/uninstall',
      'GET /v1/devices/FTC-1',
      'PUT /v1/devices/FTC-1',
      'GET /v1/devices/FTC-1',
    ]);
  });

  it.each<[string, Reply]>([
    ['200 {data: device}', { status: 200, body: { data: { ...stored, name: 'From write' } } }],
    ['201 device itself', { status: 201, body: { ...stored, name: 'From write' } }],
    ['200 {device: device}', { status: 200, body: { device: { ...stored, name: 'From write' } } }],
  ])('%s: taken from the answer, nothing read back', async (_what, answer) => {
    route = (method) => (method === 'POST' ? answer : undefined);
    const device = await client().installDevice('FTC-1', 'loc_1');
    expect(device.name).toBe('From write');
    expect(calls()).toEqual(['POST /v1/devices/FTC-1/install']);
  });

  const notInstalled = {
    ...stored,
    location: { id: '', name: '' },
    last_checkin_at: '0001-01-01T00:00:00Z',
  };
  it.each<[string, unknown, unknown]>([
    ['{device: device}', { device: stored }, stored],
    ['the device itself', stored, stored],
    [
      '{device} with {id: ""} and a zero time (Go)',
      { device: notInstalled },
      { ...stored, location: null, last_checkin_at: null },
    ],
  ])('a 204 read back from a GET answered %s', async (_what, body, want) => {
    route = (method) => (method === 'GET' ? { status: 200, body } : { status: 204 });
    expect(await client().uninstallDevice('FTC-1')).toEqual(want);
  });

  it('a location and an organization in a named root', async () => {
    route = (method, path) =>
      method === 'GET' && path === '/v1/locations/loc_9'
        ? { status: 200, body: { location: created } }
        : method === 'GET' && path === '/v1/organizations/org_1'
          ? { status: 200, body: { organization: { id: 'org_1', name: 'Acme' } } }
          : undefined;
    expect((await client().getLocation('loc_9')).address?.city).toBe('München');
    expect(await client().getOrganization('org_1')).toEqual({ id: 'org_1', name: 'Acme' });
  });

  it('a write answered with text ("OK") is read back too', async () => {
    route = (method, path, body) =>
      getDevice(method, path, body) ??
      (method === 'POST' ? { status: 200, text: 'OK' } : undefined);
    expect(await client().installDevice('FTC-1', 'loc_1')).toEqual(stored);
    expect(calls()).toEqual(['POST /v1/devices/FTC-1/install', 'GET /v1/devices/FTC-1']);
  });

  it('a write answered with cut-off JSON or a web page is refused, not read back', async () => {
    route = (method, path, body) =>
      getDevice(method, path, body) ??
      (method === 'POST'
        ? { status: 200, text: '{"data":{"serial_nu', type: 'application/json' }
        : undefined);
    expect((await appErrorOf(client().installDevice('FTC-1', 'loc_1'))).kind).toBe('bad_response');
    route = () => ({ status: 200, text: '<html>Hotel Wi-Fi</html>', type: 'text/html' });
    expect(errorWords(await appErrorOf(client().deleteLocation('loc_9'))).message).toMatch(
      /web page/,
    );
    expect(calls()).toEqual(['POST /v1/devices/FTC-1/install', 'DELETE /v1/locations/loc_9']);
  });

  it('the write itself is sent once, with the location in the body', async () => {
    const bodies: unknown[] = [];
    route = (method, path, body) => {
      if (method === 'POST') bodies.push(body);
      return getDevice(method, path, body) ?? { status: 204 };
    };
    await client().installDevice('FTC-1', 'loc_1');
    await client().uninstallDevice('FTC-1', 'loc_1');
    await client().uninstallDevice('FTC-1');
    expect(bodies).toEqual([{ location_id: 'loc_1' }, { location_id: 'loc_1' }, {}]);
  });
});

// ---------------------------------------------------------------- createLocation

const INPUT: NewLocation = {
  name: 'Store München',
  address: { line1: 'Marienplatz 1', city: 'München', postal_code: '80331', country: 'DE' },
};
const created = {
  id: 'loc_9',
  name: 'Store München',
  address: { address1: 'Marienplatz 1', town: 'München', zip: '80331', country: 'Germany' },
};
const getCreated: Route = (method, path) =>
  method === 'GET' && path === '/v1/locations/loc_9'
    ? { status: 200, body: { data: created } }
    : undefined;

describe('createLocation: the created store has the server’s id', () => {
  it.each<[string, Reply, string[]]>([
    ['201 {data: location}', { status: 201, body: { data: created } }, []],
    [
      '201 the location itself + Location header',
      { status: 201, body: created, headers: { location: `${'http://x'}/v1/locations/loc_9` } },
      [],
    ],
    ['201 {id} only', { status: 201, body: { id: 'loc_9' } }, ['GET /v1/locations/loc_9']],
    ['201 {location: location} (a named root)', { status: 201, body: { location: created } }, []],
    [
      '201 {location: {id}}',
      { status: 201, body: { location: { id: 'loc_9' } } },
      ['GET /v1/locations/loc_9'],
    ],
    [
      '201 {data: {id}}',
      { status: 201, body: { data: { id: 'loc_9' } } },
      ['GET /v1/locations/loc_9'],
    ],
    [
      '201 empty + Location header (absolute)',
      { status: 201, headers: { location: 'https://api.example.com/v1/locations/loc_9' } },
      ['GET /v1/locations/loc_9'],
    ],
    [
      '201 empty + Location header (relative)',
      { status: 201, headers: { location: '/v1/locations/loc_9' } },
      ['GET /v1/locations/loc_9'],
    ],
    [
      '204 + Location header',
      { status: 204, headers: { location: '/v1/locations/loc_9' } },
      ['GET /v1/locations/loc_9'],
    ],
    ['201 {id: number} only', { status: 201, body: { id: 9 } }, ['GET /v1/locations/9']],
  ])('%s', async (_what, answer, readBack) => {
    route = (method, path, body) => {
      if (method === 'POST') return answer;
      if (path === '/v1/locations/9') return { status: 200, body: { ...created, id: 9 } };
      return getCreated(method, path, body);
    };
    const location = await client().createLocation(INPUT);
    expect(location.id).toBe(path(readBack));
    expect(location).toMatchObject({
      name: 'Store München',
      address: { line1: 'Marienplatz 1', city: 'München', postal_code: '80331', country: 'DE' },
    });
    expect(calls()).toEqual(['POST /v1/locations', ...readBack]);
  });

  it('201 with nothing at all: found among the locations by name and street', async () => {
    route = (method, path) => {
      if (method === 'POST') return { status: 201 };
      if (method === 'GET' && path.startsWith('/v1/locations?'))
        return {
          status: 200,
          body: {
            data: [
              {
                id: 'loc_8',
                name: 'Store München',
                address: { line1: 'Kaufingerstr. 5', city: 'München', country: 'DE' },
              },
              created,
            ],
          },
        };
      return undefined;
    };
    const location = await client().createLocation(INPUT);
    expect(location.id).toBe('loc_9');
    expect(calls()).toEqual([
      'POST /v1/locations',
      `GET /v1/locations?q=${encodeURIComponent('Store München').replace(/%20/g, '+')}&page=1&per_page=500`,
    ]);
  });

  it('201 with nothing, and the store is nowhere to be found: bad_response, not a made-up id', async () => {
    route = (method) => (method === 'POST' ? { status: 201 } : { status: 200, body: { data: [] } });
    const error = await appErrorOf(client().createLocation(INPUT));
    expect(error.kind).toBe('bad_response');
  });
});

/** The id a case expects: the read-back path's last segment, else loc_9. */
const path = (readBack: string[]) => readBack[0]?.split('/').at(-1) ?? 'loc_9';

// ---------------------------------------------------------------- deleteLocation

describe('deleteLocation', () => {
  it.each<[string, Reply]>([
    ['204', { status: 204 }],
    ['200 {}', { status: 200, body: {} }],
    ['200 {data: location}', { status: 200, body: { data: created } }],
    ['200 text', { status: 200, text: 'Deleted' }],
  ])('%s: done', async (_what, answer) => {
    route = (method) => (method === 'DELETE' ? answer : undefined);
    await expect(client().deleteLocation('loc_9')).resolves.toBeUndefined();
  });
});

// ---------------------------------------------------------------- errors in other shapes

describe('error answers in other shapes and statuses', () => {
  it.each<[string, Reply, string]>([
    [
      '400 {errors: [{field}]}',
      { status: 400, body: { errors: [{ field: 'location_id', message: 'is required' }] } },
      'invalid',
    ],
    ['400 text/plain', { status: 400, text: 'location_id is required\n' }, 'invalid'],
    [
      '422 FastAPI detail',
      { status: 422, body: { detail: [{ loc: ['body', 'location_id'], msg: 'field required' }] } },
      'invalid',
    ],
    [
      '404 text/html',
      { status: 404, text: '<h1>404 Not Found</h1>', type: 'text/html' },
      'not_found',
    ],
    ['401 {error: "text"}', { status: 401, body: { error: 'Unauthorized' } }, 'unauthorized'],
    [
      '409 flat upper-case code',
      { status: 409, body: { code: 'DEVICE_INSTALLED_ELSEWHERE', message: 'x' } },
      'conflict',
    ],
    [
      '502 text/html',
      { status: 502, text: '<html>Bad Gateway</html>', type: 'text/html' },
      'server',
    ],
    ['503 {error: "text"}', { status: 503, body: { error: 'maintenance' } }, 'server'],
  ])('%s → %s', async (_what, answer, kind) => {
    route = () => answer;
    const error = await appErrorOf(client().installDevice('FTC-1', 'loc_1'));
    expect(error.kind).toBe(kind);
    expect(JSON.stringify(error.toShape())).not.toContain(KEY);
  });

  it('a 404 that hides another organization is not_found, naming the serial', async () => {
    route = () => ({ status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    const error = await appErrorOf(client().getDevice('FTC-1'));
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(errorWords(error).message).toContain('FTC-1');
  });
});

// ---------------------------------------------------------------- who is signed in

describe('listOrganizations: the signed-in user wherever the list puts it', () => {
  it.each<[string, unknown]>([
    [
      '{data, meta: {user}}',
      { data: [{ id: 'org_1', name: 'A' }], meta: { user: { id: 'u1', name: 'Sam' } } },
    ],
    ['{items, user}', { items: [{ id: 'org_1', name: 'A' }], user: { id: 'u1', name: 'Sam' } }],
    [
      '{results, user, links}',
      {
        results: [{ id: 'org_1', name: 'A' }],
        user: { id: 1, name: 'Sam' },
        links: { next: null },
      },
    ],
  ])('%s', async (_what, body) => {
    route = () => ({ status: 200, body });
    const { organizations, user } = await client().listOrganizations();
    expect(organizations).toEqual([{ id: 'org_1', name: 'A' }]);
    expect(user?.name).toBe('Sam');
  });

  it('a bare array has no user: null, not an error', async () => {
    route = () => ({ status: 200, body: [{ id: 'org_1', name: 'A' }] });
    expect(await client().listOrganizations()).toEqual({
      organizations: [{ id: 'org_1', name: 'A' }],
      user: null,
    });
  });
});

// ---------------------------------------------------------------- foot traffic

describe('locationsFootTraffic: an answer in no shape the app knows is named as such', () => {
  const RANGE = {
    from: '2026-05-01T00:00:00Z',
    to: '2026-05-02T00:00:00Z',
    granularity: 'hour',
  } as const;
  const answering = (body: unknown): void => {
    route = (method, path) =>
      method === 'GET' && path.startsWith('/v1/foot-traffic/locations')
        ? { status: 200, body }
        : undefined;
  };

  it.each<[string, unknown]>([
    ['an envelope the list reader does not know ({locations: [...]})', { locations: [] }],
    ['an object with no list at all', { summary: { visitors: 12 } }],
    ['records with an id but no series and no total', { data: [{ id: 'loc_1', people: 12 }] }],
  ])('%s: traffic_unknown_format', async (_what, body) => {
    answering(body);
    const error = await appErrorOf(client().locationsFootTraffic(RANGE));
    expect(error.kind).toBe('bad_response');
    expect(error.code).toBe('traffic_unknown_format');
  });

  it('a known shape is read, a record with only a total of 0 too', async () => {
    answering({ data: [{ location: { id: 'loc_1', name: 'Mall' }, total: 0 }] });
    expect(await client().locationsFootTraffic(RANGE)).toEqual([
      { location: { id: 'loc_1', name: 'Mall' }, total: 0, series: [] },
    ]);
  });
});

describe('foot traffic as flat records, over pages and organizations', () => {
  const RANGE = {
    from: '2026-03-01T00:00:00Z',
    to: '2026-03-04T00:00:00Z',
    granularity: 'day',
  } as const;
  const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
  /** Day by day over three locations, one of another organization: 9 records, 4 a page. */
  const RECORDS = DAYS.flatMap((day, d) =>
    [
      ['org_1', 'loc_1', 10],
      ['org_1', 'loc_2', 1],
      ['org_2', 'loc_9', 100],
    ].map(([org, id, n]) => ({
      organization_id: org,
      location_id: id,
      location_name: `Store ${String(id)}`,
      day,
      visitors: Number(n) * (d + 1),
    })),
  );

  it('grouped by location across every page, the chosen organization’s only, totals summed', async () => {
    route = (method, path) => {
      if (method !== 'GET' || !path.startsWith('/v1/foot-traffic/locations')) return undefined;
      const offset = Number(new URL(path, 'http://x').searchParams.get('offset') ?? 0);
      return {
        status: 200,
        body: {
          data: RECORDS.slice(offset, offset + 4),
          meta: { offset, limit: 4, total: RECORDS.length },
        },
      };
    };
    const metrics = await client().locationsFootTraffic(RANGE);
    expect(metrics.map((m) => [m.location.id, m.total, m.series.length])).toEqual([
      ['loc_1', 60, 3],
      ['loc_2', 6, 3],
    ]);
    expect(calls()).toHaveLength(3);
  });

  it('a device’s total is the sum of its series, not the paging total in meta', async () => {
    const series = Array.from({ length: 24 }, (_, h) => ({
      time: new Date(Date.parse('2026-03-03T00:00:00Z') + h * 3_600_000).toISOString(),
      visitors: h >= 9 && h < 17 ? 31 : 0,
    }));
    route = (method, path) =>
      method === 'GET' && path.startsWith('/v1/foot-traffic/devices/FTC-1')
        ? { status: 200, body: { data: series, meta: { offset: 0, limit: 24, total: 24 } } }
        : undefined;
    const traffic = await client().deviceFootTraffic('FTC-1', { ...RANGE, granularity: 'hour' });
    expect(traffic.total).toBe(248);
  });
});
