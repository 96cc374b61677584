import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Device, ErrorBody, listOf } from '../../../electron/core/api/wire';
import type { RunningSandbox } from '../../../electron/sandbox';
import { basic, call, start, users } from './harness';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await start();
});
afterEach(() => sbx.clearFaults());
afterAll(() => sbx.close());

/**
 * Mangled answers (drop, malformed, stall, html) are the point of these faults and cannot
 * match the document, so they are fetched raw here; everything else goes through call().
 */
const raw = (path: string, init: RequestInit = {}) => {
  const [alex] = users(sbx);
  return fetch(`${sbx.baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: basic(alex.organizations[0]?.id ?? '', alex.api_key),
      ...init.headers,
    },
  });
};

describe('sandbox fault injection', () => {
  test('latency delays answers', async () => {
    const [alex] = users(sbx);
    sbx.setFaults({ latencyMs: 300 });
    const t0 = Date.now();
    expect((await call(sbx, alex, { path: '/locations?per_page=1' })).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  test('errorRate 1 → 500/502/503 internal_error on every matching request', async () => {
    const [alex] = users(sbx);
    sbx.setFaults({ errorRate: 1 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const r = await call(sbx, alex, { path: '/devices?per_page=1' });
      expect(ErrorBody.parse(r.json).error.code).toBe('internal_error');
      statuses.add(r.status);
    }
    expect([...statuses].every((s) => [500, 502, 503].includes(s))).toBe(true);
    expect(statuses.size).toBeGreaterThan(1);
  });

  test('rateLimitRate 1 → 429 rate_limited with Retry-After', async () => {
    const [alex] = users(sbx);
    sbx.setFaults({ rateLimitRate: 1, retryAfterS: 7 });
    const r = await call(sbx, alex, { path: '/organizations', org: '' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(ErrorBody.parse(r.json).error.code).toBe('rate_limited');
  });

  test('dropRate 1 → the connection closes without an answer', async () => {
    sbx.setFaults({ dropRate: 1 });
    await expect(raw('/devices')).rejects.toThrow(/fetch failed/);
    expect(sbx.requestLog().at(-1)?.status).toBe(0);
  });

  test('malformedRate 1 → 200 application/json that does not parse', async () => {
    sbx.setFaults({ malformedRate: 1 });
    const res = await raw('/devices?per_page=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const text = await res.text();
    expect(text.startsWith('{"data":[')).toBe(true);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  test('stallRate 1 → headers and half a body, then nothing until the client gives up', async () => {
    sbx.setFaults({ stallRate: 1 });
    const res = await raw('/devices?per_page=3', { signal: AbortSignal.timeout(400) });
    expect(res.status).toBe(200);
    const t0 = Date.now();
    await expect(res.text()).rejects.toThrow();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
  });

  test('htmlRate 1 → 200 text/html proxy login page', async () => {
    sbx.setFaults({ htmlRate: 1 });
    const res = await raw('/devices');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<form/);
  });

  test('pathPattern and methods limit faults; control routes are never affected', async () => {
    const [alex] = users(sbx);
    sbx.setFaults({ errorRate: 1, pathPattern: '/install$', methods: ['POST'] });
    expect((await call(sbx, alex, { path: '/devices?per_page=1' })).status).toBe(200);
    const d = listOf(Device).parse(
      (await call(sbx, alex, { path: '/uninstalled-devices?per_page=1' })).json,
    ).data[0];
    const r = await call(sbx, alex, {
      method: 'POST',
      path: `/devices/${d?.serial_number}/install`,
      body: { location_id: 'x' },
    });
    expect([500, 502, 503]).toContain(r.status);
    sbx.setFaults({ pathPattern: '.*', methods: [] });
    expect((await fetch(`${sbx.origin}/_sandbox/health`)).status).toBe(200);
  });

  test('failNext: exactly the next N matching requests fail, then service resumes', async () => {
    const [alex] = users(sbx);
    sbx.setFaults({ failNext: { count: 2, kind: 'error', status: 502 } });
    expect((await call(sbx, alex, { path: '/locations' })).status).toBe(502);
    expect((await call(sbx, alex, { path: '/locations' })).status).toBe(502);
    expect((await call(sbx, alex, { path: '/locations' })).status).toBe(200);
  });

  test('failNext with afterHandling: the install happens but the answer is lost', async () => {
    const [alex] = users(sbx);
    const d = listOf(Device).parse(
      (await call(sbx, alex, { path: '/uninstalled-devices?per_page=1' })).json,
    ).data[0];
    const loc = (await call(sbx, alex, { path: '/locations?per_page=1' })).json as {
      data: { id: string }[];
    };
    sbx.setFaults({ failNext: { count: 1, kind: 'drop', afterHandling: true } });
    await expect(
      raw(`/devices/${d?.serial_number}/install`, {
        method: 'POST',
        body: JSON.stringify({ location_id: loc.data[0]?.id }),
      }),
    ).rejects.toThrow();
    expect(sbx.deviceLocation(d?.serial_number ?? '')?.id).toBe(loc.data[0]?.id);
  });

  test('PUT /_sandbox/faults merges, GET shows, DELETE clears; bad input → 422', async () => {
    const put = (body: unknown) =>
      fetch(`${sbx.origin}/_sandbox/faults`, { method: 'PUT', body: JSON.stringify(body) });
    expect((await put({ latencyMs: 5 })).status).toBe(200);
    expect((await put({ errorRate: 0.25 })).status).toBe(200);
    const got = (await (await fetch(`${sbx.origin}/_sandbox/faults`)).json()) as Record<
      string,
      unknown
    >;
    expect(got).toMatchObject({ latencyMs: 5, errorRate: 0.25 });
    expect((await put({ errorRate: 2 })).status).toBe(422);
    expect((await put({ nonsense: true })).status).toBe(422);
    expect((await put({ pathPattern: '(' })).status).toBe(422);
    await fetch(`${sbx.origin}/_sandbox/faults`, { method: 'DELETE' });
    expect(
      (await (await fetch(`${sbx.origin}/_sandbox/faults`)).json()) as Record<string, unknown>,
    ).toMatchObject({ latencyMs: 0, errorRate: 0 });
  });

  test('random faults are reproducible from the seed', async () => {
    const run = async () => {
      const s = await start({ seed: 7, faults: { errorRate: 0.5 } });
      const [alex] = users(s);
      const out: number[] = [];
      for (let i = 0; i < 10; i++)
        out.push((await call(s, alex, { path: '/locations?per_page=1' })).status);
      await s.close();
      return out;
    };
    const a = await run();
    expect(a).toEqual(await run());
    expect(new Set(a).size).toBeGreaterThan(1);
  });
});
