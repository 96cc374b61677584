/**
 * "Sync now" while a run is still downloading (e.g. a long list that began while the server
 * was away): the run's own replay came first, before the actions queued since, so the press
 * sends the queue at once instead of leaving it until the download ends.
 */
import { describe, expect, it } from 'vitest';
import { createSyncEngine, type SyncJob } from '../../../electron/core/sync/sync-engine';
import type { ReplayResult } from '../../../electron/core/sync/replay';

const replayed = (done: number, remaining = 0): ReplayResult => ({
  done,
  failed: 0,
  conflicts: 0,
  remaining,
  stoppedBy: null,
});

describe('sync engine: Sync now during a run', () => {
  it('sends the queue at once and reports it with the run', async () => {
    const replays: number[] = [];
    let finishDownload: () => void = () => undefined;
    const download: SyncJob = {
      resource: 'devices',
      locationId: null,
      run: () => new Promise<void>((resolve) => (finishDownload = resolve)),
    };
    let queued = 0;
    const engine = createSyncEngine({
      replay: () => {
        replays.push(queued);
        const done = queued;
        queued = 0;
        return Promise.resolve(replayed(done));
      },
      listJobs: () => [download],
      isOnline: () => true,
      onState: () => undefined,
      onReport: () => undefined,
    });
    const first = engine.run();
    // The run has replayed (nothing queued then) and is downloading; two actions are queued.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replays).toEqual([0]);
    queued = 2;
    const pressed = engine.run();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(replays, 'the queue is sent before the download ends').toEqual([0, 2]);
    finishDownload();
    expect(await pressed).toMatchObject({ done: 2, remaining: 0 });
    expect(await first).toMatchObject({ done: 0 });
    engine.stop();
  });
});
