/**
 * Browser mode's bridge refuses everything that is not our own page with our session: wrong
 * Host (DNS rebinding), foreign Origin or site, missing or wrong session cookie, wrong
 * method, non-JSON bodies, unknown operations, path traversal on static files. (The token's
 * exchange for the session: bridge-session.test.ts.)
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../../electron/web/bridge-server';
import { startBridgeHarness, type BridgeHarness } from '../../helpers/bridge-harness';

let web: BridgeHarness;
let bridge: RunningBridge;

beforeAll(async () => {
  web = await startBridgeHarness();
  bridge = web.bridge;
});

afterAll(() => web.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: fetch will not let us forge Host. */
function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  const { port } = new URL(bridge.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const good = () => ({
  Host: new URL(bridge.origin).host,
  'Content-Type': 'application/json',
  Cookie: web.cookie,
  'X-Bridge-Secret': web.secret,
});

describe('bridge security', () => {
  it('answers our own page with its session cookie', async () => {
    const res = await raw('/api/op/sessionStatus', { method: 'POST', headers: good(), body: '{}' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { signedIn: false } });
  });

  it('the page address carries the token and binds loopback only', () => {
    const url = new URL(bridge.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('token')).toBe(bridge.token);
    expect(bridge.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    const res = await raw('/api/op/sessionStatus', {
      method: 'POST',
      headers: { ...good(), Host: 'evil.example:80' },
      body: '{}',
    });
    expect(res.status).toBe(421);
  });

  it('refuses a foreign Origin', async () => {
    const res = await raw('/api/op/sessionStatus', {
      method: 'POST',
      headers: { ...good(), Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a missing or wrong session cookie', async () => {
    const { Cookie: _c, ...noCookie } = good();
    expect(
      (await raw('/api/op/sessionStatus', { method: 'POST', headers: noCookie, body: '{}' }))
        .status,
    ).toBe(401);
    const wrong = {
      ...good(),
      Cookie: web.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    };
    expect(
      (await raw('/api/op/sessionStatus', { method: 'POST', headers: wrong, body: '{}' })).status,
    ).toBe(401);
    expect((await raw('/api/events', { headers: { Host: good().Host } })).status).toBe(401);
  });

  it('refuses the cookie without the page’s secret, or with another (decision 71)', async () => {
    const { 'X-Bridge-Secret': _s, ...cookieOnly } = good();
    for (const headers of [
      cookieOnly,
      { ...good(), 'X-Bridge-Secret': '' },
      { ...good(), 'X-Bridge-Secret': web.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
    ]) {
      const res = await raw('/api/op/sessionStatus', { method: 'POST', headers, body: '{}' });
      expect(res.status).toBe(401);
    }
    const stream = { Host: good().Host, Cookie: web.cookie };
    expect((await raw('/api/events', { headers: stream })).status).toBe(401);
    expect((await raw('/api/events?secret=wrong', { headers: stream })).status).toBe(401);
  });

  it('refuses a request another site or origin made, even with the cookie', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const res = await raw('/api/op/sessionStatus', {
        method: 'POST',
        headers: { ...good(), 'Sec-Fetch-Site': site },
        body: '{}',
      });
      expect(res.status, site).toBe(403);
    }
    const ours = await raw('/api/op/sessionStatus', {
      method: 'POST',
      headers: { ...good(), 'Sec-Fetch-Site': 'same-origin', Origin: bridge.origin },
      body: '{}',
    });
    expect(ours.status).toBe(200);
  });

  it('refuses form posts, GETs and unknown operations', async () => {
    const form = { ...good(), 'Content-Type': 'application/x-www-form-urlencoded' };
    expect(
      (await raw('/api/op/signOut', { method: 'POST', headers: form, body: 'a=b' })).status,
    ).toBe(415);
    expect((await raw('/api/op/signOut', { headers: good() })).status).toBe(405);
    expect(
      (await raw('/api/op/fetchUrl', { method: 'POST', headers: good(), body: '{}' })).status,
    ).toBe(404);
    expect(
      (await raw('/api/op/__proto__', { method: 'POST', headers: good(), body: '{}' })).status,
    ).toBe(404);
  });

  it('turns invalid JSON into a validation envelope', async () => {
    const res = await raw('/api/op/signIn', {
      method: 'POST',
      headers: good(),
      body: '{"baseUrl":',
    });
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it('serves the renderer with the strict CSP and never a file outside it', async () => {
    const index = await raw('/', { headers: { Host: good().Host } });
    expect(index.status).toBe(200);
    expect(String(index.headers['content-security-policy'])).toContain("default-src 'none'");
    expect((await raw('/assets/app.js', { headers: { Host: good().Host } })).status).toBe(200);
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e%5cpackage.json',
      '/..%00/x',
    ]) {
      expect((await raw(path, { headers: { Host: good().Host } })).status, path).toBe(404);
    }
  });

  it('streams push events to a client with the session cookie', async () => {
    const controller = new AbortController();
    const res = await fetch(`${bridge.origin}/api/events?secret=${web.secret}`, {
      headers: { Cookie: web.cookie },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    controller.abort();
  });
});
