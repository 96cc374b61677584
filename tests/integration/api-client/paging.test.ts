/** Lists longer than one page: followed to the end, or refused past maxPages — never cut short. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { clientFor, failureOf, requestsTo } from './harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, devices: 1200 });
});
afterAll(() => sandbox.close());

/** total_count as the server reports it, asked directly (one tiny page). */
const totalCount = async (path: string): Promise<number> => {
  const user = sandbox.users[0];
  const org = user?.organizations[0];
  if (!user || !org) throw new Error('no user');
  const auth = Buffer.from(`${org.id}:${user.api_key}`).toString('base64');
  const res = await fetch(`${sandbox.baseUrl}${path}?per_page=1`, {
    headers: { authorization: `Basic ${auth}` },
  });
  const body = (await res.json()) as { meta: { total_count: number } };
  return body.meta.total_count;
};

describe('paging against the sandbox', () => {
  it('follows every page: the result has exactly total_count devices, no duplicates', async () => {
    const c = clientFor(sandbox);
    const devices = await (await c.api.listDevices()).parse();
    const total = await totalCount('/devices');
    expect(total).toBeGreaterThan(1000);
    expect(devices).toHaveLength(total);
    expect(new Set(devices.map((d) => d.serial_number)).size).toBe(total);
    const pages = requestsTo(sandbox, 'GET', '/v1/devices').filter((r) =>
      r.path.includes('per_page=500'),
    );
    expect(pages.map((r) => new URLSearchParams(r.path.split('?')[1]).get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('refuses a list longer than maxPages with bad_response instead of truncating it', async () => {
    const c = clientFor(sandbox, { maxPages: 2 });
    const error = await failureOf(c.api.listDevices(), c);
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/more than 2 pages/);
  });
});
