/**
 * The first start after the move to SQLite, on a copy of a data dir as the previous version
 * left it (tests/fixtures/legacy-store: hand-written in that version's exact file formats):
 * a session with two organizations, one outbox file per organization, an outbox file of an
 * earlier training session that matches neither, an activity log and a cache entry. Real
 * SQLite files throughout.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import {
  keyFingerprint,
  scopeDir,
  TRAINING_FINGERPRINT,
} from '../../../electron/core/db/account-scope';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';
import { openAppStore, type AppStore } from '../../../electron/core/store/app-store';
import { importLegacyFiles } from '../../../electron/core/store/legacy-import';

const FIXTURE = join(import.meta.dirname, '../../fixtures/legacy-store');
const BASE_URL = 'https://api.fieldcount.example/v1';
const API_KEY = 'fc_live_3b8e1d0c9a7f4e2b';
const FINGERPRINT = keyFingerprint(BASE_URL, API_KEY);
const NORTH = 'org_k7m2pq9x'; // listed first, not chosen
const SOUTH = 'org_t4hz8wne'; // the chosen organization
// sha256(`${scopeUrl}\n${organizationId}`).hex.slice(0, 24), as the old session manager named them
const NORTH_OUTBOX = 'outbox/089264e559de087c0a26b8f4.json';
const SOUTH_OUTBOX = 'outbox/d9c7f2459d60f2ead27ea34e.json';
const TRAINING_OUTBOX = 'outbox/71a5a59a466b6f196910cd50.json'; // training://sandbox, org_w3bxn5rd
const SANDBOX_STATE = '{"version":1,"note":"training server state, still in use"}';

interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  data?: Record<string, unknown>;
}
let lines: LogLine[];
const log: Logger = {
  info: (message, data) => lines.push({ level: 'info', message, data }),
  warn: (message, data) => lines.push({ level: 'warn', message, data }),
  error: (message, data) => lines.push({ level: 'error', message, data }),
};

let dataDir: string;
let app: AppStore;
let opened: AccountStore[];

beforeEach(async () => {
  lines = [];
  opened = [];
  dataDir = await mkdtemp(join(tmpdir(), 'fi-legacy-'));
  await cp(FIXTURE, dataDir, { recursive: true });
  await mkdir(join(dataDir, 'training'));
  await writeFile(join(dataDir, 'training', 'sandbox.json'), SANDBOX_STATE);
  app = openAppStore(dataDir, log);
});

afterEach(async () => {
  app.close();
  await Promise.all(opened.map((store) => store.checked));
  await rm(dataDir, { recursive: true, force: true });
});

type Options = Parameters<typeof importLegacyFiles>[0];
const run = (overrides: Partial<Options> = {}) =>
  importLegacyFiles({
    dataDir,
    app,
    log,
    keyFor: (baseUrl) => Promise.resolve(baseUrl === BASE_URL ? API_KEY : null),
    openScope: (record) => {
      const store = openAccountStore(scopeDir(dataDir, record), log, {
        recordKey: memoryRecordKey(),
      });
      opened.push(store);
      return store;
    },
    ...overrides,
  });

/** What one scope's work.db holds. */
async function scope(organizationId: string, fingerprint = FINGERPRINT, baseUrl = BASE_URL) {
  const training = fingerprint === TRAINING_FINGERPRINT;
  const dir = scopeDir(dataDir, { baseUrl, organizationId, keyFingerprint: fingerprint, training });
  const store = openAccountStore(dir, log, { recordKey: memoryRecordKey() });
  await store.checked;
  try {
    return { intents: store.work.intents.list(), activity: store.work.activity.list() };
  } finally {
    store.close();
  }
}

const fixture = (path: string) => readFile(join(FIXTURE, path), 'utf8');
const fixtureJson = async <T>(path: string) => JSON.parse(await fixture(path)) as T;
const exists = (path: string) => existsSync(join(dataDir, path));

/** Every file of the old layout (the new databases left out), with its content. */
async function oldFiles(): Promise<Record<string, string>> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    const path = relative(dataDir, join(entry.parentPath, entry.name));
    if (!entry.isFile() || path.startsWith('accounts') || path.startsWith('app.db')) continue;
    files[path] = await readFile(join(dataDir, path), 'utf8');
  }
  return files;
}

