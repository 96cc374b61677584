/**
 * A device edit queued offline while someone changed the device on the server: the edit form
 * sends every field, but only what the technician changed may reach the server — the other
 * person's change to a field the technician left alone must survive the replay.
 */
import { describe, expect, it } from 'vitest';
import { useProxiedWorld } from '../../helpers/fault-proxy';
import { uninstalledSerials, waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-offline-edit-', { devices: 30 });

describe('a device edit queued offline', () => {
  it('sends only the label the technician changed, not the interval someone else changed', async () => {
    const { harness, proxy, sandbox, authorization } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const seen = (await harness.call('getDevice', { serial })).value;
    const otherInterval = seen.updateIntervalS === 900 ? 1_200 : 900;

    proxy.use(() => 'drop' as const);
    await harness.call('syncNow');
    await waitFor(async () => !(await harness.call('sessionStatus')).online, 10_000, 'offline');
    // The form sends both fields; the technician changed the label only.
    const queued = await harness.call('updateDevice', {
      serial,
      changes: { name: 'Entrance left', update_interval_s: seen.updateIntervalS },
    });
    expect(queued.status).toBe('queued');
    // Meanwhile, someone else sets the interval on the server.
    const put = await fetch(`${sandbox.baseUrl}/devices/${serial}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ update_interval_s: otherInterval }),
    });
    expect(put.ok).toBe(true);

    proxy.clear();
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      30_000,
      'the edit to be sent',
      200,
    );
    const now = (await harness.call('getDevice', { serial, fresh: true })).value;
    expect(now.label).toBe('Entrance left');
    expect(now.updateIntervalS, "the other person's interval was overwritten").toBe(otherInterval);
  }, 60_000);
});
