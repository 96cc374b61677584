/**
 * Transport behaviour the sandbox cannot easily produce (a chunked body growing past the cap
 * with no Content-Length, redirects, HTTP-date Retry-After, cancellation, list pages whose
 * `meta` says only part of what the sandbox says), checked over real HTTP against a throwaway
 * node:http server on loopback.
 */
import type http from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLoopbackServer } from '../../helpers/loopback-server';
import {
  LIST_PAGE_SIZE,
  createApiClient,
  type ApiClientOptions,
  type PageRequest,
} from '../../../electron/core/api/client';
import { AppError } from '../../../electron/core/app-error';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const KEY = 'key_unit_0123456789abcdef';
let handler: Handler = (_req, res) => res.end();
const seen: {
  method: string;
  url: string;
  authorization: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}[] = [];
const server = useLoopbackServer((req, res) => {
  seen.push({
    method: req.method ?? '',
    url: req.url ?? '',
    authorization: req.headers.authorization ?? '',
    ...(req.headers['if-none-match'] ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
    ...(req.headers['if-modified-since']
      ? { ifModifiedSince: req.headers['if-modified-since'] }
      : {}),
  });
  handler(req, res);
});
beforeEach(() => {
  seen.length = 0;
});

const delays: number[] = [];
const client = (extra: Partial<ApiClientOptions> = {}) => {
  delays.length = 0;
  return createApiClient({
    baseUrl: server.base,
    organizationId: 'org_1',
    getApiKey: async () => KEY,
    fetch: globalThis.fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
};

const failure = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw error;
  const everything = JSON.stringify({
    ...error.toShape(),
    cause: String((error.cause as Error | undefined)?.message),
  });
  expect(everything).not.toContain(KEY);
  return error;
};

const json = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

describe('API client over a local HTTP server', () => {
  it('sends Basic <org>:<key> for org endpoints and :<key> for cross-organization ones', async () => {
    handler = (req, res) =>
      req.url?.startsWith('/v1/organizations')
        ? json(res, 200, { data: [{ id: 'org_1', name: 'A' }] })
        : json(res, 200, { data: { serial_number: 'S1' } });
    const api = client();
    await api.listOrganizations();
    await api.getDevice('S1');
    const decode = (h: string) => Buffer.from(h.replace(/^Basic /, ''), 'base64').toString();
    expect(seen.map((s) => decode(s.authorization))).toEqual([`:${KEY}`, `org_1:${KEY}`]);
    expect(seen[0]?.url).toBe('/v1/organizations?page=1&per_page=500');
  });

  it('refuses a chunked body that grows past maxBodyBytes (no Content-Length to trust)', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      const chunk = `${'{"serial_number":"X"},'.repeat(200)}`;
      let sent = 0;
      const pump = () => {
        while (sent < 200 && res.write(chunk)) sent += 1;
        if (sent < 200) res.once('drain', pump);
        else res.end('{"serial_number":"Y"}]}');
      };
      pump();
    };
    const error = await failure(
      client({ maxBodyBytes: 64 * 1024 }).devicePage({ kind: 'devices' }, null),
    );
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/larger than this app accepts/);
  });

  it('does not follow a redirect (captive portal) and explains it', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/login' });
      res.end();
    };
    const error = await failure(client({ maxRetries: 0 }).getDevice('S1'));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/Wi-Fi sign-in/);
    expect(seen).toHaveLength(1);
  });

  it('honours an HTTP-date Retry-After before retrying a GET', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) {
        const at = new Date(Date.now() + 5_000).toUTCString();
        json(
          res,
          429,
          { error: { code: 'rate_limited', message: 'slow down' } },
          { 'retry-after': at },
        );
      } else json(res, 200, { data: { serial_number: 'S1' } });
    };
    const device = await client().getDevice('S1');
    expect(device.serial_number).toBe('S1');
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(4_000);
  });

  it('gives up at once, with retryAfterS, when Retry-After is beyond the cap', async () => {
    handler = (_req, res) =>
      json(res, 429, { error: { code: 'rate_limited', message: 'x' } }, { 'retry-after': '600' });
    const error = await failure(client().getDevice('S1'));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterS: 600 });
    expect(seen).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('times out a body that stalls midway', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":{"serial_number":');
    };
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300, maxRetries: 1 }).getDevice('S1'));
    expect(error.kind).toBe('timeout');
    expect(errorWords(error).message).toMatch(/did not answer within/);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = failure(client({ signal: controller.signal }).getDevice('S1'));
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(errorWords(error).message).toMatch(/cancelled/);
    expect(seen).toHaveLength(1);
  });

  it('treats a 200 text/html page as bad_response', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Please log in to the hotel Wi-Fi</body></html>');
    };
    const error = await failure(client().getDevice('S1'));
    expect(error).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(errorWords(error).message).toMatch(/web page/);
  });

  it('asks for no key when the organization is missing', async () => {
    let asked = 0;
    const api = client({
      organizationId: null,
      getApiKey: async () => {
        asked += 1;
        return KEY;
      },
    });
    const error = await failure(api.listLocations());
    expect(error.kind).toBe('not_signed_in');
    expect(asked).toBe(0);
    expect(seen).toHaveLength(0);
  });
});

