/**
 * When the engine tries again by itself: a server's Retry-After, however large or strange, must
 * neither silence sync nor turn into a request storm, and a queue stopped by a 5xx drains after
 * its backoff. A differently built server (tests/helpers/fault-proxy.ts) in front of the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { installUnavailable, slowDeviceList, useProxiedWorld } from '../../helpers/fault-proxy';
import { serverLocations, uninstalledSerials, waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-retry-schedule-', { devices: 60 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Retry-After far in the future', () => {
  // 3,000,000 s is past setTimeout's 2^31 ms (Node runs such a timer after 1 ms);
  // 10^14 s is past the largest Date (the engine's nextAttemptAt could not be written); an
  // HTTP date in the year 9999 is both.
  it.each(['3000000', '100000000000000', 'Fri, 31 Dec 9999 23:59:59 GMT'])(
    'Retry-After: %s on a queued install: no request storm, and sync still reports its state',
    async (retryAfter) => {
      const { harness, proxy } = world;
      const [serial] = await uninstalledSerials(harness, 1);
      const [here] = await serverLocations(harness);
      proxy.use((request) =>
        request.path.startsWith('/v1/devices')
          ? { status: 429, headers: { 'retry-after': retryAfter }, body: '' }
          : undefined,
      );
      const result = await harness.call('installDevice', { serial, locationId: here!.id });
      expect(result.status).toBe('queued');
      const before = proxy.log.length;
      await sleep(1_500);
      // Left alone, the engine waits (at most until its periodic refresh): it does not ask again.
      expect(proxy.log.length - before).toBeLessThan(5);
      const state = await harness.call('syncStatus');
      expect(state.nextAttemptAt).not.toBeNull();
      const wait = Date.parse(state.nextAttemptAt!) - Date.now();
      expect(wait).toBeGreaterThan(60_000);
      expect(wait).toBeLessThanOrEqual(15 * 60_000);

      proxy.clear();
      expect(await harness.call('syncNow')).toMatchObject({ remaining: 0 });
    },
  );
});

describe('Retry-After on a list page', () => {
  it('a page answered 429 with Retry-After: 86400 ends the run instead of holding it for a day', async () => {
    const { harness, proxy } = world;
    proxy.use((request) =>
      request.method === 'GET' && request.path.startsWith('/v1/devices?')
        ? { status: 429, headers: { 'retry-after': '86400' }, body: '' }
        : undefined,
    );
    const started = Date.now();
    const report = await Promise.race([
      harness.call('syncNow'),
      sleep(10_000).then(() => 'still running after 10 s'),
    ]);
    expect(report).not.toBe('still running after 10 s');
    expect(Date.now() - started).toBeLessThan(10_000);
    const state = await harness.call('syncStatus');
    expect(state.running).toBe(false);
    expect(state.tasks.find((t) => t.resource === 'devices')).toMatchObject({
      state: 'failed',
      error: { kind: 'rate_limited' },
    });
    const wait = Date.parse(state.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);
    if (typeof report !== 'string') expect(report.remaining).toBe(0);
  });
});

describe('an action stopped by a 5xx while a download runs', () => {
  it('is sent again after the backoff, not at the next periodic refresh', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    // The device list takes a while; the technician's install meets a 503 meanwhile.
    proxy.use(slowDeviceList(3_000));
    proxy.use(installUnavailable(1, serial!));
    const run = harness.call('syncNow');
    await sleep(800);
    expect((await harness.call('syncStatus')).running).toBe(true);
    const result = await harness.call('installDevice', { serial, locationId: here!.id });
    expect(result.status).toBe('queued');
    await run;
    // The engine's backoff is 5 s, doubled per failed run in a row (the tests before this one
    // count); the periodic refresh would be 15 min away.
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      25_000,
      'the queue to drain by itself',
      200,
    );
    expect(world.sandbox.deviceLocation(serial!)?.id).toBe(here!.id);
  }, 40_000);
});

describe('a server in maintenance', () => {
  it('503 with Retry-After: 600 is waited for, not knocked on every few seconds', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    proxy.use((request) =>
      request.path.startsWith('/v1/')
        ? { status: 503, headers: { 'retry-after': '600' }, body: '' }
        : undefined,
    );
    const before = proxy.log.length;
    expect((await harness.call('installDevice', { serial, locationId: here!.id })).status).toBe(
      'queued',
    );
    await sleep(12_000);
    // The send and its look-up, and the probe that finds the server answering: a handful.
    expect(proxy.log.length - before).toBeLessThan(6);
    const wait = Date.parse((await harness.call('syncStatus')).nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(60_000);
    proxy.clear();
    expect(await harness.call('syncNow')).toMatchObject({ remaining: 0 });
  }, 40_000);
});
