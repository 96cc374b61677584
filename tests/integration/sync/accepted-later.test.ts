/**
 * A server that answers a placement "202 Accepted" and applies it a moment later: the state
 * read right after does not show the change yet. A move's second step must not be sent against
 * the old state (where its install is refused as "installed at" the store being left), and no
 * action may end failed, dropped or sent twice because the server was slow to show it.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyRule } from '../../helpers/fault-proxy';
import { useProxiedWorld } from '../../helpers/fault-proxy';
import { serverLocations, uninstalledSerials, waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-accepted-', { devices: 60 });

/** The first `method path` is answered 202 at once and handed to the sandbox `afterMs` later. */
function acceptedLater(method: string, path: string, afterMs: number): ProxyRule {
  let done = false;
  return (request, forward) => {
    if (done || request.method !== method || request.path.split('?')[0] !== path) return undefined;
    done = true;
    setTimeout(() => void forward(), afterMs);
    return {
      status: 202,
      headers: { 'content-type': 'application/json' },
      body: '{"status":"accepted"}',
    };
  };
}

const sent = (method: string, path: string) =>
  world.proxy.log.filter((r) => r.method === method && r.path.split('?')[0] === path);

const failures = async () =>
  (await world.harness.call('listActivity')).filter((a) => a.result === 'failed').length;

async function installedDevice(): Promise<{ serial: string; at: string }> {
  const all = await world.harness.call('queryDevices', { view: 'all', offset: 0, limit: 200 });
  const used = new Set(world.proxy.log.map((r) => r.path.split('/')[3]?.split('?')[0]));
  const device = all.rows.find((d) => d.location && !used.has(d.serial));
  if (!device?.location) throw new Error('no installed device left');
  return { serial: device.serial, at: device.location.id };
}

describe('a server that applies placements a moment after answering 202', () => {
  it('move: the install follows once the uninstall shows; done at the target, each step once', async () => {
    const { harness, proxy, sandbox } = world;
    const { serial, at } = await installedDevice();
    const to = (await serverLocations(harness)).find((l) => l.id !== at)!;
    proxy.use(acceptedLater('POST', `/v1/devices/${serial}/uninstall`, 1_000));
    const failedBefore = await failures();
    const result = await harness.core.invoke('moveDevice', {
      serial,
      fromLocationId: at,
      toLocationId: to.id,
    });
    expect(result, 'the move was refused against its own starting point').toMatchObject({
      ok: true,
      value: { status: 'done' },
    });
    expect(sandbox.deviceLocation(serial)?.id).toBe(to.id);
    expect(sent('POST', `/v1/devices/${serial}/uninstall`)).toHaveLength(1);
    expect(sent('POST', `/v1/devices/${serial}/install`)).toHaveLength(1);
    expect(await failures()).toBe(failedBefore);
    expect((await harness.call('getDevice', { serial })).value.location?.id).toBe(to.id);
  });

  it('install: the device shows installed here, locally too, once the server does', async () => {
    const { harness, proxy, sandbox } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    proxy.use(acceptedLater('POST', `/v1/devices/${serial}/install`, 1_500));
    const result = await harness.call('installDevice', { serial, locationId: here!.id });
    expect(result).toMatchObject({ status: 'done', device: { location: { id: here!.id } } });
    expect(sandbox.deviceLocation(serial!)?.id).toBe(here!.id);
    expect((await harness.call('getDevice', { serial })).value.location?.id).toBe(here!.id);
  });

  it('applied later than the app waits: queued, never failed, done by itself, sent once', async () => {
    const { harness, proxy, sandbox } = world;
    const { serial, at } = await installedDevice();
    const to = (await serverLocations(harness)).find((l) => l.id !== at)!;
    proxy.use(acceptedLater('POST', `/v1/devices/${serial}/uninstall`, 9_000));
    const failedBefore = await failures();
    const result = await harness.core.invoke('moveDevice', {
      serial,
      fromLocationId: at,
      toLocationId: to.id,
    });
    expect(result).toMatchObject({ ok: true, value: { status: 'queued' } });
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      40_000,
      'the move to finish by itself',
      200,
    );
    expect(sandbox.deviceLocation(serial)?.id).toBe(to.id);
    expect(sent('POST', `/v1/devices/${serial}/uninstall`)).toHaveLength(1);
    expect(sent('POST', `/v1/devices/${serial}/install`)).toHaveLength(1);
    expect(await failures()).toBe(failedBefore);
  }, 60_000);
});

describe('a server that makes stores a moment after answering 202', () => {
  it('create: settled as the store the server makes, one store, never failed', async () => {
    const { harness, proxy } = world;
    const name = 'Accepted Avenue Store';
    proxy.use(acceptedLater('POST', '/v1/locations', 1_000));
    const failedBefore = await failures();
    const result = await harness.core.invoke('createLocation', {
      name,
      address: { line1: '4 Accepted Avenue', city: 'Dresden', country: 'DE' },
    });
    expect(result, 'the server made the store; the app must not say it failed').toMatchObject({
      ok: true,
    });
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      30_000,
      'the create to settle',
      200,
    );
    expect(sent('POST', '/v1/locations')).toHaveLength(1);
    const local = (await harness.call('listLocations')).value.filter((l) => l.name === name);
    expect(local).toHaveLength(1);
    expect(local[0]!.id.startsWith('local-')).toBe(false);
    expect(await failures()).toBe(failedBefore);
  }, 40_000);
});
