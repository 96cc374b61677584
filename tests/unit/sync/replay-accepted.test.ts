/**
 * Accepted is not done (sync/replay.ts, decision record 69): a step the server accepted for
 * later (202, a pending status, a task id) is done only once a read shows it; until then the
 * intent waits for the server and nothing of it is sent again, across runs and restarts; one
 * that never shows within the patience becomes a conflict naming where the device is, which
 * the technician resolves ("Send again" queues it once more, as they chose).
 */
import { describe, expect, it } from 'vitest';
import { replayIntents, type ReplayEvent } from '../../../electron/core/sync/replay';
import { resolveConflict } from '../../../electron/core/sync/resolution';
import { InMemoryDevices } from './in-memory-devices';
import { intent, openWorkDb, tempWorkDir, useWorkDb } from './work-db';

const work = useWorkDb();
const LOCATIONS = { A: 'Aisle', B: 'Back office' };
/** Three reads in a run before the intent waits on: fast, and the same shape as the real ~8 s. */
const FAST = { shownWaitsMs: [1, 1, 1] };

const sends = (server: InMemoryDevices) =>
  server.mutations().map((c) => `${c.op} ${c.locationId ?? '-'}`);

describe('a step the server accepted for later', () => {
  it('shown within the run: done, sent once, with the acceptance said on the way', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', {
      acceptedAfterReads: 2,
    });
    work.intents.add(intent('install', 'S', 'A'));
    const events: ReplayEvent[] = [];
    const result = await replayIntents(work.intents, server, {
      ...FAST,
      onEvent: (e) => events.push(e),
    });
    expect(result).toMatchObject({ done: 1, remaining: 0 });
    expect(sends(server)).toEqual(['install A']);
    expect(server.where.get('S')).toBe('A');
    expect(events.map((e) => e.type)).toEqual(['syncing', 'accepted', 'done']);
    const accepted = events[1];
    expect(accepted?.type === 'accepted' && accepted.intent.acceptedAt).toMatch(/^\d{4}-/);
    const done = events[2];
    expect(done?.type === 'done' && done.device?.location?.id).toBe('A');
  });

  it('shown only later: waits for the server across runs and a restart, never sent twice', async () => {
    const file = await tempWorkDir();
    let db = openWorkDb(file.path);
    try {
      const server = new InMemoryDevices(LOCATIONS, { S: 'A' }).failNext('uninstall', {
        acceptedAfterReads: 7,
      });
      db.intents.add(intent('move', 'S', 'B', 'A'));
      // 1 read to plan + 3 after the acceptance: not shown yet.
      const first = await replayIntents(db.intents, server, FAST);
      expect(first).toMatchObject({ done: 0, remaining: 1, failed: 0 });
      expect(first.stoppedBy?.code).toBe('write_accepted');
      const [waiting] = db.intents.list();
      expect(waiting).toMatchObject({ state: 'queued', stepsDone: 0 });
      expect(waiting?.acceptedAt).not.toBeNull();
      expect(waiting?.lastError?.code).toBe('write_accepted');
      // A restart: the acceptance is on disk.
      db.db.close();
      db = openWorkDb(file.path);
      // Each later try only reads (one read each), and sends nothing while it does not show.
      for (let i = 0; i < 4; i++)
        expect(await replayIntents(db.intents, server, FAST)).toMatchObject({ remaining: 1 });
      expect(sends(server)).toEqual(['uninstall A']);
      // Shown now: the move goes on from state with its install, once.
      expect(await replayIntents(db.intents, server, FAST)).toMatchObject({ done: 1 });
      expect(sends(server)).toEqual(['uninstall A', 'install B']);
      expect(server.where.get('S')).toBe('B');
      expect(server.redundantMutations).toBe(0);
      expect(db.intents.list()).toEqual([]);
    } finally {
      db.db.close();
      await file.cleanup();
    }
  });

  it('never shown within the patience: a conflict naming where the device is, nothing resent', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', {
      acceptedAfterReads: Infinity,
    });
    work.intents.add(intent('install', 'S', 'A'));
    let clock = Date.parse('2026-03-04T15:30:00Z');
    const options = { ...FAST, acceptedPatienceMs: 60_000, now: () => clock };
    expect(await replayIntents(work.intents, server, options)).toMatchObject({ remaining: 1 });
    clock += 59_000;
    expect(await replayIntents(work.intents, server, options)).toMatchObject({ remaining: 1 });
    clock += 2_000;
    const events: ReplayEvent[] = [];
    const late = await replayIntents(work.intents, server, {
      ...options,
      onEvent: (e) => events.push(e),
    });
    expect(late).toMatchObject({ conflicts: 1, remaining: 0, failed: 0 });
    expect(events.at(-1)).toMatchObject({ type: 'conflict', location: null });
    const [conflict] = work.intents.list();
    expect(conflict).toMatchObject({
      state: 'conflict',
      conflictLocation: null,
      lastError: { kind: 'conflict', code: 'accepted_not_applied' },
    });
    expect(conflict?.acceptedAt).toBe('2026-03-04T15:30:00.000Z');
    expect(sends(server)).toEqual(['install A']);
    // The technician chooses to send it again: queued as it was, sent once more, done.
    resolveConflict(work.intents, conflict!.id, 'move_here');
    expect(work.intents.list()[0]).toMatchObject({ state: 'queued', acceptedAt: null });
    expect(await replayIntents(work.intents, server, options)).toMatchObject({ done: 1 });
    expect(sends(server)).toEqual(['install A', 'install A']);
    expect(server.where.get('S')).toBe('A');
  });

  it('never shown, and the device went elsewhere meanwhile: the conflict names that store', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', {
      acceptedAfterReads: Infinity,
    });
    work.intents.add(intent('install', 'S', 'A'));
    let clock = 0;
    const options = { ...FAST, acceptedPatienceMs: 1_000, now: () => clock };
    await replayIntents(work.intents, server, options);
    server.where.set('S', 'B'); // someone else installed it at B
    clock = 5_000;
    expect(await replayIntents(work.intents, server, options)).toMatchObject({ conflicts: 1 });
    expect(work.intents.list()[0]?.conflictLocation).toEqual({ id: 'B', name: 'Back office' });
    expect(sends(server)).toEqual(['install A']);
  });
});
