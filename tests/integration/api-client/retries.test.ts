/**
 * Retry policy against the real sandbox: GETs come back after drops, 5xx and 429 (waiting at
 * least Retry-After), give up with the right kind when attempts run out, and state-changing
 * calls are sent exactly once whatever happens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { allDevices, anInstalledDevice, clientFor, failureOf, pageOf, requestsTo } from './harness';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.clearFaults());

const someDevice = () => anInstalledDevice(clientFor(sandbox).api);

describe('GET retries', () => {
  it('a dropped connection is retried with backoff and then succeeds', async () => {
    const device = await someDevice();
    sandbox.setFaults({ failNext: { count: 2, kind: 'drop' } });
    const c = clientFor(sandbox, { random: () => 1 - Number.EPSILON });
    const got = await c.api.getDevice(device.serial_number);
    expect(got.serial_number).toBe(device.serial_number);
    expect(
      requestsTo(sandbox, 'GET', `/v1/devices/${device.serial_number}`).map((r) => r.status),
    ).toEqual([0, 0, 200]);
    // Full jitter below an exponential ceiling: ~500 ms, then ~1000 ms.
    expect(c.delays).toHaveLength(2);
    expect(c.delays[1] ?? 0).toBeGreaterThan(c.delays[0] ?? 0);
  });

  it('429: waits at least Retry-After, then succeeds', async () => {
    sandbox.setFaults({ retryAfterS: 3, failNext: { count: 1, kind: 'rate_limit' } });
    const c = clientFor(sandbox);
    await c.api.getOrganization(c.organizationId);
    expect(c.delays).toHaveLength(1);
    expect(c.delays[0]).toBeGreaterThanOrEqual(3000);
  });

  it('429 that persists: rate_limited with retryAfterS after the retries', async () => {
    sandbox.setFaults({ retryAfterS: 2, failNext: { count: 10, kind: 'rate_limit' } });
    const c = clientFor(sandbox, { maxRetries: 2 });
    const error = await failureOf(c.api.getOrganization(c.organizationId), c);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterS: 2 });
    expect(errorWords(error).nextStep).toMatch(/2 seconds/);
    expect(c.delays.every((d) => d >= 2000)).toBe(true);
  });

  it('5xx that persists: server error once the retries are used up', async () => {
    sandbox.setFaults({ failNext: { count: 10, kind: 'error', status: 503 } });
    const c = clientFor(sandbox, { maxRetries: 2 });
    const before = requestsTo(sandbox, 'GET', '/v1/locations').length;
    const error = await failureOf(c.api.listLocations(), c);
    expect(error).toMatchObject({ kind: 'server', status: 503 });
    expect(requestsTo(sandbox, 'GET', '/v1/locations').length - before).toBe(3);
    expect(c.delays).toHaveLength(2);
  });
});

describe('list pages: each retried on its own, each cancelled on its own', () => {
  it('a page whose connection drops is retried and comes back whole', async () => {
    const c = clientFor(sandbox);
    const expected = await c.api.devicePage({ kind: 'devices' }, pageOf(2, 50));
    sandbox.setFaults({ pathPattern: '^/v1/devices$', failNext: { count: 2, kind: 'drop' } });
    const before = requestsTo(sandbox, 'GET', '/v1/devices').length;
    const got = await c.api.devicePage({ kind: 'devices' }, pageOf(2, 50));
    expect(got).toEqual(expected);
    expect(
      requestsTo(sandbox, 'GET', '/v1/devices')
        .slice(before)
        .map((r) => r.status),
    ).toEqual([0, 0, 200]);
    expect(c.delays).toHaveLength(2);
  });

  it('a page stalled in flight ends with the cancelled error when its signal aborts', async () => {
    sandbox.setFaults({ pathPattern: '^/v1/locations$', failNext: { count: 1, kind: 'stall' } });
    const c = clientFor(sandbox);
    const before = requestsTo(sandbox, 'GET', '/v1/locations').length;
    const controller = new AbortController();
    const pending = failureOf(c.api.locationPage(null, controller.signal), c);
    // Another page on the same client is not affected.
    const other = c.api.devicePage({ kind: 'devices' }, null);
    setTimeout(() => controller.abort(), 200);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(errorWords(error).message).toMatch(/cancelled/);
    expect((await other).items.length).toBeGreaterThan(0);
    expect(requestsTo(sandbox, 'GET', '/v1/locations').length - before).toBe(1);
    expect(c.delays).toEqual([]);
  });

  it('a page waiting to be retried after a 503 stops waiting when its signal aborts', async () => {
    sandbox.setFaults({ failNext: { count: 5, kind: 'error', status: 503 } });
    const controller = new AbortController();
    const c = clientFor(sandbox, {
      // Abort during the first retry wait, which would otherwise never end.
      sleep: () => {
        controller.abort();
        return new Promise<void>(() => undefined);
      },
    });
    const before = requestsTo(sandbox, 'GET', '/v1/uninstalled-devices').length;
    const error = await failureOf(
      c.api.devicePage({ kind: 'uninstalled-devices' }, null, controller.signal),
      c,
    );
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(errorWords(error).message).toMatch(/cancelled/);
    expect(requestsTo(sandbox, 'GET', '/v1/uninstalled-devices').length - before).toBe(1);
  });
});

describe('state-changing calls are never retried', () => {
  it('POST install whose connection drops is sent exactly once and reported as offline', async () => {
    const c = clientFor(sandbox);
    const device = (await allDevices(c.api, { kind: 'uninstalled-devices' }))[0];
    const location = (await c.api.listLocations())[0];
    if (!device || !location) throw new Error('sandbox data missing');
    sandbox.setFaults({ methods: ['POST'], failNext: { count: 1, kind: 'drop' } });
    const error = await failureOf(c.api.installDevice(device.serial_number, location.id), c);
    expect(error.kind).toBe('offline');
    expect(requestsTo(sandbox, 'POST', `/v1/devices/${device.serial_number}/install`)).toHaveLength(
      1,
    );
    expect(c.delays).toEqual([]);
  });

  it('PUT answered 503 is sent exactly once', async () => {
    const device = await someDevice();
    sandbox.setFaults({ methods: ['PUT'], failNext: { count: 3, kind: 'error', status: 503 } });
    const c = clientFor(sandbox);
    const error = await failureOf(c.api.updateDevice(device.serial_number, { name: 'x' }), c);
    expect(error.kind).toBe('server');
    expect(requestsTo(sandbox, 'PUT', `/v1/devices/${device.serial_number}`)).toHaveLength(1);
  });

  it('DELETE answered 429 is sent exactly once', async () => {
    const c = clientFor(sandbox);
    const created = await c.api.createLocation({
      name: 'Temp',
      address: { line1: 'A 1', city: 'Lyon', country: 'FR' },
    });
    sandbox.setFaults({
      methods: ['DELETE'],
      retryAfterS: 1,
      failNext: { count: 3, kind: 'rate_limit' },
    });
    const error = await failureOf(c.api.deleteLocation(created.id), c);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterS: 1 });
    expect(requestsTo(sandbox, 'DELETE', `/v1/locations/${created.id}`)).toHaveLength(1);
  });
});
