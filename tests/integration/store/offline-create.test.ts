/**
 * Opening day, no network: a store created offline gets a temporary `local-` id, a device
 * installed there waits for the create, and when the server is back the engine creates the
 * store, then installs the device at the id the server gave it — by itself, once, with nothing
 * left in the queue.
 */
import { describe, expect, it } from 'vitest';
import { applied, uninstalledSerials, waitFor, useSandboxWorld } from '../../helpers/store-world';

const world = useSandboxWorld('fi-offline-create-');

describe('a store created offline', () => {
  it('is created when the server is back, and the install waiting for it follows at the real id', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    await world.host.down();
    const name = `Opening Day ${Date.now()}`;
    const created = await world.harness.call('createLocation', {
      name,
      address: { line1: '1 Market Street', city: 'Springfield', country: 'US' },
    });
    expect(created.status).toBe('queued');
    const localId = created.location.id;
    expect(localId.startsWith('local-')).toBe(true);
    expect((await world.harness.call('listLocations')).value.map((l) => l.id)).toContain(localId);

    const install = await world.harness.call('installDevice', {
      serial: serial!,
      locationId: localId,
    });
    expect(install.status).toBe('queued');
    const outbox = await world.harness.call('listOutbox');
    const create = outbox.find((i) => i.kind === 'create_location');
    const waiting = outbox.find((i) => i.kind === 'install');
    expect(create?.locationId).toBe(localId);
    expect(waiting).toMatchObject({ serial, locationId: localId, waitingFor: create!.id });

    await world.host.back();
    await waitFor(
      async () => (await world.harness.call('sessionStatus')).queued === 0,
      45_000,
      'the queue to drain',
      200,
    );

    const at = world.host.sandbox.deviceLocation(serial!);
    expect(at?.name).toBe(name);
    expect(at?.id.startsWith('local-')).toBe(false);
    const creates = world.host
      .requests()
      .filter((r) => r.method === 'POST' && r.path.split('?')[0] === '/v1/locations');
    expect(creates.filter((r) => r.status >= 200 && r.status < 300)).toHaveLength(1);
    expect(applied(world.host.requests(), serial!, 'install')).toBe(1);
    // Locally the temporary id is gone; the store and the device show the server's id.
    const locations = (await world.harness.call('listLocations')).value;
    expect(locations.some((l) => l.id === localId)).toBe(false);
    expect(locations.filter((l) => l.name === name).map((l) => l.id)).toEqual([at!.id]);
    expect((await world.harness.call('getDevice', { serial: serial! })).value.location?.id).toBe(
      at!.id,
    );
  }, 60_000);
});
