/**
 * Damaged database files never stop the app: each of app.db, cache.db and work.db is truncated
 * (to half, to 100 bytes), zero-filled or garbled while the core is stopped, then the core is
 * started on it. A damaged cache is dropped and downloaded again; a damaged work.db is moved
 * aside and reported with the number of queued actions it held; a damaged app.db (only the
 * session lives there) must not keep the app from starting either.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  unlinkSync,
  readdirSync,
  statSync,
  truncateSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { startCoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  runCoreChild,
  serverLocations,
  signInAndSync,
  uninstalledSerials,
  type SandboxHost,
} from '../../helpers/store-world';

const QUEUED = 3;
let root: string;
let template: string;
let host: SandboxHost;
const keychainService = `field-installer-test-${randomUUID()}`;
/** Devices the template did not queue, for a core that queues them and is killed. */
let spare: { serials: string[]; locationId: string };

/** A signed-in data dir with a synced cache and QUEUED installs waiting in the outbox. */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-damage-'));
  template = join(root, 'template');
  host = await hostSandbox(join(root, 'sandbox.json'));
  const harness = await startCoreHarness({ dataDir: template, keychainService });
  await signInAndSync(harness, host.sandbox);
  const [here] = await serverLocations(harness);
  const serials = await uninstalledSerials(harness, QUEUED * 2);
  spare = { serials: serials.splice(QUEUED), locationId: here!.id };
  await host.down();
  for (const serial of serials) {
    const answer = await harness.call('installDevice', { serial, locationId: here!.id });
    expect(answer.status).toBe('queued');
  }
  expect((await harness.call('sessionStatus')).queued).toBe(QUEUED);
  await harness.close();
  await host.back();
}, 60_000);

afterAll(async () => {
  await host?.close();
  if (root && !process.env.KEEP_TMP) await rm(root, { recursive: true, force: true });
});

const accountDir = (dataDir: string) => {
  const accounts = join(dataDir, 'accounts');
  const [scope] = readdirSync(accounts);
  return join(accounts, scope!);
};

const fileOf = (dataDir: string, name: string) =>
  name === 'app.db' ? join(dataDir, 'app.db') : join(accountDir(dataDir), name);

const damages: Record<string, (path: string) => void> = {
  'truncated to half': (path) => truncateSync(path, Math.floor(statSync(path).size / 2)),
  'truncated to 100 bytes': (path) => truncateSync(path, 100),
  'zero-filled': (path) => {
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(size), 0, size, 0);
    closeSync(fd);
  },
  garbled: (path) => {
    const size = statSync(path).size;
    const length = Math.max(512, Math.floor(size / 4));
    const fd = openSync(path, 'r+');
    const noise = Buffer.alloc(length);
    for (let i = 0; i < length; i++) noise[i] = Math.floor(Math.random() * 256);
    writeSync(fd, noise, 0, length, Math.floor((size - length) / 2));
    closeSync(fd);
  },
};

let caseNumber = 0;
function damagedCopy(file: string, damage: string): string {
  const dataDir = join(root, `case-${caseNumber++}`);
  cpSync(template, dataDir, { recursive: true });
  const path = fileOf(dataDir, file);
  // The core closed cleanly: everything is in the main file, no WAL to mask the damage.
  expect(existsSync(`${path}-wal`)).toBe(false);
  damages[damage]!(path);
  return dataDir;
}

