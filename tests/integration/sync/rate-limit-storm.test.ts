/**
 * A 429 storm: queued actions meet "Too many requests, retry after 1 s" on every request for a
 * few seconds. The engine must honour Retry-After and back off, keep the queue, and drain it by
 * itself once the storm is over — without anyone pressing "Sync now".
 */
import { describe, expect, it } from 'vitest';
import {
  applied,
  serverLocations,
  uninstalledSerials,
  waitFor,
  useSandboxWorld,
} from '../../helpers/store-world';

const QUEUED = 5;
const STORM_MS = 4_000;

const world = useSandboxWorld('fi-storm-');

describe('a rate-limit storm', () => {
  it('keeps the queue through the storm and drains it by itself afterwards', async () => {
    const [here] = await serverLocations(world.harness);
    const serials = await uninstalledSerials(world.harness, QUEUED);
    await world.host.down();
    for (const serial of serials) {
      expect(
        (await world.harness.call('installDevice', { serial, locationId: here!.id })).status,
      ).toBe('queued');
    }
    // The server is back, but answers every request with 429 + Retry-After: 1.
    await world.host.back({ faults: { rateLimitRate: 1, retryAfterS: 1 } });
    const stormStarted = Date.now();
    await new Promise((r) => setTimeout(r, STORM_MS));
    const during = world.host.sandbox.requestLog();
    expect(
      during.filter((r) => r.status === 429).length,
      'the storm should have been met',
    ).toBeGreaterThan(0);
    expect((await world.harness.call('sessionStatus')).queued).toBe(QUEUED);
    const duringStorm = await world.harness.call('listOutbox');
    // Still in the queue, never failed: 'syncing' is the one a replay is trying right now.
    expect(
      duringStorm.map((i) => (i.state === 'syncing' ? 'queued' : i.state)),
      JSON.stringify(duringStorm.map((i) => i.lastError)),
    ).toEqual(serials.map(() => 'queued'));
    const rateLimitedDuringStorm = during.filter((r) => r.status === 429).length;
    world.host.sandbox.clearFaults();

    const cleared = Date.now();
    await waitFor(
      async () => (await world.harness.call('sessionStatus')).queued === 0,
      60_000,
      'the queue to drain after the storm',
      200,
    );
    const drainMs = Date.now() - cleared;
    console.log(
      JSON.stringify({
        rateLimitStorm: { stormMs: cleared - stormStarted, rateLimitedDuringStorm, drainMs },
      }),
    );
    for (const serial of serials) {
      expect(world.host.sandbox.deviceLocation(serial)?.id).toBe(here!.id);
      expect(applied(world.host.requests(), serial, 'install')).toBe(1);
    }
    // Politeness: one laptop must not hammer a server that asked it to wait.
    expect(rateLimitedDuringStorm).toBeLessThan(60);
  }, 90_000);
});
