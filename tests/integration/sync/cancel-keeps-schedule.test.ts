/**
 * "Cancel" stops a sync run's downloads, not the engine: whatever the run's outbox met (a 5xx)
 * is still retried after its backoff, and the periodic refresh still comes.
 */
import { describe, expect, it } from 'vitest';
import { installUnavailable, slowDeviceList, useProxiedWorld } from '../../helpers/fault-proxy';
import { serverLocations, uninstalledSerials, waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-cancel-schedule-', { devices: 60 });

describe('a download cancelled by the technician', () => {
  it('leaves the next run scheduled: the queue still drains by itself', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    proxy.use(slowDeviceList(3_000));
    // The direct send and the run's replay both meet a 503; the run then downloads (Sync now:
    // a run the engine starts by itself refreshes the full lists only when they are due).
    proxy.use(installUnavailable(2, serial!));
    expect((await harness.call('installDevice', { serial, locationId: here!.id })).status).toBe(
      'queued',
    );
    void harness.call('syncNow').catch(() => undefined);
    const installs = () => proxy.log.filter((r) => r.path.endsWith(`/${serial}/install`));
    await waitFor(
      async () =>
        installs().length === 2 &&
        (await harness.call('syncStatus')).tasks.some((t) => t.state === 'running'),
      30_000,
      'the run to reach its downloads',
      100,
    );
    await harness.call('cancelSync');
    await waitFor(
      async () => !(await harness.call('syncStatus')).running,
      10_000,
      'the run to end',
    );
    expect((await harness.call('syncStatus')).nextAttemptAt).not.toBeNull();
    proxy.clear();
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      60_000,
      'the queue to drain by itself',
      200,
    );
    expect(world.sandbox.deviceLocation(serial!)?.id).toBe(here!.id);
  }, 90_000);
});
