/**
 * "The server did it, the answer was lost": the sandbox applies the next install / uninstall /
 * move's uninstall step and then answers 502 (failNext with afterHandling). The core must settle
 * the unknown outcome by reading the device back: the action ends done, and the server saw it
 * exactly once — never sent again, never reported failed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult, LocationView as Location } from '../../../electron/shared';
import type { RequestLogEntry } from '../../../electron/sandbox/types';
import {
  serverLocations,
  uninstalledSerials,
  waitFor,
  useSandboxWorld,
} from '../../helpers/store-world';

let locations: Location[];

const world = useSandboxWorld('fi-settle-');

beforeAll(async () => {
  locations = await serverLocations(world.harness);
});

/** Every POST of `op` for the serial, whatever it answered (a 502 here was applied). */
const sent = (serial: string, op: 'install' | 'uninstall'): RequestLogEntry[] =>
  world.host
    .requests()
    .filter((r) => r.method === 'POST' && r.path.split('?')[0] === `/v1/devices/${serial}/${op}`);

const lose = (op: 'install' | 'uninstall') =>
  world.host.sandbox.setFaults({
    pathPattern: `^/v1/devices/[^/]+/${op}$`,
    methods: ['POST'],
    failNext: { count: 1, kind: 'error', status: 502, afterHandling: true },
  });

/** Done at once, or queued and then done by the engine's next run (no syncNow). */
async function settled(result: ActionResult) {
  if (result.status === 'queued') {
    await waitFor(
      async () => (await world.harness.call('sessionStatus')).queued === 0,
      30_000,
      'the queue to settle',
      100,
    );
  }
  expect(await world.harness.call('listOutbox')).toEqual([]);
}

async function installedDevice(): Promise<{ serial: string; at: string }> {
  const all = await world.harness.call('queryDevices', { view: 'all', offset: 0, limit: 200 });
  const used = new Set(world.host.requests().map((r) => r.path.split('/')[3]));
  const device = all.rows.find((d) => d.location && !used.has(d.serial));
  if (!device?.location) throw new Error('no installed device left');
  return { serial: device.serial, at: device.location.id };
}

describe('an answer lost after the server applied the change', () => {
  it('install: ends done and is applied exactly once', async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const here = locations[0]!;
    lose('install');
    const result = await world.harness.call('installDevice', {
      serial: serial!,
      locationId: here.id,
    });
    await settled(result);
    expect(world.host.sandbox.deviceLocation(serial!)?.id).toBe(here.id);
    const posts = sent(serial!, 'install');
    expect(posts.map((p) => p.status)).toEqual([502]);
    const activity = await world.harness.call('listActivity');
    expect(activity.filter((a) => a.serial === serial && a.result === 'failed')).toEqual([]);
  });

  it('uninstall: ends done and is applied exactly once', async () => {
    const { serial, at } = await installedDevice();
    lose('uninstall');
    const result = await world.harness.call('uninstallDevice', { serial, locationId: at });
    await settled(result);
    expect(world.host.sandbox.deviceLocation(serial)).toBeNull();
    expect(sent(serial, 'uninstall').map((p) => p.status)).toEqual([502]);
  });

  it("move: the uninstall step's lost answer is settled and the install follows, each once", async () => {
    const { serial, at } = await installedDevice();
    const to = locations.find((l) => l.id !== at)!;
    lose('uninstall');
    const result = await world.harness.call('moveDevice', {
      serial,
      fromLocationId: at,
      toLocationId: to.id,
    });
    await settled(result);
    expect(world.host.sandbox.deviceLocation(serial)?.id).toBe(to.id);
    expect(sent(serial, 'uninstall').map((p) => p.status)).toEqual([502]);
    expect(sent(serial, 'install').map((p) => p.status)).toEqual([200]);
  });
});
