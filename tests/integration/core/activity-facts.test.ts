/**
 * The core records what happened as a kind with parameters (activity.data in work.db) for the
 * renderer to word, and no words; entries written before that (data NULL, only an English
 * `detail`) still read back. Real SQLite files; the flow runs the real core against the real
 * sandbox over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/db/open-database';
import { WORK_MIGRATIONS } from '../../../electron/core/db/schema';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { activityRows } from '../../../electron/core/store/activity-rows';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { plain } from '../../helpers/plain-text';

/** The record's key: these tests read the activity cache and its chain, not the keying. */
const SECRET = randomBytes(32);

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'fi-activity-facts-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('activity facts in work.db', () => {
  it('keeps the kind and parameters in activity.data, and only what the renderer words', () => {
    const path = join(dir, 'work.db');
    const db = openDatabase(path, { migrations: WORK_MIGRATIONS });
    const rows = activityRows(db, { secret: SECRET });
    rows.add({
      action: 'install',
      serial: 'FTC-1',
      locationId: 'l1',
      locationName: 'Store 1',
      result: 'failed',
      fact: {
        kind: 'failed',
        error: {
          kind: 'invalid',
          code: 'invalid',
          params: { field: 'name', problem: 'too long' },
          // What crossed with the error but is not for the log.
          ...({ status: 422, fields: { name: { code: 'server' } } } as object),
        },
      },
    });
    db.close();

    // Read back by a second connection, as the file on disk has it.
    const raw = new Database(path, { readonly: true });
    const stored = raw.prepare('SELECT detail, data FROM activity').get() as {
      detail: string;
      data: string;
    };
    raw.close();
    expect(stored.detail).toBe('');
    expect(JSON.parse(stored.data)).toEqual({
      fact: {
        kind: 'failed',
        error: { kind: 'invalid', code: 'invalid', params: { field: 'name', problem: 'too long' } },
      },
    });
    const again = openDatabase(path, { migrations: WORK_MIGRATIONS });
    expect(activityRows(again, { secret: SECRET }).list()[0]).toMatchObject({
      detail: '',
      fact: { kind: 'failed', error: { code: 'invalid' } },
      walkTest: null,
    });
    again.close();
  });

  it('changes the row of a queued action in place: same row, visit and time acted', () => {
    const db = openDatabase(join(dir, 'work.db'), { migrations: WORK_MIGRATIONS });
    const rows = activityRows(db, { secret: SECRET });
    const queued = rows.add({
      at: '2026-05-04T09:00:00.000Z',
      action: 'replace',
      serial: 'FTC-NEW',
      locationId: 'l1',
      locationName: 'Store 1',
      result: 'queued',
      // As an earlier version wrote it: English beside the fact.
      detail: 'Queued: it will be sent when the connection is back.',
      fact: { kind: 'queued' },
      intentId: 'q-1',
      replaces: 'FTC-OLD',
    });
    rows.visits.finish();
    // As the record says it: an earlier version's English beside a fact is not part of it.
    expect(rows.ofIntent('q-1')).toEqual({ ...queued, detail: '' });
    expect(rows.ofIntent('q-2')).toBeNull();
    const fact = { kind: 'replaced' as const, old: 'FTC-OLD', location: 'Store 1' };
    rows.change(queued.id, {
      result: 'done',
      fact,
      sentAt: '2026-05-04T11:00:00.000Z',
      locationId: 'l1',
      locationName: 'Store 1',
    });
    expect(rows.list()).toEqual([
      {
        ...queued,
        result: 'done',
        // The row says its fact now; the old English would contradict it.
        detail: '',
        fact,
        sentAt: '2026-05-04T11:00:00.000Z',
      },
    ]);
    db.close();
  });

  it('reads an entry written before facts (data NULL) with its English detail and no fact', () => {
    const path = join(dir, 'work.db');
    const v3 = openDatabase(path, { migrations: WORK_MIGRATIONS.slice(0, 3) });
    v3.prepare(
      `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result, detail)
       VALUES ('old', 1, '2026-01-02T10:00:00.000Z', 'install', 'FTC-9', 'l1', 'Store 1', 'done',
         'Installed at Store 1.')`,
    ).run();
    v3.close();
    const now = openDatabase(path, { migrations: WORK_MIGRATIONS });
    expect(activityRows(now, { secret: SECRET }).cached()).toMatchObject([
      {
        id: 'old',
        detail: 'Installed at Store 1.',
        fact: null,
        walkTest: null,
        intentId: null,
        sentAt: null,
        replaces: null,
      },
    ]);
    now.close();
  });
});

describe('activity facts from the core', () => {
  let sandbox: RunningSandbox;
  let harness: CoreHarness;

  afterEach(async () => {
    await harness?.close();
    await sandbox?.close();
  });

  it('a queued install is one row that turns done when sent, at the time the technician acted', async () => {
    sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'sandbox.json') });
    harness = await startCoreHarness({ dataDir: join(dir, 'core') });
    const user = sandbox.users.find((u) => u.organizations.length === 1) ?? sandbox.users[0]!;
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await harness.call('syncNow');
    const inventory = await harness.call('queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 5,
    });
    const serial = inventory.rows[0]!.serial;
    const here = (await harness.call('listLocations')).value[0]!;

    const port = Number(new URL(sandbox.baseUrl).port);
    await sandbox.close();
    const queued = await harness.call('installDevice', { serial, locationId: here.id });
    if (queued.status !== 'queued') throw new Error('the install was not queued');
    const [waiting] = await harness.call('listActivity', {});
    expect(waiting).toMatchObject({ result: 'queued', intentId: queued.item.id, sentAt: null });
    const actedAt = waiting!.at;
    expect(actedAt).toBe(queued.item.createdAt);

    sandbox = await startSandbox({ port, dataFile: join(dir, 'sandbox.json') });
    await harness.call('syncNow');
    sandbox.checkIn(serial);
    await harness.call('startWalkTest', { serial, locationId: here.id });
    sandbox.walkThrough(serial, 3);
    await harness.call('recordVerification', {
      serial,
      locationId: here.id,
      walkTestExpected: 3,
      note: 'Above the door',
    });

    const entries = await harness.call('listActivity', {});
    // One row for the install (it said "queued", now "done"), then the verification.
    expect(entries.map((e) => [e.result, e.fact])).toEqual([
      ['done', { kind: 'installed', location: here.name }],
      ['verified', { kind: 'verification', checkedIn: true, note: 'Above the door' }],
    ]);
    const [install] = entries;
    expect(install).toMatchObject({ id: waiting!.id, at: actedAt, intentId: queued.item.id });
    expect(Date.parse(install!.sentAt ?? '')).toBeGreaterThan(Date.parse(actedAt));
    // No English from the core: the renderer words the facts (the same words as before).
    expect(entries.map((e) => e.detail)).toEqual(['', '']);
    // The words, without the direction isolates around the store's name and the note.
    expect(entries.map((e) => plain(activityDetail({ ...e, sentAt: null })))).toEqual([
      `Installed at ${here.name}.`,
      'Checked in after install. Walk test passed: 3 of 3 counted. Above the door',
    ]);
  }, 60_000);
});
