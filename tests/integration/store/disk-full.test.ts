/**
 * A full disk while queueing offline: the core answers with the 'storage' error kind and a
 * message that names the disk — never 'internal', never a silent loss — and every action it
 * acknowledged before that is still queued after space is freed and the app restarted, and is
 * sent when the server is back. The data dir is a 2 MB tmpfs (root only: skipped otherwise, with
 * the reason), filled with a filler file that is deleted to "free space".
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTmpfs, unmountTmpfs } from '../../helpers/tmpfs';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  applied,
  hostSandbox,
  serverLocations,
  signInAndSync,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from '../../helpers/store-world';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import type { AppErrorShape } from '../../../electron/shared';

let root: string;
let mountPoint: string;
let whyNot: string | null = null;
let host: SandboxHost | null = null;
let harness: CoreHarness | null = null;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-diskfull-'));
  mountPoint = join(root, 'data');
  whyNot = mountTmpfs(mountPoint, '2m');
});

afterAll(async () => {
  await harness?.close().catch(() => undefined);
  await host?.close();
  if (whyNot === null) unmountTmpfs(mountPoint);
  await rm(root, { recursive: true, force: true });
});

const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/** Fills the disk but `leave` bytes; the filler is deleted later to free space. */
function fill(dir: string, leave: number): string {
  const path = join(dir, 'filler.bin');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(16 * 1024, 0x5a);
  try {
    while (freeBytes(dir) > leave + chunk.length) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  return path;
}

describe('a full disk', () => {
  it('refuses with a storage error naming the disk, and keeps every acknowledged action', async (ctx) => {
    if (whyNot !== null) ctx.skip(whyNot);
    host = await hostSandbox(join(root, 'sandbox.json'));
    const keychainService = `field-installer-test-${randomUUID()}`;
    harness = await startCoreHarness({ dataDir: mountPoint, keychainService });
    await signInAndSync(harness, host.sandbox);
    const [here] = await serverLocations(harness);
    const serials = await uninstalledSerials(harness, 90);
    await host.down();

    const filler = fill(mountPoint, 320 * 1024);
    const acknowledged: { id: string; serial: string }[] = [];
    let refusal: AppErrorShape | null = null;
    for (const serial of serials) {
      const answer = await harness.core.invoke('installDevice', { serial, locationId: here!.id });
      if (!answer.ok) {
        refusal = answer.error;
        break;
      }
      expect(answer.value.status).toBe('queued');
      if (answer.value.status === 'queued') acknowledged.push({ id: answer.value.item.id, serial });
    }
    console.log(JSON.stringify({ diskFull: { acknowledged: acknowledged.length, refusal } }));
    expect(refusal, 'the disk never filled up: no refusal').not.toBeNull();
    expect(refusal!.kind).toBe('storage');
    expect(errorWords(refusal!).message).toMatch(/disk is full/i);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Still answering (reads come from what is on disk).
    expect((await harness.call('sessionStatus')).signedIn).toBe(true);

    // Space is freed; the app restarts on the same folder.
    rmSync(filler);
    await harness.close();
    harness = await startCoreHarness({ dataDir: mountPoint, keychainService });
    const outbox = await harness.call('listOutbox');
    const ids = new Set(outbox.map((i) => i.id));
    expect(acknowledged.filter((a) => !ids.has(a.id))).toEqual([]);
    expect((await harness.call('sessionStatus')).storage.outboxDamage).toBeNull();

    // The server comes back: the queue drains by itself, each install sent once.
    await host.back();
    await waitFor(
      async () => (await harness!.call('sessionStatus')).queued === 0,
      45_000,
      'the queue to drain',
      200,
    );
    for (const { serial } of acknowledged) {
      expect(host.sandbox.deviceLocation(serial)?.id).toBe(here!.id);
      expect(applied(host.requests(), serial, 'install')).toBe(1);
    }
  }, 90_000);
});

/** Fills the disk to the last byte (the -shm file SQLite makes at open needs 32 KB). */
function fillCompletely(dir: string): string {
  const path = fill(dir, 0);
  const fd = openSync(path, 'a');
  try {
    for (let size = 16 * 1024; size >= 512; size /= 2) {
      for (;;) {
        try {
          writeSync(fd, Buffer.alloc(size, 0x5a));
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

describe('a data folder on a full disk at start', () => {
  it('says the disk is full (not "not signed in"), shows the queue count, and opens once space is freed', async (ctx) => {
    const full = join(root, 'full-at-start');
    const cannot = mountTmpfs(full, '3m');
    if (cannot !== null) ctx.skip(cannot);
    const host = await hostSandbox(join(root, 'sandbox-start.json'));
    const keychainService = `field-installer-test-${randomUUID()}`;
    let core: CoreHarness | null = null;
    try {
      core = await startCoreHarness({ dataDir: full, keychainService });
      await signInAndSync(core, host.sandbox);
      const [here] = await serverLocations(core);
      const serials = await uninstalledSerials(core, 3);
      await host.down();
      for (const serial of serials)
        await core.call('installDevice', { serial, locationId: here!.id });
      await core.close();

      const filler = fillCompletely(full);
      core = await startCoreHarness({ dataDir: full, keychainService });
      const status = await core.call('sessionStatus');
      expect(status.signedIn).toBe(true);
      // The queue is on disk: its last known count, not an empty queue.
      expect(status.queued).toBe(3);
      // The renderer answers each session event by reading the queue (listOutbox): a failed
      // attempt to open the data again must not announce one, or the two would loop.
      const events: string[] = [];
      const unsubscribe = core.core.onEvent((event) => events.push(event.type));
      for (const [name, input] of [
        ['listOutbox', {}],
        ['queryDevices', { view: 'all', offset: 0, limit: 10 }],
        ['installDevice', { serial: serials[0], locationId: here!.id }],
      ] as const) {
        const answer = await core.core.invoke(name, input);
        expect(answer.ok, name).toBe(false);
        if (answer.ok) continue;
        expect(answer.error.kind, `${name}: ${answer.error.code}`).toBe('storage');
        expect(errorWords(answer.error).message, name).toMatch(/disk is full/i);
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(events.filter((type) => type === 'session' || type === 'outbox')).toEqual([]);
      unsubscribe();

      // Space is freed: the next operation opens the data, no restart needed, and the queue
      // drains when the server is back.
      rmSync(filler);
      const outbox = await core.call('listOutbox');
      expect(outbox.map((i) => i.serial).sort()).toEqual([...serials].sort());
      await host.back();
      await waitFor(
        async () => (await core!.call('sessionStatus')).queued === 0,
        30_000,
        'the queue to drain',
        200,
      );
      for (const serial of serials) expect(applied(host.requests(), serial, 'install')).toBe(1);
    } finally {
      await core?.close().catch(() => undefined);
      await host.close();
      unmountTmpfs(full);
    }
  }, 90_000);
});

describe('a disk that fills up while a queued move is being sent', () => {
  it('after space is freed the move completes without a restart, each half sent once', async (ctx) => {
    const disk = join(root, 'full-mid-send');
    const cannot = mountTmpfs(disk, '24m');
    if (cannot !== null) ctx.skip(cannot);
    const host = await hostSandbox(join(root, 'sandbox-mid-send.json'));
    const keychainService = `field-installer-test-${randomUUID()}`;
    let core: CoreHarness | null = null;
    try {
      core = await startCoreHarness({ dataDir: disk, keychainService });
      await signInAndSync(core, host.sandbox);
      const all = await core.call('queryDevices', { view: 'all', offset: 0, limit: 200 });
      const device = all.rows.find((d) => d.location)!;
      const from = device.location!.id;
      const to = (await serverLocations(core)).find((l) => l.id !== from)!.id;
      await host.down();
      const move = await core.call('moveDevice', {
        serial: device.serial,
        fromLocationId: from,
        toLocationId: to,
      });
      expect(move.status).toBe('queued');
      await core.close();

      // The install half is answered slowly: the disk fills after the uninstall half was
      // recorded and before the move is marked sent.
      await host.back({
        faults: { latencyMs: 2_000, pathPattern: '/v1/devices/.+/install', methods: ['POST'] },
      });
      core = await startCoreHarness({ dataDir: disk, keychainService });
      const sending = core.core.invoke('syncNow', {});
      await waitFor(
        () => applied(host.requests(), device.serial, 'uninstall') === 1,
        10_000,
        'the uninstall half to be sent',
        20,
      );
      await new Promise((r) => setTimeout(r, 200));
      const filler = fillCompletely(disk);
      const refused = await sending;
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.kind).toBe('storage');

      rmSync(filler);
      await waitFor(
        async () => {
          await core!.core.invoke('syncNow', {});
          return (await core!.call('listOutbox')).length === 0;
        },
        20_000,
        `the move to leave the queue (left: ${JSON.stringify(await core.call('listOutbox'))})`,
        500,
      );
      expect(host.sandbox.deviceLocation(device.serial)?.id).toBe(to);
      expect(applied(host.requests(), device.serial, 'uninstall')).toBe(1);
      expect(applied(host.requests(), device.serial, 'install')).toBe(1);
    } finally {
      await core?.close().catch(() => undefined);
      await host.close();
      unmountTmpfs(disk);
    }
  }, 90_000);
});
