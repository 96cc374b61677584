/**
 * Sign out keeps the account's saved data (cache, queue, activity) for the next sign-in unless
 * asked to remove it; removal deletes that account's scope folder only — never another
 * account's. Real core, real keychain, real sandboxes over HTTP.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../../electron/shared';
import { keyFingerprint, scopeDir } from '../../../electron/core/db/account-scope';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { JPEG_8x6 } from '../../helpers/photo-bytes';

let dir: string;
let sandbox: RunningSandbox;
let other: RunningSandbox;
let harness: CoreHarness;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-signout-'));
  sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'sandbox.json') });
  other = await startSandbox({ port: 0, dataFile: join(dir, 'other.json') });
  harness = await startCoreHarness();
});

afterEach(async () => {
  await harness.close();
  await sandbox.close();
  await other.close();
  await rm(dir, { recursive: true, force: true });
});

const userOf = (s: RunningSandbox) =>
  s.users.find((u) => u.organizations.length === 1) ?? s.users[0]!;

/** Signs in, waits for the first sync, and returns the scope folder it opened. */
async function signIn(s: RunningSandbox): Promise<{ status: SessionStatus; folder: string }> {
  const apiKey = userOf(s).api_key;
  const status = await harness.call('signIn', { baseUrl: s.baseUrl, apiKey });
  await harness.call('syncNow');
  const folder = scopeDir(harness.dataDir, {
    baseUrl: status.baseUrl!,
    organizationId: status.organization!.id,
    keyFingerprint: keyFingerprint(status.baseUrl!, apiKey),
    training: false,
  });
  expect(existsSync(join(folder, 'work.db'))).toBe(true);
  return { status, folder };
}

/** Queues an install while the sandbox is down, then brings the sandbox back. */
async function queueOneOffline(): Promise<string> {
  const device = (await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 10 }))
    .rows[0]!;
  const location = (await harness.call('listLocations')).value[0]!;
  const port = Number(new URL(sandbox.baseUrl).port);
  await sandbox.close();
  const result = await harness.call('installDevice', {
    serial: device.serial,
    locationId: location.id,
  });
  expect(result.status).toBe('queued');
  sandbox = await startSandbox({ port, dataFile: join(dir, 'sandbox.json') });
  return device.serial;
}

const outboxSerials = async () => (await harness.call('listOutbox')).map((i) => i.serial);

describe('sign out and the saved data', () => {
  it('keeps the scope folder and the queue when not asked to remove them', async () => {
    const { folder } = await signIn(sandbox);
    const serial = await queueOneOffline();
    expect((await harness.call('sessionStatus')).queued).toBe(1);

    const out = await harness.call('signOut', {});
    expect(out.signedIn).toBe(false);
    expect(existsSync(join(folder, 'work.db'))).toBe(true);

    // Signing in again with the same key finds the queued action, unsent.
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: userOf(sandbox).api_key });
    expect(await outboxSerials()).toEqual([serial]);
    expect(sandbox.deviceLocation(serial)).toBeFalsy();
  });

  it('removes only the signed-in account’s folder when asked', async () => {
    const second = await signIn(other);
    const first = await signIn(sandbox);
    expect(first.folder).not.toBe(second.folder);
    await queueOneOffline();
    const otherFiles = await readdir(second.folder);
    expect(otherFiles).toContain('cache.db');

    const out = await harness.call('signOut', { removeLocalData: true });
    expect(out).toMatchObject({ signedIn: false, queued: 0 });
    expect(existsSync(first.folder)).toBe(false);
    expect(await readdir(second.folder)).toEqual(otherFiles);

    // Signing in again starts from nothing: no queue, no activity.
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: userOf(sandbox).api_key });
    expect(await outboxSerials()).toEqual([]);
    expect(await harness.call('listActivity')).toEqual([]);
    expect(await readdir(second.folder)).toEqual(otherFiles);
  });

  it('leaves no readable copy of the removed data in any file (write-ahead logs included)', async () => {
    const { status, folder } = await signIn(sandbox);
    const locations = (await harness.call('listLocations')).value;
    const [serial] = (
      await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 })
    ).rows.map((d) => d.serial);
    await harness.call('installDevice', { serial, locationId: locations[0]!.id });
    const jpeg = `data:image/jpeg;base64,${JPEG_8x6.toString('base64')}`;
    await harness.call('addPhoto', { serial, locationId: locations[0]!.id, dataUrl: jpeg });
    // The last connection report is kept in app.db, with the organization and the user.
    await harness.call('checkConnection', {});
    const apiKey = userOf(sandbox).api_key;
    const removed = {
      serial: serial!,
      'store name': locations[0]!.name!,
      'organization name': status.organization!.name,
      'user name': status.user!.name,
      scope: folder.split(/[\\/]/).at(-1)!,
      'key fingerprint': keyFingerprint(status.baseUrl!, apiKey),
    };

    await harness.call('signOut', { removeLocalData: true });
    const entries = await readdir(harness.dataDir, { withFileTypes: true, recursive: true });
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const bytes = await readFile(file);
      for (const [what, text] of Object.entries(removed))
        for (const encoding of ['utf8', 'utf16le'] as const)
          if (bytes.includes(Buffer.from(text, encoding)))
            found.push(`${what} (${text}) in ${file.slice(harness.dataDir.length)} as ${encoding}`);
    }
    expect(found).toEqual([]);
  });

  it('accepts no other option and still signs out with an empty input', async () => {
    const bad = await harness.core.invoke('signOut', { removeLocalData: true, everything: true });
    expect(bad.ok).toBe(false);
    await signIn(sandbox);
    expect((await harness.call('signOut')).signedIn).toBe(false);
  });

  it('in training mode removes the training scopes and leaves a real account’s folder', async () => {
    const real = await signIn(sandbox);
    await harness.call('startTraining');
    const accounts = join(harness.dataDir, 'accounts');
    expect((await readdir(accounts)).some((n) => n.startsWith('training-'))).toBe(true);

    await harness.call('signOut', { removeLocalData: true });
    expect((await readdir(accounts)).filter((n) => n.startsWith('training-'))).toEqual([]);
    expect(existsSync(join(real.folder, 'work.db'))).toBe(true);
  });
});
