/**
 * Transport behaviour the sandbox cannot easily produce (a chunked body growing past the cap
 * with no Content-Length, redirects, HTTP-date Retry-After, cancellation), checked over real
 * HTTP against a throwaway node:http server on loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../electron/core/api/client';
import { AppError } from '../../../electron/core/app-error';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const KEY = 'key_unit_0123456789abcdef';
let handler: Handler = (_req, res) => res.end();
const seen: { method: string; url: string; authorization: string }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization ?? '',
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const delays: number[] = [];
const client = (extra: Partial<ApiClientOptions> = {}) => {
  delays.length = 0;
  return createApiClient({
    baseUrl: base,
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
    const error = await failure(client({ maxBodyBytes: 64 * 1024 }).listDevices());
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/larger than this app accepts/);
  });

  it('does not follow a redirect (captive portal) and explains it', async () => {
    handler = (_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/login' });
      res.end();
    };
    const error = await failure(client({ maxRetries: 0 }).getDevice('S1'));
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/Wi-Fi sign-in/);
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
    expect(error.message).toMatch(/did not answer within/);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = failure(client({ signal: controller.signal }).getDevice('S1'));
    setTimeout(() => controller.abort(), 100);
    const error = await pending;
    expect(error.message).toMatch(/cancelled/);
    expect(seen).toHaveLength(1);
  });

  it('treats a 200 text/html page as bad_response', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Please log in to the hotel Wi-Fi</body></html>');
    };
    const error = await failure(client().getDevice('S1'));
    expect(error).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(error.message).toMatch(/web page/);
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
