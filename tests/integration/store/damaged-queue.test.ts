/**
 * A damaged queue is never silent, whenever and however it is found. Real SQLite files, cut
 * and garbled on disk:
 * - at start, a work.db cut to half from a data folder copied while the app ran (a torn copy,
 *   a sync tool): its newest pages were only in a WAL that did not come along, so SQLite saw
 *   an empty database and the app showed 0 of 6 queued actions without a word;
 * - during work, a read of the queue, the activity log, the visits or the photos that meets
 *   damage (a failing disk): it is damage, never an empty list;
 * - app.db whose stored session no longer reads: the technician is told, not silently signed
 *   out.
 * Each time the file is moved aside and the technician is told how many actions it held, on
 * every screen (storage.outboxDamage, sessionStatus) and in the Activity log.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  serverLocations,
  signInAndSync,
  uninstalledSerials,
  type SandboxHost,
} from '../../helpers/store-world';
import { JPEG_8x6 } from '../../helpers/photo-bytes';

const QUEUED = 6;
let root: string;
let host: SandboxHost;
const keychainService = `field-installer-test-${randomUUID()}`;
/** A data dir with QUEUED installs waiting, closed cleanly (everything in the main files). */
let template: string;
/** A copy of a data dir made while its app ran, without work.db's -wal and -shm. */
let tornCopy: string;

const jpeg = `data:image/jpeg;base64,${JPEG_8x6.toString('base64')}`;

const scopeOf = (dataDir: string) => {
  const accounts = join(dataDir, 'accounts');
  return join(accounts, readdirSync(accounts)[0]!);
};

/** Queues QUEUED installs (with a photo each); the sandbox is down, so they wait. */
async function queueOffline(harness: CoreHarness, serials: string[]): Promise<void> {
  const [here] = await serverLocations(harness);
  for (const serial of serials) {
    const answer = await harness.call('installDevice', { serial, locationId: here!.id });
    expect(answer.status).toBe('queued');
    await harness.call('addPhoto', { serial, locationId: here!.id, dataUrl: jpeg });
  }
  expect((await harness.call('sessionStatus')).queued).toBe(QUEUED);
  // The count reaches app.db on the next turn of the loop (announceOutbox).
  await new Promise((r) => setTimeout(r, 300));
}

/** Signed in and synced while the sandbox is up; it stays down afterwards, so every core
 * started on these folders keeps its queue. */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-queue-damage-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
  template = join(root, 'template');
  const first = await startCoreHarness({ dataDir: template, keychainService });
  // A technician's first day on this account: work.db is created in this run, so its main
  // file holds one page and everything since is in its WAL until a checkpoint.
  const running = await startCoreHarness({ dataDir: join(root, 'running'), keychainService });
  try {
    await signInAndSync(first, host.sandbox);
    await signInAndSync(running, host.sandbox);
    const serials = await uninstalledSerials(first, QUEUED * 2);
    await host.down();
    await queueOffline(first, serials.slice(0, QUEUED));
    await queueOffline(running, serials.slice(QUEUED));
    // A sync tool's copy of the folder in use: the databases, not work.db's -wal and -shm.
    tornCopy = join(root, 'torn-copy');
    cpSync(running.dataDir, tornCopy, {
      recursive: true,
      filter: (source) => !/work\.db-(wal|shm)$/.test(source),
    });
  } finally {
    await first.close();
    await running.close();
  }
}, 60_000);

afterAll(async () => {
  await host?.close();
  if (root && !process.env.KEEP_TMP) await rm(root, { recursive: true, force: true });
});

let caseNumber = 0;
const copyOfTemplate = () => {
  const dataDir = join(root, `case-${caseNumber++}`);
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
};

/** What the technician is shown about a queue that held QUEUED actions and was set aside. */
async function expectToldAbout(harness: CoreHarness): Promise<void> {
  const status = await harness.call('sessionStatus');
  const report = status.storage.outboxDamage;
  expect(report, 'the damaged queue must be reported').not.toBeNull();
  expect(report!.unreadable).toBe(QUEUED);
  expect(existsSync(report!.keptAt)).toBe(true);
  expect(report!.keptAt).toContain('work.db.damaged-');
  expect(status.queued).toBe(0);
  expect(await harness.call('listOutbox')).toEqual([]);
  // The Activity log of the new queue says it too, as a fact the renderer words.
  const notes = (await harness.call('listActivity', {})).filter((e) => e.action === 'storage');
  expect(notes).toHaveLength(1);
  expect(notes[0]!.fact).toEqual({
    kind: 'outbox_damaged',
    unreadable: QUEUED,
    keptAt: report!.keptAt,
  });
  expect(notes[0]!.result).toBe('failed');
}

