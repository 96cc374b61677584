/**
 * Fault matrix, stall row: the server sends headers and half a body, then nothing. Tested at
 * the API client with a 300 ms deadline — the core uses the 15 s default, too slow for CI —
 * against the real sandbox. What must hold: the request is abandoned at the deadline as a
 * 'timeout' (a connectivity kind, so the core queues a state change for a state-checked
 * replay — see fault-matrix "dropped connection"), a GET is retried, and a state-changing
 * request is sent exactly once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type VendorApi } from '../../../electron/core/api/client';
import { AppError } from '../../../electron/core/app-error';
import { traitsOf } from '../../../electron/shared/error-traits';
import { hits, type Target } from '../../helpers/reliability-faults';
import { loadPools, type Pools } from '../../helpers/reliability-pools';
import { World } from '../../helpers/reliability-world';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const DEADLINE_MS = 300;

let world: World;
let pools: Pools;
let api: VendorApi;
let mark = 0;

beforeAll(async () => {
  world = await World.start({ devices: 60 });
  pools = await loadPools(world);
  api = createApiClient({
    baseUrl: world.sandbox.baseUrl,
    organizationId: world.organizationId,
    getApiKey: async () => world.user.api_key,
    fetch: globalThis.fetch,
    timeoutMs: DEADLINE_MS,
    maxRetries: 1,
    sleep: async () => undefined,
  });
}, 60_000);
afterAll(() => world.close());
beforeEach(() => {
  world.sandbox.clearFaults();
  mark = world.requests().length;
});

const stall = (target: Target, count: number, afterHandling = false) =>
  world.setFaults({
    pathPattern: target.path,
    methods: [target.method],
    failNext: { count, kind: 'stall', afterHandling },
  });

async function timeoutOf(run: () => Promise<unknown>): Promise<{ error: AppError; ms: number }> {
  const started = performance.now();
  const error = await run().then(
    () => new Error('expected a timeout, the call succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw error;
  expect(error.kind).toBe('timeout');
  expect(traitsOf(error.kind).connectivity).toBe(true);
  expect(errorWords(error).message).toMatch(/did not answer/);
  expect(errorWords(error).nextStep.trim()).not.toBe('');
  return { error, ms: performance.now() - started };
}

describe('stalled body', () => {
  it('stall once × listLocations: retried, and the second attempt answers', async () => {
    const target: Target = { path: '^/v1/locations$', method: 'GET' };
    stall(target, 1);
    expect((await api.listLocations()).length).toBeGreaterThan(0);
    expect(hits(world, target, mark)).toBe(2);
  });

  it('stall on every attempt × getDevice: timeout after the retry', async () => {
    const serial = pools.anySerial();
    const target: Target = { path: `^/v1/devices/${serial}$`, method: 'GET' };
    stall(target, 2);
    const { ms } = await timeoutOf(() => api.getDevice(serial));
    expect(ms).toBeGreaterThanOrEqual(2 * DEADLINE_MS);
    expect(hits(world, target, mark)).toBe(2);
  });

  it.each([
    { op: 'installDevice' as const, name: 'stall × installDevice: sent once, not applied' },
    { op: 'uninstallDevice' as const, name: 'stall × uninstallDevice: sent once, not applied' },
  ])('$name', async ({ op }) => {
    const { serial, start, run } =
      op === 'installDevice'
        ? (() => {
            const s = pools.uninstalled();
            return {
              serial: s,
              start: null,
              run: () => api.installDevice(s, pools.locations[0] ?? ''),
            };
          })()
        : (() => {
            const { serial: s, locationId } = pools.installed();
            return { serial: s, start: locationId, run: () => api.uninstallDevice(s, locationId) };
          })();
    const target: Target = { path: `^/v1/devices/${serial}/(un)?install$`, method: 'POST' };
    stall(target, 5);
    await timeoutOf(run);
    expect(hits(world, target, mark)).toBe(1);
    expect(world.sandbox.deviceLocation(serial)?.id ?? null).toBe(start);
  });

  it('stall after the server acted × installDevice: a timeout does not mean "not done"', async () => {
    const serial = pools.uninstalled();
    const to = pools.locations[0] ?? '';
    const target: Target = { path: `^/v1/devices/${serial}/install$`, method: 'POST' };
    stall(target, 1, true);
    await timeoutOf(() => api.installDevice(serial, to));
    // Why the core queues timeouts for a replay that checks the device first, never a resend.
    expect(world.sandbox.deviceLocation(serial)?.id).toBe(to);
    expect(world.effects.of(serial)).toHaveLength(1);
  });

  it('stall × createLocation: timeout, sent once', async () => {
    const target: Target = { path: '^/v1/locations$', method: 'POST' };
    const name = 'Reliability stalled store';
    stall(target, 5);
    await timeoutOf(() =>
      api.createLocation({
        name,
        address: { line1: '1 Test Street', city: 'Testville', country: 'DE' },
      }),
    );
    expect(hits(world, target, mark)).toBe(1);
    world.sandbox.clearFaults();
    const onServer = (await world.api<{ data: { name: string }[] }>('/locations?per_page=500'))
      .data;
    expect(onServer.filter((l) => l.name === name)).toHaveLength(0);
  });
});