describe('importing the previous version files', () => {
  it('moves outboxes, activity and session into the databases and retires the old files', async () => {
    const result = await run();
    expect(result).toEqual({ queued: 5, activity: 4 });

    const north = await scope(NORTH);
    expect(
      north.intents.map(({ kind, serial, state, attempts, createdAt, keyFingerprint }) => ({
        kind,
        serial,
        state,
        attempts,
        createdAt,
        keyFingerprint,
      })),
    ).toEqual([
      {
        kind: 'install',
        serial: 'FTC-7QH4MZ2K',
        state: 'queued',
        attempts: 0,
        createdAt: '2026-11-17T08:41:03.118Z',
        keyFingerprint: FINGERPRINT,
      },
      // It was being sent when the old version stopped: queued again. The 'done' move is gone.
      {
        kind: 'uninstall',
        serial: 'FTC-R5WD9PLE',
        state: 'queued',
        attempts: 1,
        createdAt: '2026-11-17T08:44:29.902Z',
        keyFingerprint: FINGERPRINT,
      },
    ]);
    expect(north.activity).toEqual([]);

    const south = await scope(SOUTH);
    expect(south.intents).toMatchObject([
      {
        kind: 'move',
        serial: 'FTC-9HJ2WQ6N',
        locationId: 'loc_z6m4tq8cvd',
        locationName: 'Brightline Graz Mall gate',
        fromLocationId: 'loc_e3y7kx5nbr',
        state: 'conflict',
        conflictLocation: { id: 'loc_u2c9fh4wpm', name: 'Brightline Linz Back door' },
        lastError: null,
      },
      {
        kind: 'uninstall',
        serial: 'FTC-M8ZT3XRA',
        state: 'failed',
        attempts: 3,
        lastError: { kind: 'server', status: 503, message: 'The server had a problem (503).' },
      },
      {
        kind: 'install',
        serial: 'FTC-2DLC7YPU',
        state: 'queued',
        createdAt: '2026-11-18T13:24:51.880Z',
      },
    ]);
    expect(south.intents.every((i) => i.keyFingerprint === FINGERPRINT)).toBe(true);

    const { entries } = await fixtureJson<{ entries: { id: string }[] }>('activity.json');
    // Imported entries go into a visit; what they said is unchanged (English only: no fact).
    // They follow no queued action: each stays the row it was.
    expect(
      south.activity.every(
        (e) =>
          e.visitId !== '' &&
          e.walkTest === null &&
          e.fact === null &&
          e.intentId === null &&
          e.sentAt === null &&
          e.replaces === null &&
          e.amendments.length === 0,
      ),
    ).toBe(true);
    expect(
      south.activity.map(
        ({
          id: _id,
          visitId: _v,
          walkTest: _w,
          fact: _f,
          intentId: _i,
          sentAt: _s,
          replaces: _r,
          amendments: _a,
          ...entry
        }) => entry,
      ),
    ).toEqual(entries.map(({ id: _id, ...entry }) => entry));

    const { session } = await fixtureJson<{ session: object }>('session.json');
    expect(app.session()).toEqual({ ...session, keyFingerprint: FINGERPRINT });
    expect(app.setting('legacyImport')).toEqual({
      at: expect.any(String) as string,
      queued: 5,
      activity: 4,
    });

    for (const gone of ['session.json', 'activity.json', 'outbox', 'cache']) {
      expect(exists(gone), gone).toBe(false);
    }
    const kept = join('legacy-unmatched', '71a5a59a466b6f196910cd50.json');
    expect(await oldFiles()).toEqual({
      [kept]: await fixture(TRAINING_OUTBOX),
      [join('training', 'sandbox.json')]: SANDBOX_STATE,
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        data: { keptAt: join(dataDir, kept), reason: 'no_matching_organization' },
      }),
    );
  });

  it('runs once: a second start is a no-op returning null, even if old files reappear', async () => {
    expect(await run()).not.toBeNull();
    await cp(FIXTURE, dataDir, { recursive: true });
    const before = await oldFiles();

    expect(await run()).toBeNull();

    expect(await oldFiles()).toEqual(before);
    expect((await scope(NORTH)).intents).toHaveLength(2);
    expect((await scope(SOUTH)).intents).toHaveLength(3);
    expect((await scope(SOUTH)).activity).toHaveLength(4);
  });

  it('returns null when there is nothing to import, and does not look again', async () => {
    for (const path of ['session.json', 'activity.json', 'outbox', 'cache']) {
      await rm(join(dataDir, path), { recursive: true });
    }
    expect(await run()).toBeNull();
    expect(app.setting('legacyImport')).toMatchObject({ queued: 0, activity: 0 });
    expect(app.session()).toBeNull();
    expect(exists('accounts')).toBe(false);
  });

  it('keeps a malformed outbox file aside and still imports the others', async () => {
    const truncated = (await fixture(NORTH_OUTBOX)).slice(0, 700);
    await writeFile(join(dataDir, NORTH_OUTBOX), truncated);

    expect(await run()).toEqual({ queued: 3, activity: 4 });

    expect((await scope(NORTH)).intents).toEqual([]);
    expect((await scope(SOUTH)).intents.map((i) => i.serial)).toEqual([
      'FTC-9HJ2WQ6N',
      'FTC-M8ZT3XRA',
      'FTC-2DLC7YPU',
    ]);
    const keptAt = join(dataDir, 'legacy-unmatched', '089264e559de087c0a26b8f4.json');
    expect(await readFile(keptAt, 'utf8')).toBe(truncated);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        data: { keptAt, reason: 'not_earlier_format' },
      }),
    );
    expect(exists('outbox')).toBe(false);
  });

  it('skips an item not in the old format, counts it, and imports the rest of its file', async () => {
    const file = await fixtureJson<{ items: Record<string, unknown>[] }>(SOUTH_OUTBOX);
    file.items.splice(1, 0, { ...file.items[0], serial: 42 });
    await writeFile(join(dataDir, SOUTH_OUTBOX), JSON.stringify(file));

    expect(await run()).toEqual({ queued: 5, activity: 4 });

    expect((await scope(SOUTH)).intents.map((i) => i.serial)).toEqual([
      'FTC-9HJ2WQ6N',
      'FTC-M8ZT3XRA',
      'FTC-2DLC7YPU',
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        data: { path: join(dataDir, SOUTH_OUTBOX), skipped: 1 },
      }),
    );
    // The file held something that was not imported: it is kept, not deleted.
    expect(exists(join('legacy-unmatched', 'd9c7f2459d60f2ead27ea34e.json'))).toBe(true);
  });

  it('skips a malformed session.json and keeps every outbox aside instead of losing it', async () => {
    await writeFile(join(dataDir, 'session.json'), '{"session":{"baseUrl":');

    expect(await run()).toEqual({ queued: 0, activity: 0 });

    expect(app.session()).toBeNull();
    expect(exists('accounts')).toBe(false);
    expect(Object.keys(await oldFiles()).sort()).toEqual(
      [
        'activity.json',
        'session.json',
        '089264e559de087c0a26b8f4.json',
        'd9c7f2459d60f2ead27ea34e.json',
        '71a5a59a466b6f196910cd50.json',
      ]
        .map((name) => join('legacy-unmatched', name))
        .concat(join('training', 'sandbox.json'))
        .sort(),
    );
  });

  it('saves the session with the fingerprint "unknown" when the keychain has no key', async () => {
    expect(await run({ keyFor: () => Promise.resolve(null) })).toEqual({ queued: 5, activity: 4 });
    expect(app.session()?.keyFingerprint).toBe('unknown');
    expect((await scope(SOUTH, 'unknown')).intents).toHaveLength(3);
  });

  it('imports a training session outbox under the training fingerprint', async () => {
    const trainingUrl = 'http://127.0.0.1:53121/v1'; // its port changed every start
    const session = {
      baseUrl: trainingUrl,
      training: true,
      user: { name: 'Alex Morgan' },
      organizations: [{ id: 'org_w3bxn5rd', name: 'Contoso Training' }],
      organizationId: 'org_w3bxn5rd',
    };
    await writeFile(join(dataDir, 'session.json'), JSON.stringify({ session }));
    const keyFor = () => Promise.reject(new Error('training mode never reads the keychain'));

    expect(await run({ keyFor })).toEqual({ queued: 1, activity: 4 });

    expect(app.session()).toEqual({ ...session, keyFingerprint: TRAINING_FINGERPRINT });
    const training = await scope('org_w3bxn5rd', TRAINING_FINGERPRINT, trainingUrl);
    expect(training.intents.map((i) => i.serial)).toEqual(['FTC-6BWN4HQS']);
    expect(training.activity).toHaveLength(4);
    expect(exists(join('legacy-unmatched', '089264e559de087c0a26b8f4.json'))).toBe(true);
    expect(exists(join('legacy-unmatched', 'd9c7f2459d60f2ead27ea34e.json'))).toBe(true);
  });

  it('leaves every old file in place when the import fails midway; the next start imports once', async () => {
    const before = await oldFiles();
    const failing = run({
      openScope: (record) => {
        if (record.organizationId === SOUTH) throw new Error('disk full');
        const store = openAccountStore(scopeDir(dataDir, record), log, {
          recordKey: memoryRecordKey(),
        });
        opened.push(store);
        return store;
      },
    });

    await expect(failing).rejects.toThrow('disk full');

    expect(await oldFiles()).toEqual(before);
    expect(app.setting('legacyImport')).toBeUndefined();
    expect(app.session()).toBeNull();
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error' }));
    // The first organization's transaction had committed before the failure.
    expect((await scope(NORTH)).intents).toHaveLength(2);

    expect(await run()).toEqual({ queued: 5, activity: 4 });
    expect((await scope(NORTH)).intents.map((i) => i.serial)).toEqual([
      'FTC-7QH4MZ2K',
      'FTC-R5WD9PLE',
    ]);
    expect((await scope(SOUTH)).intents).toHaveLength(3);
    expect(exists('session.json')).toBe(false);
  });
});
