/**
 * The promise the outbox makes: an action taken offline is sent exactly once when the
 * server is back, and a device that moved meanwhile becomes a conflict for the technician —
 * never a duplicate, never a lost action. Real core, real keychain, real sandbox over HTTP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

let dir: string;
let sandbox: RunningSandbox;
let harness: CoreHarness;

async function restartSandbox(port: number) {
  sandbox = await startSandbox({ port, dataFile: join(dir, 'sandbox.json') });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-replay-'));
  sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'sandbox.json') });
  harness = await startCoreHarness();
  const user = sandbox.users.find((u) => u.organizations.length === 1) ?? sandbox.users[0]!;
  await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
});

afterEach(async () => {
  await harness.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const portOf = (baseUrl: string) => Number(new URL(baseUrl).port);

async function pick() {
  // After sign-in the local lists fill with the first sync: wait for it.
  await harness.call('syncNow');
  const inventory = await harness.call('queryDevices', {
    view: 'uninstalled',
    offset: 0,
    limit: 500,
  });
  const locations = await harness.call('listLocations');
  const device = inventory.rows[0]!;
  const [here, elsewhere] = locations.value;
  return { serial: device.serial, here: here!, elsewhere: elsewhere! };
}

describe('outbox replay against the sandbox', () => {
  it('queues an install while the server is down and sends it exactly once when it is back', async () => {
    const { serial, here } = await pick();
    const port = portOf(sandbox.baseUrl);
    await sandbox.close();

    const result = await harness.call('installDevice', { serial, locationId: here.id });
    expect(result.status).toBe('queued');
    expect((await harness.call('sessionStatus')).online).toBe(false);
    expect((await harness.call('listOutbox')).map((i) => i.state)).toEqual(['queued']);

    await restartSandbox(port);
    const report = await harness.call('syncNow');
    expect(report).toMatchObject({ done: 1, failed: 0, conflicts: 0, remaining: 0 });
    expect(sandbox.deviceLocation(serial)?.id).toBe(here.id);
    const installs = sandbox
      .requestLog()
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/devices/${serial}/install`));
    expect(installs, JSON.stringify(sandbox.requestLog())).toHaveLength(1);
    expect(await harness.call('listOutbox')).toEqual([]);

    // A second sync finds nothing to do: no duplicate.
    expect((await harness.call('syncNow')).done).toBe(0);
    const activity = await harness.call('listActivity');
    expect(activity.filter((a) => a.serial === serial && a.result === 'done')).toHaveLength(1);
  });

  it('tells the screens to read the device again when a queued action is sent, with the queue that no longer has it', async () => {
    const { serial, here } = await pick();
    const port = portOf(sandbox.baseUrl);
    await sandbox.close();
    const result = await harness.call('installDevice', { serial, locationId: here.id });
    if (result.status !== 'queued') throw new Error('the install was not queued');

    const events: PushEvent[] = [];
    const off = harness.core.onEvent((event) => events.push(event));
    await restartSandbox(port);
    await harness.call('syncNow');
    off();
    // The queue the renderer gets once the install is sent comes with "devices changed", not
    // only when a list download ends later (a device screen kept "Queued" and "Last check-in:
    // never" until then, or until it was opened again).
    const sentAt = events.findIndex(
      (e) => e.type === 'outbox' && !e.items.some((i) => i.id === result.item.id),
    );
    expect(sentAt).toBeGreaterThan(0);
    expect(events[sentAt - 1]).toEqual({ type: 'data-updated', resource: 'devices' });
  });

  it('counts an install whose device is already there as done, without sending it again', async () => {
    const { serial, here } = await pick();
    const port = portOf(sandbox.baseUrl);
    await sandbox.close();
    await harness.call('installDevice', { serial, locationId: here.id });
    await restartSandbox(port);
    // Someone else (or a lost answer) already installed it here.
    await installDirectly(serial, here.id);
    const before = installCount(serial);
    const report = await harness.call('syncNow');
    expect(report.done).toBe(1);
    expect(installCount(serial)).toBe(before);
  });

  it('keeps a conflict for the technician when the device was installed elsewhere meanwhile, then resolves it', async () => {
    const { serial, here, elsewhere } = await pick();
    const port = portOf(sandbox.baseUrl);
    await sandbox.close();
    await harness.call('installDevice', { serial, locationId: here.id });
    await restartSandbox(port);
    await installDirectly(serial, elsewhere.id);

    const report = await harness.call('syncNow');
    expect(report).toMatchObject({ done: 0, conflicts: 1 });
    const [item] = await harness.call('listOutbox');
    expect(item).toMatchObject({ state: 'conflict', conflictLocation: { id: elsewhere.id } });
    expect(sandbox.deviceLocation(serial)?.id).toBe(elsewhere.id);

    await harness.call('resolveConflict', { id: item!.id, resolution: 'move_here' });
    await harness.call('syncNow');
    expect(sandbox.deviceLocation(serial)?.id).toBe(here.id);
    expect(await harness.call('listOutbox')).toEqual([]);
  });

  it('keeps queued actions across a restart of the app', async () => {
    const { serial, here } = await pick();
    const port = portOf(sandbox.baseUrl);
    await sandbox.close();
    await harness.call('installDevice', { serial, locationId: here.id });
    const { dataDir, keychainService } = harness as CoreHarness & { keychainService: string };
    await harness.core.close();

    harness = await startCoreHarness({ dataDir, keychainService });
    expect((await harness.call('listOutbox')).map((i) => i.serial)).toEqual([serial]);
    await restartSandbox(port);
    expect((await harness.call('syncNow')).done).toBe(1);
    expect(sandbox.deviceLocation(serial)?.id).toBe(here.id);
    await rm(dataDir, { recursive: true, force: true });
  });
});

function installCount(serial: string) {
  return sandbox
    .requestLog()
    .filter((r) => r.method === 'POST' && r.path.endsWith(`/devices/${serial}/install`)).length;
}

/** Someone else acting on the device, straight at the server (not through our core). */
async function installDirectly(serial: string, locationId: string) {
  const user = sandbox.users.find((u) => u.organizations.length === 1) ?? sandbox.users[0]!;
  const basic = Buffer.from(`${user.organizations[0]!.id}:${user.api_key}`).toString('base64');
  const res = await fetch(`${sandbox.baseUrl}/devices/${serial}/install`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ location_id: locationId }),
  });
  expect(res.status).toBe(200);
}