/** `n` devices, serials numbered from `from`. */
const devices = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ serial_number: `FTC-${from + i}` }));

/** The page number a request asked for. */
const pageOf = (url: string | undefined) =>
  Number(new URL(url ?? '/', 'http://x').searchParams.get('page'));

const page = (n: number, perPage: number = LIST_PAGE_SIZE): PageRequest => ({
  style: 'page',
  page: n,
  perPage,
});

describe('page-level list fetching over a local HTTP server', () => {
  it('asks each list’s path with the request’s parameters, org-scoped; the first by page', async () => {
    handler = (_req, res) => json(res, 200, { data: [] });
    const api = client();
    await api.devicePage({ kind: 'devices' }, null);
    await api.devicePage({ kind: 'uninstalled-devices' }, page(2, 100));
    await api.devicePage({ kind: 'location-devices', locationId: 'loc 1/a' }, page(3, 7));
    await api.locationPage(page(4));
    await api.devicePage({ kind: 'devices' }, { style: 'offset', offset: 40, limit: 20 });
    await api.devicePage({ kind: 'devices' }, { style: 'cursor', cursor: 'a b', param: 'cursor' });
    await api.devicePage(
      { kind: 'devices' },
      { style: 'url', url: `${server.base}/devices?after=X9` },
    );
    expect(seen.map((r) => r.url)).toEqual([
      '/v1/devices?page=1&per_page=500',
      '/v1/uninstalled-devices?page=2&per_page=100',
      '/v1/locations/loc%201%2Fa/devices?page=3&per_page=7',
      '/v1/locations?page=4&per_page=500',
      '/v1/devices?offset=40&limit=20',
      '/v1/devices?cursor=a+b',
      '/v1/devices?after=X9',
    ]);
    const decode = (h: string) => Buffer.from(h.replace(/^Basic /, ''), 'base64').toString();
    expect(new Set(seen.map((r) => decode(r.authorization)))).toEqual(new Set([`org_1:${KEY}`]));
    expect(LIST_PAGE_SIZE).toBe(500);
  });

  it('meta with only total_count: totalPages from it and per_page, `next` until the count is reached', async () => {
    // 25 devices, served 10 at a time whatever was asked; the server says only the count.
    handler = (req, res) => {
      const p = pageOf(req.url);
      json(res, 200, {
        data: devices(Math.max(0, Math.min(10, 25 - (p - 1) * 10)), (p - 1) * 10),
        meta: { total_count: 25 },
      });
    };
    const api = client();
    const first = await api.devicePage({ kind: 'devices' }, page(1, 10));
    expect(first).toMatchObject({
      style: 'page',
      totalCount: 25,
      totalPages: 3,
      next: page(2, 10),
      rest: [page(2, 10), page(3, 10)],
    });
    expect(first.items.map((d) => d.serial_number)).toEqual(
      devices(10).map((d) => d.serial_number),
    );
    expect(await api.devicePage({ kind: 'devices' }, page(2, 10))).toMatchObject({
      next: page(3, 10),
    });
    const last = await api.devicePage({ kind: 'devices' }, page(3, 10));
    expect(last).toMatchObject({ totalCount: 25, totalPages: 3, next: null });
    expect(last.items).toHaveLength(5);
  });

  it('meta with only per_page: no totals, a full page has more, a short page is the last', async () => {
    handler = (req, res) => {
      const p = pageOf(req.url);
      json(res, 200, { data: devices(p < 3 ? 4 : 1), meta: { per_page: 4 } });
    };
    const api = client();
    // The server's per_page (4) decides what a full page is, not the 500 asked for.
    expect(await api.devicePage({ kind: 'devices' }, page(2))).toMatchObject({
      totalCount: null,
      totalPages: null,
      next: page(3, 4),
    });
    expect(await api.devicePage({ kind: 'devices' }, page(3))).toMatchObject({
      totalCount: null,
      totalPages: null,
      next: null,
    });
  });

  it('no meta: the answer is the whole list, one page', async () => {
    handler = (_req, res) => json(res, 200, { data: devices(700) });
    const first = await client().devicePage({ kind: 'devices' }, null);
    expect(first).toMatchObject({
      style: 'none',
      totalPages: 1,
      totalCount: 700,
      next: null,
      rest: [],
    });
    expect(first.items).toHaveLength(700);
  });

  it('locationPage validates and describes location pages the same way', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        data: [{ id: 'loc_1', name: 'Store', device_count: 3, extra: 'kept' }],
        meta: { page: 1, per_page: 1, total_count: 2, total_pages: 2 },
      });
    const first = await client().locationPage(page(1, 1));
    expect(first).toMatchObject({ totalPages: 2, totalCount: 2, next: page(2, 1) });
    expect(first.items[0]).toMatchObject({ id: 'loc_1', name: 'Store', extra: 'kept' });
  });

  it('refuses a page whose items do not match the schema (bad_response, not retried)', async () => {
    handler = (_req, res) => json(res, 200, { data: [{ serial_number: 42 }] });
    const error = await failure(client().devicePage({ kind: 'devices' }, null));
    expect(error.kind).toBe('bad_response');
    expect(seen).toHaveLength(1);
  });

  it('refuses a list declaring more pages than maxPages, on whichever page says so', async () => {
    handler = (_req, res) =>
      json(res, 200, { data: devices(10), meta: { per_page: 10, total_count: 31 } });
    const api = client({ maxPages: 3 });
    const declared = await failure(api.devicePage({ kind: 'devices' }, page(1, 10)));
    expect(declared.kind).toBe('bad_response');
    expect(errorWords(declared).message).toMatch(/more than 3 pages/);
    const later = await failure(api.devicePage({ kind: 'devices' }, page(4, 10)));
    expect(errorWords(later).message).toMatch(/more than 3 pages/);
    // Each answer was read once, never retried.
    expect(seen).toHaveLength(2);
  });

  it('refuses a next-page URL on another origin before sending anything there', async () => {
    handler = (_req, res) =>
      json(res, 200, { data: devices(2), links: { next: 'https://evil.example/v1/devices?c=2' } });
    const error = await failure(client().devicePage({ kind: 'devices' }, null));
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/another address/);
    expect(seen).toHaveLength(1);
  });

  it('follows a relative Link header to the same server, carrying the org credentials', async () => {
    handler = (req, res) => {
      const second = req.url?.includes('after=');
      json(
        res,
        200,
        devices(2, second ? 2 : 0),
        second ? {} : { link: '<?after=FTC-1>; rel="next"' },
      );
    };
    const api = client();
    const first = await api.devicePage({ kind: 'devices' }, null);
    expect(first).toMatchObject({ style: 'link-header', rest: null });
    expect(first.next).toEqual({ style: 'url', url: `${server.base}/devices?after=FTC-1` });
    const second = await api.devicePage({ kind: 'devices' }, first.next);
    expect(second.next).toBeNull();
    expect(second.items.map((d) => d.serial_number)).toEqual(['FTC-2', 'FTC-3']);
    expect(seen.map((r) => r.url)).toEqual([
      '/v1/devices?page=1&per_page=500',
      '/v1/devices?after=FTC-1',
    ]);
  });
});