describe.each(Object.keys(damages))('a database file %s', (damage) => {
  it('cache.db: the app starts, says the cache was rebuilt, and the lists download again', async () => {
    const dataDir = damagedCopy('cache.db', damage);
    const harness = await startCoreHarness({ dataDir, keychainService });
    try {
      const status = await harness.call('sessionStatus');
      expect(status.signedIn).toBe(true);
      await harness.call('syncNow');
      const devices = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 10 });
      expect(devices.total).toBeGreaterThan(0);
      expect(devices.rows.length).toBeGreaterThan(0);
      // Found at open, or by the background check of the whole file: either way it is said.
      const after = await harness.call('sessionStatus');
      expect(after.storage.cacheRebuilt, 'a damaged cache.db must be reported as rebuilt').toBe(
        true,
      );
      expect(after.storage.outboxDamage).toBeNull();
    } finally {
      await harness.close().catch(() => undefined);
    }
  });

  it('work.db: the app starts, the damaged queue is kept aside and reported with what it held', async () => {
    const dataDir = damagedCopy('work.db', damage);
    const harness = await startCoreHarness({ dataDir, keychainService });
    try {
      const status = await harness.call('sessionStatus');
      expect(status.signedIn).toBe(true);
      const damageReport = status.storage.outboxDamage;
      expect(damageReport, 'a damaged work.db must be reported').not.toBeNull();
      expect(existsSync(damageReport!.keptAt)).toBe(true);
      expect(damageReport!.keptAt).toContain('work.db.damaged-');
      expect(
        damageReport!.unreadable,
        `reported ${damageReport!.unreadable} of ${QUEUED} queued actions`,
      ).toBe(QUEUED);
      // The app goes on with a fresh queue, and the cache still reads.
      expect(await harness.call('listOutbox')).toEqual([]);
      await harness.call('syncNow');
      expect(
        (await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 })).total,
      ).toBeGreaterThan(0);
    } finally {
      await harness.close().catch(() => undefined);
    }
  });

  it('app.db: the app starts (signed out or restored) and says something sensible', async () => {
    const dataDir = damagedCopy('app.db', damage);
    let core;
    try {
      core = await createCore({
        dataDir,
        fetch: globalThis.fetch,
        credentials: createKeychainCredentials(keychainService),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
    } catch (error) {
      throw new Error(`createCore threw on a damaged app.db (${damage}): ${String(error)}`, {
        cause: error,
      });
    }
    try {
      const status = await core.invoke('sessionStatus', {});
      expect(status.ok).toBe(true);
      if (!status.ok) return;
      if (status.value.signedIn) {
        // Restored: the account's data is there and usable.
        const devices = await core.invoke('queryDevices', { view: 'all', offset: 0, limit: 1 });
        expect(devices.ok && devices.value.total).toBeGreaterThan(0);
      } else {
        // Signed out: the technician signs in again and finds the queue waiting.
        const user = host.sandbox.users.find((u) => u.organizations.length === 1)!;
        const signedIn = await core.invoke('signIn', {
          baseUrl: host.baseUrl,
          apiKey: user.api_key,
        });
        expect(signedIn.ok).toBe(true);
        const outbox = await core.invoke('listOutbox', {});
        expect(outbox.ok).toBe(true);
      }
    } finally {
      await core.close();
    }
  });
});

/** `chattr +i`: a file no one may remove or change, root included (Linux, root only). */
const immutable = (path: string, on: boolean): string | null => {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', path], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error).trim();
  }
};

