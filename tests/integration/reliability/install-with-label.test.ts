/**
 * A label typed while installing is part of the install's intent: the install, then a PUT of
 * the label (skipped once the device shows it). Online, queued offline, and across a crash
 * between the two, it ends installed and labelled with the install sent once. Real core, real
 * sandbox, real SQLite files; the crash SIGKILLs a core in a child process.
 */
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../electron/sandbox/types';
import { useCrashWorld } from '../../helpers/crash-world';
import { applied } from '../../helpers/store-world';

const world = useCrashWorld('fi-install-label-', 4);

/** Successful PUTs of a device (its label). */
const labelPuts = (log: readonly RequestLogEntry[], serial: string): number =>
  log.filter(
    (r) =>
      r.method === 'PUT' &&
      r.path.split('?')[0] === `/v1/devices/${serial}` &&
      r.status >= 200 &&
      r.status < 300,
  ).length;

describe('a label given while installing', () => {
  it('online: installed and labelled at once, one install and one PUT', async () => {
    const { host, harness } = world;
    const [serial, at] = [world.spare.shift()!, world.locations[0]!.id];
    const result = await harness.call('installDevice', {
      serial,
      locationId: at,
      label: '  Entrance left ',
    });
    expect(result.status).toBe('done');
    expect(result.status === 'done' && result.device.label).toBe('Entrance left');
    expect(host.sandbox.deviceLocation(serial)?.id).toBe(at);
    expect(await world.serverDevice(serial)).toMatchObject({ label: 'Entrance left' });
    expect(applied(host.requests(), serial, 'install')).toBe(1);
    expect(labelPuts(host.requests(), serial)).toBe(1);
    expect(await harness.call('listOutbox')).toEqual([]);
  });

  it('without a label (or a blank one) sends no PUT', async () => {
    const [serial, at] = [world.spare.shift()!, world.locations[0]!.id];
    const result = await world.harness.call('installDevice', {
      serial,
      locationId: at,
      label: ' ',
    });
    expect(result.status).toBe('done');
    expect(labelPuts(world.host.requests(), serial)).toBe(0);
  });

  it('offline: queued with its label shown at once, then sent with it when the connection is back', async () => {
    const { host, harness } = world;
    const [serial, at] = [world.spare.shift()!, world.locations[1]!.id];
    await host.down();
    const result = await harness.call('installDevice', {
      serial,
      locationId: at,
      label: 'Till 2',
    });
    expect(result.status).toBe('queued');
    const rows = await harness.call('listLocationDevices', { locationId: at });
    expect(rows.value.find((d) => d.serial === serial)?.label).toBe('Till 2');
    await host.back();
    await harness.call('syncNow');
    expect(host.sandbox.deviceLocation(serial)?.id).toBe(at);
    expect(await world.serverDevice(serial)).toMatchObject({ label: 'Till 2' });
    expect(await harness.call('listOutbox')).toEqual([]);
  }, 30_000);

  it('a core killed between the install and the label PUT is finished by the next core, the install sent once', async () => {
    const { host } = world;
    const [serial, at] = [world.spare.shift()!, world.locations[0]!.id];
    // The label's PUT is held, then dropped unapplied: the kill lands after the install and
    // before the label, and the held request cannot land later behind the next core's back.
    await world.killMidway(
      { op: 'install', serial, locationId: at, label: 'Crash door' },
      {
        pathPattern: `^/v1/devices/${serial}$`,
        methods: ['PUT'],
        latencyMs: 3_000,
        failNext: { count: 1, kind: 'drop' },
      },
      () => host.sandbox.deviceLocation(serial)?.id === at,
      'the device to be installed',
    );
    expect(labelPuts(host.requests(), serial), 'killed before the label landed').toBe(0);
    await world.resume('the install to be finished');
    expect(await world.serverDevice(serial)).toMatchObject({
      label: 'Crash door',
      location: { id: at },
    });
    expect(applied(host.requests(), serial, 'install'), 'installed once').toBe(1);
    expect(labelPuts(host.requests(), serial)).toBe(1);
  }, 60_000);
});
