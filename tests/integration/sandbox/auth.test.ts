import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBody, Organization, listOf, one } from '../../../electron/core/api/wire';
import type { RunningSandbox } from '../../../electron/sandbox';
import { call, start, users } from './harness';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await start();
});
afterAll(() => sbx.close());

const code = (json: unknown) => ErrorBody.parse(json).error.code;

describe('sandbox auth rules', () => {
  test('no Authorization header → 401 with a Basic challenge', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, { path: '/devices', org: null });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Basic realm="devices"');
    expect(code(r.json)).toBe('unauthorized');
  });

  test('malformed Authorization header → 401', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, {
      path: '/organizations',
      org: null,
      headers: { authorization: 'Bearer abc' },
    });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Basic realm="devices"');
  });

  test('unknown key → 401, also on cross-organization endpoints', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, {
      path: '/organizations',
      org: '',
      key: 'sbx_00000000000000000000000000000000',
    });
    expect(r.status).toBe(401);
    expect(code(r.json)).toBe('unauthorized');
  });

  test('GET /organizations with an empty username lists the user’s organizations and names the user', async () => {
    const [alex, sam] = users(sbx);
    const r = await call(sbx, alex, { path: '/organizations', org: '' });
    expect(r.status).toBe(200);
    const body = listOf(Organization).parse(r.json);
    expect(body.data.map((o) => o.id)).toEqual(alex.organizations.map((o) => o.id));
    expect(r.json).toMatchObject({ meta: { user: { name: 'Alex Morgan' }, total_count: 2 } });
    const other = await call(sbx, sam, { path: '/organizations', org: '' });
    expect(listOf(Organization).parse(other.json).data).toHaveLength(1);
  });

  test('cross-organization endpoints ignore a non-empty username', async () => {
    const [alex] = users(sbx);
    const r = await call(sbx, alex, { path: '/organizations', org: 'org_whatever' });
    expect(r.status).toBe(200);
  });

  test('GET /organizations/{id}: member → 200, other organization → 403, unknown → 404', async () => {
    const [alex, sam] = users(sbx);
    const mine = alex.organizations[1]?.id ?? '';
    const ok = await call(sbx, alex, { path: `/organizations/${mine}`, org: '' });
    expect(one(Organization).parse(ok.json).data.id).toBe(mine);
    const theirs = sam.organizations[0]?.id ?? '';
    const denied = await call(sbx, alex, { path: `/organizations/${theirs}`, org: '' });
    expect(denied.status).toBe(403);
    expect(code(denied.json)).toBe('forbidden');
    const unknown = await call(sbx, alex, { path: '/organizations/org_nope', org: '' });
    expect(unknown.status).toBe(404);
  });

  test('org-scoped endpoints with an empty username → 403 saying an organization id is required', async () => {
    const [alex] = users(sbx);
    for (const path of [
      '/locations',
      '/devices',
      '/uninstalled-devices',
      '/foot-traffic/locations',
    ]) {
      const r = await call(sbx, alex, { path, org: '' });
      expect(r.status, path).toBe(403);
      const err = ErrorBody.parse(r.json).error;
      expect(err.code).toBe('forbidden');
      expect(err.message).toMatch(/organization id is required/i);
    }
  });

  test('org-scoped endpoints for an organization the key’s user is not in (or unknown) → 403', async () => {
    const [alex, sam] = users(sbx);
    const r = await call(sbx, alex, { path: '/devices', org: sam.organizations[0]?.id ?? '' });
    expect(r.status).toBe(403);
    const unknown = await call(sbx, alex, { path: '/locations', org: 'org_unknown' });
    expect(unknown.status).toBe(403);
  });

  test('another organization’s resources are 404, not 403 (no leaking of existence)', async () => {
    const [alex, sam] = users(sbx);
    const theirs = await call(sbx, sam, { path: '/devices?per_page=1' });
    const serial =
      (theirs.json as { data: { serial_number: string }[] }).data[0]?.serial_number ?? '';
    const r = await call(sbx, alex, { path: `/devices/${serial}` });
    expect(r.status).toBe(404);
    expect(code(r.json)).toBe('not_found');
  });

  test('unknown routes and wrong methods answer JSON errors', async () => {
    const [alex] = users(sbx);
    expect((await call(sbx, alex, { path: '/nothing-here' })).status).toBe(404);
    expect((await call(sbx, alex, { method: 'PATCH', path: '/devices' })).status).toBe(405);
  });

  test('the request log records username but never the key', async () => {
    const [alex] = users(sbx);
    await call(sbx, alex, { path: '/organizations', org: '' });
    const last = sbx.requestLog().at(-1);
    expect(last).toMatchObject({
      method: 'GET',
      path: '/v1/organizations',
      username: '',
      status: 200,
    });
    expect(JSON.stringify(sbx.requestLog())).not.toContain(alex.api_key);
  });
});
