/**
 * A run sends the queue before it downloads. A slow server made that part look stuck: the
 * only state pushed while it sent said "not running" (it was emitted before the run was
 * registered), so the header kept "Next try in 15 min" and offered no Cancel. The run now
 * says it is sending, and Cancel stops it after the action being sent.
 */
import { describe, expect, it } from 'vitest';
import type { SyncState } from '../../../electron/shared';
import { replayIntents } from '../../../electron/core/sync/replay';
import { createSyncEngine } from '../../../electron/core/sync/sync-engine';
import { InMemoryDevices } from './in-memory-devices';
import { intent, useWorkDb } from './work-db';

const work = useWorkDb();

/** A server whose installs answer only when the test lets them. */
class HeldServer extends InMemoryDevices {
  held: (() => void)[] = [];
  override async install(serial: string, locationId: string) {
    await new Promise<void>((resolve) => this.held.push(resolve));
    return super.install(serial, locationId);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('sync engine: sending the queue', () => {
  it('says it is running and sending while the queue goes out, and Cancel stops between actions', async () => {
    const server = new HeldServer({ A: 'Aisle' }, { S1: null, S2: null, S3: null });
    for (const serial of ['S1', 'S2', 'S3']) work.intents.add(intent('install', serial, 'A'));
    const states: SyncState[] = [];
    const engine = createSyncEngine({
      replay: (signal) => replayIntents(work.intents, server, { signal }),
      listJobs: () => [{ resource: 'devices', locationId: null, run: () => Promise.resolve() }],
      isOnline: () => true,
      onState: (state) => states.push(state),
      onReport: () => undefined,
    });
    const run = engine.run();
    await tick();
    // The first install is on the wire: the renderer has been told a run is sending.
    expect(server.held).toHaveLength(1);
    expect(states.at(-1)).toMatchObject({ running: true, sending: true });
    expect(engine.state()).toMatchObject({ running: true, sending: true });

    engine.cancel();
    server.held.shift()?.();
    const report = await run;
    // The action being sent finished; the others stay queued, unsent.
    expect(report).toMatchObject({ done: 1, remaining: 2 });
    expect(server.held).toHaveLength(0);
    expect(work.intents.list().map((i) => [i.serial, i.state])).toEqual([
      ['S2', 'queued'],
      ['S3', 'queued'],
    ]);
    expect(states.at(-1)).toMatchObject({ running: false, sending: false });
    engine.stop();
  });
});

describe('sync engine: after Cancel', () => {
  it('keeps its schedule: what was not downloaded or sent follows later, as the notice says', async () => {
    const engine = createSyncEngine({
      replay: () => Promise.resolve(null),
      listJobs: () => [
        {
          resource: 'devices',
          locationId: null,
          run: (signal) =>
            new Promise<void>((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(new Error('aborted'))),
            ),
        },
      ],
      isOnline: () => true,
      onState: () => undefined,
      onReport: () => undefined,
      refreshEveryMs: 60_000,
    });
    const run = engine.run();
    await tick();
    expect(engine.state().nextAttemptAt).toBeNull();
    engine.cancel();
    await run;
    expect(engine.state().tasks.map((t) => t.state)).toEqual(['cancelled']);
    const next = engine.state().nextAttemptAt;
    expect(next, 'a next run is scheduled').not.toBeNull();
    expect(Date.parse(next!) - Date.now()).toBeGreaterThan(30_000);
    engine.stop();
  });
});
