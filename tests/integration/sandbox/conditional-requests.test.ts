/**
 * The sandbox's answers to "ask less" (decision record 32) in each dialect: validators on GET answers and
 * a 304 for a request naming the current one (never for a page that changed since, check-ins
 * included), and `updated_since` filtering the device lists — echoed where the dialect honours
 * it, ignored (the whole list) where it does not. The default dialect's answers are checked
 * against docs/api/openapi.yaml by the harness.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxUser } from '../../../electron/sandbox';
import { basic, call, start } from './harness';

let sbx: RunningSandbox | null = null;
afterEach(async () => {
  await sbx?.close();
  sbx = null;
});

const user = (s: RunningSandbox): SandboxUser => s.users.find((u) => u.organizations.length === 1)!;

/** A GET in any dialect (the harness validates the default's against the document). */
const get = async (s: RunningSandbox, path: string, headers: Record<string, string> = {}) => {
  const u = user(s);
  const res = await fetch(`${s.baseUrl}${path}`, {
    headers: { authorization: basic(u.organizations[0]!.id, u.api_key), ...headers },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('validators and 304', () => {
  it('default: an ETag on every GET; If-None-Match with it is a 304 with no body, documented', async () => {
    sbx = await start();
    const u = user(sbx);
    const first = await call(sbx, u, { path: '/locations?page=1&per_page=50' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(sbx, u, {
      path: '/locations?page=1&per_page=50',
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another page, or the page after a store changed, is answered whole.
    const other = await call(sbx, u, {
      path: '/locations?page=2&per_page=5',
      headers: { 'if-none-match': etag! },
    });
    expect(other.status).toBe(200);
    await call(sbx, u, {
      method: 'POST',
      path: '/locations',
      body: {
        name: 'Aaron Test Store',
        address: { line1: 'Hauptstraße 1', city: 'Ulm', country: 'DE' },
      },
    });
    const changed = await call(sbx, u, {
      path: '/locations?page=1&per_page=50',
      headers: { 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
  });

  it('cursor-meta: Last-Modified, the same date back is a 304 and a change a later one; offset-flat: neither', async () => {
    sbx = await start({ dialect: 'cursor-meta' });
    const first = await get(sbx, '/locations?limit=50');
    const lastModified = first.headers.get('last-modified');
    expect(first.headers.get('etag')).toBeNull();
    expect(Date.parse(lastModified!)).not.toBeNaN();
    expect(
      (await get(sbx, '/locations?limit=50', { 'if-modified-since': lastModified! })).status,
    ).toBe(304);
    const serial = JSON.parse((await get(sbx, '/uninstalled-devices?limit=1')).text).data[0]
      .serial_number as string;
    const where = JSON.parse(first.text).data[0].id as string;
    const u = user(sbx);
    await fetch(`${sbx.baseUrl}/devices/${serial}/install`, {
      method: 'POST',
      headers: {
        authorization: basic(u.organizations[0]!.id, u.api_key),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ location_id: where }),
    });
    // The store's device_count changed within the same second: never a 304 for the old page.
    const after = await get(sbx, '/locations?limit=50', { 'if-modified-since': lastModified! });
    expect(after.status).toBe(200);
    expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(
      Date.parse(lastModified!),
    );
    await sbx.close();

    // offset-flat sends neither: nothing to ask with, every GET answered whole.
    sbx = await start({ dialect: 'offset-flat' });
    const flat = await get(sbx, '/locations?limit=50');
    expect(flat.headers.get('etag')).toBeNull();
    expect(flat.headers.get('last-modified')).toBeNull();
    expect((await get(sbx, '/locations?limit=50', { 'if-none-match': '*' })).status).toBe(200);
  });
});

describe('updated_since', () => {
  const installOne = async (s: RunningSandbox, listPath: string) => {
    const u = user(s);
    const auth = basic(u.organizations[0]!.id, u.api_key);
    const body = JSON.parse((await get(s, listPath)).text) as Record<string, unknown>;
    const items = (body['data'] ?? body['items'] ?? body['results'] ?? body) as {
      serial_number: string;
    }[];
    const locations = JSON.parse((await get(s, '/locations')).text) as Record<string, unknown>;
    const stores = (locations['data'] ??
      locations['items'] ??
      locations['results'] ??
      locations) as {
      id: string;
    }[];
    const serial = items[0]!.serial_number;
    await fetch(`${s.baseUrl}/devices/${serial}/install`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ location_id: stores[0]!.id }),
    });
    return serial;
  };

  it('default: only devices changed since, the value echoed in meta; documented', async () => {
    sbx = await start();
    const since = new Date(Date.now() - 1_000).toISOString();
    const serial = await installOne(sbx, '/uninstalled-devices?per_page=1');
    const changed = await call(sbx, user(sbx), {
      path: `/devices?per_page=100&updated_since=${encodeURIComponent(since)}`,
    });
    const body = changed.json as {
      data: { serial_number: string }[];
      meta: Record<string, unknown>;
    };
    expect(body.data.map((d) => d.serial_number)).toEqual([serial]);
    expect(body.meta.updated_since).toBe(since);
    expect(body.meta.total_count).toBe(1);
    // An unreadable time is refused.
    const bad = await call(sbx, user(sbx), { path: '/devices?updated_since=yesterday' });
    expect(bad.status).toBe(422);
  });

  it('cursor-links echoes it beside the results; offset-flat ignores it and answers the whole list', async () => {
    sbx = await start({ dialect: 'cursor-links' });
    const since = new Date(Date.now() - 1_000).toISOString();
    await installOne(sbx, '/uninstalled-devices?limit=1');
    const links = JSON.parse(
      (await get(sbx, `/devices?limit=100&updated_since=${encodeURIComponent(since)}`)).text,
    ) as { results: unknown[]; updated_since?: string };
    expect(links.results).toHaveLength(1);
    expect(links.updated_since).toBe(since);
    await sbx.close();

    sbx = await start({ dialect: 'offset-flat' });
    await installOne(sbx, '/uninstalled-devices?limit=1');
    const flat = JSON.parse(
      (await get(sbx, `/devices?limit=100&updated_since=${encodeURIComponent(since)}`)).text,
    ) as { items: unknown[]; total: number; updated_since?: string };
    expect(flat.updated_since).toBeUndefined();
    expect(flat.total).toBe(60);
  });
});