describe('a damaged cache.db that cannot be removed (a file another program holds, a read-only disk)', () => {
  it('keeps answering in words (never "internal"), and closes', async (ctx) => {
    const dataDir = join(root, `case-${caseNumber++}`);
    cpSync(template, dataDir, { recursive: true });
    const cache = fileOf(dataDir, 'cache.db');
    // Garbled pages past the schema: the file opens, SQLite's check (and reads) find the damage.
    const size = statSync(cache).size;
    const fd = openSync(cache, 'r+');
    writeSync(fd, Buffer.alloc(16 * 1024, 0x41), 0, 16 * 1024, Math.floor(size / 8192) * 4096);
    closeSync(fd);
    const refused = immutable(cache, true);
    if (refused !== null) ctx.skip(`cannot make a file immutable here: ${refused}`);
    try {
      const harness = await startCoreHarness({ dataDir, keychainService });
      let closed = false;
      try {
        // The check at open runs off the main thread; reads meet the damage too. Every answer
        // in that time is data or a storage error, never the internal one.
        const until = Date.now() + 2_000;
        const kinds = new Set<string>();
        while (Date.now() < until) {
          for (const view of ['all', 'uninstalled'] as const) {
            const answer = await harness.core.invoke('queryDevices', {
              view,
              offset: 0,
              limit: 500,
            });
            kinds.add(answer.ok ? 'ok' : answer.error.kind);
          }
          const locations = await harness.core.invoke('listLocations', {});
          kinds.add(locations.ok ? 'ok' : locations.error.kind);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect([...kinds].filter((k) => k !== 'ok' && k !== 'storage')).toEqual([]);
        expect((await harness.call('sessionStatus')).signedIn).toBe(true);
        // close() waits for the check: it must not throw, or app.db's lock would be kept.
        await harness.close();
        closed = true;
      } finally {
        if (!closed) await harness.close().catch(() => undefined);
      }
    } finally {
      immutable(cache, false);
    }
  });
});

/**
 * A core killed right after it acknowledged QUEUED more installs: they are only in work.db's
 * WAL (the -shm beside it names them), then the WAL is damaged while the app is stopped.
 * SQLite would open work.db without them and say nothing.
 */
describe("work.db's WAL damaged after a crash", () => {
  let crashed: string;
  beforeAll(async () => {
    crashed = join(root, 'crashed');
    cpSync(template, crashed, { recursive: true });
    await host.down();
    try {
      const child = await runCoreChild({
        dataDir: crashed,
        keychainService,
        actions: spare.serials.map((serial) => ({
          op: 'install' as const,
          serial,
          locationId: spare.locationId,
        })),
      });
      await child.waitLine((l) => l.finished === true, 20_000);
      expect(child.lines.filter((l) => l.status === 'queued')).toHaveLength(QUEUED);
      // The queue's count reaches app.db on the next turn of the loop (announceOutbox).
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGKILL');
      await child.exited;
    } finally {
      await host.back();
    }
    const work = fileOf(crashed, 'work.db');
    expect(existsSync(`${work}-wal`) && existsSync(`${work}-shm`)).toBe(true);
  }, 60_000);

  const walDamages: Record<string, (wal: string) => void> = {
    deleted: (wal) => unlinkSync(wal),
    'truncated to its header': (wal) => truncateSync(wal, 32),
    'truncated to half': (wal) => truncateSync(wal, Math.floor(statSync(wal).size / 2)),
    'garbled header': (wal) => {
      const fd = openSync(wal, 'r+');
      writeSync(fd, Buffer.alloc(32, 0x5a), 0, 32, 0);
      closeSync(fd);
    },
    'garbled in the middle': (wal) => {
      const size = statSync(wal).size;
      const fd = openSync(wal, 'r+');
      writeSync(fd, Buffer.alloc(512, 0x5a), 0, 512, Math.floor(size / 2));
      closeSync(fd);
    },
  };

  const copyOfCrashed = () => {
    const dataDir = join(root, `case-${caseNumber++}`);
    cpSync(crashed, dataDir, { recursive: true });
    return dataDir;
  };

  it.each(Object.keys(walDamages))(
    '%s: the queue is kept aside and reported with every action it held',
    async (damage) => {
      const dataDir = copyOfCrashed();
      walDamages[damage]!(`${fileOf(dataDir, 'work.db')}-wal`);
      const harness = await startCoreHarness({ dataDir, keychainService });
      try {
        const report = (await harness.call('sessionStatus')).storage.outboxDamage;
        expect(report, 'acknowledged actions lost from the WAL must be reported').not.toBeNull();
        expect(report!.unreadable).toBe(QUEUED * 2);
        expect(existsSync(report!.keptAt)).toBe(true);
        // Kept with what is left of its WAL and index, for support.
        expect(existsSync(`${report!.keptAt}-shm`)).toBe(true);
      } finally {
        await harness.close().catch(() => undefined);
      }
    },
  );

  it.each(['intact', '-shm deleted'])(
    'a crash with the WAL %s: every action is still queued and nothing is reported',
    async (variant) => {
      const dataDir = copyOfCrashed();
      if (variant !== 'intact') unlinkSync(`${fileOf(dataDir, 'work.db')}-shm`);
      // Offline, so the queue is still there to count when it is read.
      await host.down();
      const harness = await startCoreHarness({ dataDir, keychainService });
      try {
        const status = await harness.call('sessionStatus');
        expect(status.storage.outboxDamage).toBeNull();
        expect(status.queued).toBe(QUEUED * 2);
      } finally {
        await harness.close().catch(() => undefined);
        await host.back();
      }
    },
  );
});