describe('at start', () => {
  it('work.db cut to half in a copy made while the app ran (its WAL left behind): reported with all 6 actions', async () => {
    const work = join(scopeOf(tornCopy), 'work.db');
    truncateSync(work, Math.floor(statSync(work).size / 2));

    const restarted = await startCoreHarness({ dataDir: tornCopy, keychainService });
    try {
      expect((await restarted.call('sessionStatus')).signedIn).toBe(true);
      await expectToldAbout(restarted);
    } finally {
      await restarted.close();
    }
    // Told once: the next start finds the new queue sound and still names the kept copy.
    const again = await startCoreHarness({ dataDir: tornCopy, keychainService });
    try {
      const status = await again.call('sessionStatus');
      expect(status.storage.outboxDamage?.unreadable).toBe(QUEUED);
      expect(
        readdirSync(scopeOf(tornCopy)).filter((n) => /^work\.db\.damaged-[^.]*Z$/.test(n)),
      ).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});

/**
 * Where the newest copy of a page of `db` lies: its last frame in the WAL (SQLite reads it
 * from there), else the main file. https://www.sqlite.org/fileformat2.html#walformat
 */
function newestCopyOf(db: string, page: number, pageSize: number): { file: string; at: number } {
  const wal = `${db}-wal`;
  if (existsSync(wal)) {
    const bytes = readFileSync(wal);
    const salt = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    let found = -1;
    for (let at = 32; at + 24 + pageSize <= bytes.length; at += 24 + pageSize) {
      if (bytes.readUInt32BE(at + 8) !== salt[0] || bytes.readUInt32BE(at + 12) !== salt[1]) break;
      if (bytes.readUInt32BE(at) === page) found = at + 24;
    }
    if (found >= 0) return { file: wal, at: found };
  }
  return { file: db, at: (page - 1) * pageSize };
}

/**
 * Garbles the b-tree header of `table`'s first page (where SQLite reads it from) while the
 * core runs, then has another connection commit a change, as another program would: SQLite
 * drops its cached pages at its next read and reads the damaged one from disk.
 */
function damageWhileRunning(dataDir: string, table: string): void {
  const work = join(scopeOf(dataDir), 'work.db');
  const other = new Database(work);
  try {
    const { rootpage } = other
      .prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?')
      .get(table) as { rootpage: number };
    const { file, at } = newestCopyOf(
      work,
      rootpage,
      other.pragma('page_size', { simple: true }) as number,
    );
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(8, 0xee), 0, 8, at);
    closeSync(fd);
    other.pragma(`user_version = ${other.pragma('user_version', { simple: true }) as number}`);
  } finally {
    other.close();
  }
}

describe('during work, a read that meets damage', () => {
  /** An install of a device still in the inventory (a write, in a transaction). */
  const anInstall = async (harness: CoreHarness) => {
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    return { serial, locationId: here!.id };
  };
  const none = () => Promise.resolve({});

  it.each([
    ['the queue', 'intents', 'listOutbox', none],
    ['the activity log', 'activity', 'listActivity', none],
    ['the visits', 'visits', 'listVisits', none],
    // The record says which photos there are; their bytes are read to check and show them.
    ['the photos', 'photos', 'visitReceipt', none],
    ['the queue, by an install (a write)', 'intents', 'installDevice', anInstall],
  ] as const)(
    '%s: answers that the queue is damaged (never an empty list), moves it aside and reports it',
    async (_, table, operation, inputFor) => {
      const dataDir = copyOfTemplate();
      const harness = await startCoreHarness({ dataDir, keychainService });
      const events: PushEvent[] = [];
      harness.core.onEvent((event) => events.push(event));
      try {
        expect((await harness.call('sessionStatus')).queued).toBe(QUEUED);
        const input = await inputFor(harness);
        damageWhileRunning(dataDir, table);

        const answer = await harness.core.invoke(operation, input);
        expect(answer.ok, `${operation} answered ${JSON.stringify(answer)}`).toBe(false);
        if (!answer.ok) {
          expect(answer.error.kind).toBe('storage');
          expect(answer.error.code).toBe('outbox_damaged');
        }
        await expectToldAbout(harness);
        // The renderer heard it without asking: the session and the (new, empty) queue.
        await new Promise((r) => setTimeout(r, 50));
        const told = events.filter((e) => e.type === 'session');
        expect(
          told.at(-1)?.type === 'session' && told.at(-1)!.status.storage.outboxDamage,
        ).toBeTruthy();
        expect(events.some((e) => e.type === 'outbox' && e.items.length === 0)).toBe(true);
        // Work goes on in the new queue.
        expect(await harness.call('listPhotos', {})).toEqual([]);
      } finally {
        await harness.close();
      }
    },
  );
});

describe('app.db', () => {
  it('a stored session that no longer reads: moved aside, and the technician is told', async () => {
    const dataDir = copyOfTemplate();
    const app = join(dataDir, 'app.db');
    // Garble the session's JSON in place: SQLite's own check cannot see inside a value.
    const bytes = readFileSync(app);
    const at = bytes.indexOf('"baseUrl"');
    expect(at).toBeGreaterThan(0);
    const fd = openSync(app, 'r+');
    writeSync(fd, Buffer.from('\u0001'), 0, 1, at);
    closeSync(fd);

    const harness = await startCoreHarness({ dataDir, keychainService });
    try {
      const status = await harness.call('sessionStatus');
      expect(status.signedIn).toBe(false);
      expect(status.storage.settingsDamage, 'a lost session must be reported').not.toBeNull();
      expect(existsSync(status.storage.settingsDamage!.keptAt)).toBe(true);
      expect(status.storage.settingsDamage!.keptAt).toContain('app.db.damaged-');
    } finally {
      await harness.close();
    }
  });

  it('cut to half: moved aside, and the technician is told', async () => {
    const dataDir = copyOfTemplate();
    const app = join(dataDir, 'app.db');
    truncateSync(app, Math.floor(statSync(app).size / 2));
    const harness = await startCoreHarness({ dataDir, keychainService });
    try {
      const status = await harness.call('sessionStatus');
      expect(status.signedIn).toBe(false);
      expect(status.storage.settingsDamage?.keptAt).toContain('app.db.damaged-');
    } finally {
      await harness.close();
    }
  });
});