describe('per-request cancellation', () => {
  it('a request’s own signal aborts it in flight; other calls on the same client go on', async () => {
    handler = (req, res) => {
      if (pageOf(req.url) === 1) return; // page 1 never answers
      json(res, 200, { data: devices(2), meta: { total_pages: 2 } });
    };
    const api = client();
    const controller = new AbortController();
    const pending = failure(api.devicePage({ kind: 'devices' }, null, controller.signal));
    const other = api.devicePage({ kind: 'devices' }, page(2), new AbortController().signal);
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(errorWords(error).message).toBe('The request was cancelled before the server answered.');
    expect((await other).items).toHaveLength(2);
    // Not retried after the abort.
    expect(seen.filter((r) => pageOf(r.url) === 1)).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('a request’s own signal ends a pending retry wait, and nothing is sent again', async () => {
    handler = (_req, res) => json(res, 503, { error: { code: 'internal_error', message: 'x' } });
    let waiting: () => void = () => undefined;
    const waitStarted = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const api = client({
      // A retry wait that would never end by itself.
      sleep: () => {
        waiting();
        return new Promise<void>(() => undefined);
      },
    });
    const controller = new AbortController();
    const pending = failure(api.locationPage(null, controller.signal));
    await waitStarted;
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(errorWords(error).message).toMatch(/cancelled/);
    expect(seen).toHaveLength(1);
  });

  it('an already-aborted signal sends nothing', async () => {
    handler = (_req, res) => json(res, 200, { data: [] });
    const error = await failure(
      client().devicePage({ kind: 'devices' }, null, AbortSignal.abort()),
    );
    expect(errorWords(error).message).toMatch(/cancelled/);
    expect(seen).toHaveLength(0);
  });

  it('the client-wide signal still cancels a request that has its own signal too', async () => {
    handler = () => undefined; // never answers
    const clientWide = new AbortController();
    const pending = failure(
      client({ signal: clientWide.signal }).devicePage(
        { kind: 'devices' },
        null,
        new AbortController().signal,
      ),
    );
    setTimeout(() => clientWide.abort(), 100);
    expect(errorWords(await pending).message).toMatch(/cancelled/);
    expect(seen).toHaveLength(1);
  });
});

/**
 * A page is asked with the validators it came with and a 304 is read as "not modified" — only
 * in answer to such a question; `updated_since` is sent on every page and taken as applied only
 * when the answer echoes the same instant; the server's `Date` is what later refreshes ask from.
 */
const onePage = (extraMeta: Record<string, unknown> = {}) =>
  JSON.stringify({
    data: [{ serial_number: 'FTC-1' }],
    meta: { page: 1, per_page: 500, total_count: 1, total_pages: 1, ...extraMeta },
  });

describe('asking less (decision record 32): conditional requests', () => {
  it('sends the validators a page came with; a 304 is "not modified", with no rows', async () => {
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      res
        .writeHead(200, {
          'content-type': 'application/json',
          etag: '"v1"',
          'last-modified': 'Mon, 04 May 2026 10:00:00 GMT',
        })
        .end(onePage());
    };
    const api = client();
    const first = await api.devicePage({ kind: 'devices' }, null);
    expect(first.notModified).toBe(false);
    expect(first.validators).toEqual({
      etag: '"v1"',
      lastModified: 'Mon, 04 May 2026 10:00:00 GMT',
    });
    const again = await api.devicePage({ kind: 'devices' }, null, undefined, {
      validators: first.validators ?? null,
    });
    expect(again).toMatchObject({ notModified: true, items: [], size: 0 });
    expect(seen[1]).toMatchObject({
      ifNoneMatch: '"v1"',
      ifModifiedSince: 'Mon, 04 May 2026 10:00:00 GMT',
    });
    // A 304 to a question that named no validator is a fault, never an empty page.
    handler = (_req, res) => res.writeHead(304).end();
    const error = await client()
      .devicePage({ kind: 'devices' }, null)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(AppError);
  });
});

describe('asking less (decision record 32): updated_since', () => {
  const since = '2026-05-04T10:00:00.000Z';

  it('is asked on every page and taken as applied when the answer echoes the same instant', async () => {
    handler = (req, res) => {
      const asked = new URL(req.url ?? '', 'http://x').searchParams.get('updated_since');
      res
        .writeHead(200, {
          'content-type': 'application/json',
          date: 'Mon, 04 May 2026 12:30:00 GMT',
        })
        // Another spelling of the same instant.
        .end(onePage(asked ? { updated_since: '2026-05-04T12:00:00+02:00' } : {}));
    };
    const api = client();
    const changed = await api.devicePage({ kind: 'devices' }, null, undefined, {
      updatedSince: since,
    });
    expect(changed.updatedSince).toBe(since);
    expect(changed.serverTime).toBe('2026-05-04T12:30:00.000Z');
    await api.devicePage({ kind: 'devices' }, { style: 'page', page: 2, perPage: 500 }, undefined, {
      updatedSince: since,
    });
    expect(seen.map((s) => new URL(s.url, 'http://x').searchParams.get('updated_since'))).toEqual([
      since,
      since,
    ]);
  });

  it('is not taken as applied when the answer does not say so, or names another time', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(onePage());
    const ignored = await client().devicePage({ kind: 'devices' }, null, undefined, {
      updatedSince: since,
    });
    expect(ignored.updatedSince).toBeNull();
    handler = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(onePage({ updated_since: '2026-05-04T11:00:00Z' }));
    const other = await client().devicePage({ kind: 'devices' }, null, undefined, {
      updatedSince: since,
    });
    expect(other.updatedSince).toBeNull();
  });
});
