/**
 * Replace = uninstall the broken device + install its successor at the same store, carrying
 * over the label and update interval, as ONE intent resumed step by step like a move
 * (sync/replay-plan.ts planReplace). Real core, real sandbox, real SQLite files; the crash case
 * SIGKILLs a core in a child process between the steps and lets a fresh core finish.
 */
import { describe, expect, it } from 'vitest';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { useCrashWorld } from '../../helpers/crash-world';
import { applied, singleOrgUser, waitFor } from '../../helpers/store-world';

const world = useCrashWorld('fi-replace-', 12);
const { serverDevice } = world;

/** Sets a device's label and interval on the server, as the vendor API would. */
async function label(serial: string, name: string, intervalS: number): Promise<void> {
  const user = singleOrgUser(world.host.sandbox);
  const org = user.organizations[0]!.id;
  const response = await fetch(`${world.host.baseUrl}/devices/${serial}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${org}:${user.api_key}`).toString('base64')}`,
    },
    body: JSON.stringify({ name, update_interval_s: intervalS }),
  });
  if (!response.ok) throw new Error(`PUT ${serial}: ${response.status}`);
}

/** A broken device installed at `at` with a label, seen by the core (as after a refresh). */
async function brokenAt(at: string, name: string): Promise<string> {
  const serial = world.spare.shift()!;
  // Sent now (after a restart of the sandbox the core may still think it is offline).
  await waitFor(async () => (await world.harness.call('sessionStatus')).online, 10_000, 'online');
  expect((await world.harness.call('installDevice', { serial, locationId: at })).status).toBe(
    'done',
  );
  await label(serial, name, 600);
  await world.harness.call('getDevice', { serial, fresh: true });
  return serial;
}

describe('replace a device', () => {
  it('uninstalls the broken one and installs the new one with its label and interval, as one logged action', async () => {
    const at = world.locations[0]!.id;
    const old = await brokenAt(at, 'Door left');
    const next = world.spare.shift()!;
    const result = await world.harness.call('replaceDevice', {
      serial: old,
      newSerial: next,
      locationId: at,
    });
    expect(result.status).toBe('done');
    expect(world.host.sandbox.deviceLocation(old)).toBeNull();
    expect(world.host.sandbox.deviceLocation(next)?.id).toBe(at);
    expect(await serverDevice(next)).toMatchObject({ label: 'Door left', updateIntervalS: 600 });
    expect(await world.harness.call('listOutbox')).toEqual([]);
    const entry = (await world.harness.call('listActivity')).at(-1);
    expect(entry).toMatchObject({ action: 'replace', serial: next, result: 'done' });
    expect(entry?.fact).toEqual({ kind: 'replaced', old, location: expect.any(String) });
    expect(activityDetail(entry!)).toContain(old);
  });

  it('refuses, in words, a broken device that is not installed at this store, and changes nothing', async () => {
    const [here, elsewhere] = [world.locations[0]!.id, world.locations[1]!.id];
    const old = await brokenAt(elsewhere, 'Elsewhere');
    const next = world.spare.shift()!;
    const answer = await world.harness.core.invoke('replaceDevice', {
      serial: old,
      newSerial: next,
      locationId: here,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'replace_not_here', params: { serial: old } },
    });
    if (!answer.ok)
      expect(errorWords(answer.error).message).toBe(`${old} is not installed at this location.`);
    expect(world.host.sandbox.deviceLocation(old)?.id).toBe(elsewhere);
    expect(world.host.sandbox.deviceLocation(next)).toBeNull();
  });

  it('keeps the broken device installed when the new one is at another store (a conflict to resolve)', async () => {
    const [here, elsewhere] = [world.locations[0]!.id, world.locations[1]!.id];
    const old = await brokenAt(here, 'Conflict door');
    const next = world.spare.shift()!;
    await world.harness.call('installDevice', { serial: next, locationId: elsewhere });
    const answer = await world.harness.core.invoke('replaceDevice', {
      serial: old,
      newSerial: next,
      locationId: here,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(world.host.sandbox.deviceLocation(old)?.id).toBe(here);
    expect(world.host.sandbox.deviceLocation(next)?.id).toBe(elsewhere);
  });

  it('queued offline, it is sent by itself when the connection is back', async () => {
    const at = world.locations[1]!.id;
    const old = await brokenAt(at, 'Offline door');
    const next = world.spare.shift()!;
    await world.host.down();
    const result = await world.harness.call('replaceDevice', {
      serial: old,
      newSerial: next,
      locationId: at,
    });
    expect(result.status).toBe('queued');
    // Shown at once in the local rows: the broken one out, the new one in with its label.
    const rows = await world.harness.call('listLocationDevices', { locationId: at });
    const serials = rows.value.map((d) => d.serial);
    expect(serials).toContain(next);
    expect(serials).not.toContain(old);
    expect(rows.value.find((d) => d.serial === next)?.label).toBe('Offline door');
    // The visit's record names both devices while it waits (a receipt made now says so), and
    // stays one row once it is sent.
    const logged = async () =>
      (await world.harness.call('listActivity')).filter(
        (e) => e.action === 'replace' && e.serial === next,
      );
    expect(await logged()).toMatchObject([{ result: 'queued', replaces: old }]);
    await world.host.back();
    await world.harness.call('syncNow');
    expect(await logged()).toMatchObject([{ result: 'done', replaces: old }]);
    expect(world.host.sandbox.deviceLocation(old)).toBeNull();
    expect(world.host.sandbox.deviceLocation(next)?.id).toBe(at);
    expect(await serverDevice(next)).toMatchObject({
      label: 'Offline door',
      updateIntervalS: 600,
    });
  }, 30_000);

  it('a core killed between the uninstall and the install is finished by the next core, with no step sent twice', async () => {
    const at = world.locations[0]!.id;
    const old = await brokenAt(at, 'Crash door');
    const next = world.spare.shift()!;
    // The install of the new device is slow, so the kill lands after the broken one is out.
    await world.killMidway(
      { op: 'replace', serial: old, newSerial: next, locationId: at },
      { pathPattern: `^/v1/devices/${next}/install$`, methods: ['POST'], latencyMs: 5_000 },
      () => world.host.sandbox.deviceLocation(old) === null,
      'the broken device to be out',
    );
    expect(world.host.sandbox.deviceLocation(next), 'killed before the install landed').toBeNull();
    await world.resume('the replace to be finished');
    expect(world.host.sandbox.deviceLocation(old)).toBeNull();
    expect(world.host.sandbox.deviceLocation(next)?.id).toBe(at);
    expect(await serverDevice(next)).toMatchObject({ label: 'Crash door', updateIntervalS: 600 });
    const log = world.host.requests();
    expect(applied(log, old, 'uninstall'), 'broken device uninstalled once').toBe(1);
    expect(applied(log, next, 'install'), 'new device installed once').toBeLessThanOrEqual(1);
  }, 60_000);
});
