/**
 * Finding 6: training mode runs only the shipped part of the sandbox. Started through the
 * core, it signs in and answers /v1; it refuses a request addressed to any other Host (a page
 * on another local origin, DNS rebinding) and has no /_sandbox control routes at all.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

let harness: CoreHarness;
let origin: string;
let port: number;

const get = (
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { connection: 'close', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

beforeAll(async () => {
  harness = await startCoreHarness();
  const status = await harness.call('startTraining');
  expect(status.training).toBe(true);
  expect(status.signedIn).toBe(true);
  origin = new URL(status.baseUrl!).origin;
  port = Number(new URL(origin).port);
});

afterAll(async () => {
  await harness?.close();
});

describe('training mode (shipped sandbox)', () => {
  it('signs in on loopback and serves the API', async () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const orgs = await harness.call('listOrganizations');
    expect(orgs.value.length).toBeGreaterThan(0);
    // No credentials: the API itself answers (401), the Host is the one it listens on.
    expect((await get('/v1/organizations', { host: `127.0.0.1:${port}` })).status).toBe(401);
    expect((await get('/v1/organizations', { host: `localhost:${port}` })).status).toBe(401);
  });

  // The port is only known once training started: {port} and {other} are filled in then.
  it.each([
    'evil.example',
    'evil.example:{port}',
    'attacker.localhost:{port}',
    'localhost.:{port}',
    '127.0.0.1.nip.io:{port}',
    '127.0.0.1:{other}',
    '[::1]:{port}',
    '127.0.0.1',
    'localhost',
  ])('refuses a request addressed to Host "%s"', async (template) => {
    const host = template.replace('{port}', String(port)).replace('{other}', String(port + 1));
    const got = await get('/v1/organizations', { host });
    expect([421, 403]).toContain(got.status);
    // With credentials too: the Host check comes before anything else.
    const user = await get('/v1/organizations', {
      host,
      authorization: `Basic ${Buffer.from('x:y').toString('base64')}`,
    });
    expect([421, 403]).toContain(user.status);
  });

  it('has no /_sandbox control routes (even from loopback with the right Host)', async () => {
    const host = { host: `127.0.0.1:${port}`, 'content-type': 'application/json' };
    expect((await get('/_sandbox/health', host)).status).toBe(404);
    expect((await get('/_sandbox/state', host)).status).toBe(404);
    expect((await get('/_sandbox/faults', host)).status).toBe(404);
    const serial = 'FTC-0000';
    expect(
      (await get(`/_sandbox/devices/${serial}/walk-through`, host, 'POST', '{"count":5}')).status,
    ).toBe(404);
    const slow = await get(
      '/_sandbox/faults',
      host,
      'PUT',
      JSON.stringify({ pathPattern: '^(a+)+$', latencyMs: 5000 }),
    );
    expect(slow.status).toBe(404);
  });
});
