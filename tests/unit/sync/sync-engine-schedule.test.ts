/**
 * The sync engine's schedule (decision record 32), on a compressed clock: the queue is tried every 15
 * minutes as before, but the full lists — every device of the account — only when their last
 * refresh is older than the full-refresh interval, when asked (Sync now), and after the app
 * was offline for a while; a scheduled one waits while the link is held (data saver, 2G).
 */
import { describe, expect, it } from 'vitest';
import type { SyncHold } from '../../../electron/shared';
import {
  createSyncEngine,
  type RefreshMode,
  type SyncEngineOptions,
} from '../../../electron/core/sync/sync-engine';
import { CompressedClock } from '../../helpers/compressed-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function world(extra: Partial<SyncEngineOptions> = {}) {
  const clock = new CompressedClock();
  const full: RefreshMode[] = [];
  let replays = 0;
  let hold: SyncHold | null = null;
  const engine = createSyncEngine({
    replay: () => {
      replays += 1;
      return Promise.resolve(null);
    },
    listJobs: (mode) => {
      full.push(mode);
      return [{ resource: 'devices', locationId: null, run: () => Promise.resolve() }];
    },
    isOnline: () => true,
    onState: () => undefined,
    onReport: () => undefined,
    timers: clock,
    now: () => clock.now(),
    fullRefreshMs: () => 12 * HOUR,
    holdFull: () => hold,
    ...extra,
  });
  return {
    clock,
    engine,
    full,
    replays: () => replays,
    setHold: (h: SyncHold | null) => (hold = h),
  };
}

describe('sync engine schedule', () => {
  it('does not download every device every 15 minutes: the queue is tried, the full lists when due', async () => {
    const w = world();
    w.engine.start();
    await settle();
    // Never refreshed: the first run downloads them.
    expect(w.full).toEqual(['scheduled']);
    await w.clock.advance(11 * HOUR, settle);
    expect(w.replays(), 'the queue is still tried every 15 minutes').toBeGreaterThanOrEqual(44);
    expect(w.full, 'no full refresh in 11 hours').toEqual(['scheduled']);
    await w.clock.advance(1 * HOUR + MINUTE, settle);
    expect(w.full, 'due after 12 hours').toEqual(['scheduled', 'scheduled']);
    expect(w.engine.state().lastCompletedAt).not.toBeNull();
    w.engine.stop();
  });

  it('refreshes them when asked, and after the app was offline for a while (not after a blip)', async () => {
    const w = world({ lastFullAt: () => Date.now() });
    w.engine.start();
    await settle();
    expect(w.full, 'refreshed moments ago: not due').toEqual([]);
    await w.engine.run();
    expect(w.full).toEqual(['asked']);
    w.engine.reconnected(30_000);
    await settle();
    expect(w.full, 'offline for 30 s').toEqual(['asked']);
    w.engine.reconnected(20 * MINUTE);
    await settle();
    await settle();
    expect(w.full, 'offline for 20 minutes').toEqual(['asked', 'scheduled']);
    w.engine.stop();
  });

  it('Sync now during a run that only sends the queue refreshes the lists after it, and counts what that run sent', async () => {
    let release: (sent: number) => void = () => undefined;
    const w = world({
      lastFullAt: () => Date.now(),
      replay: () =>
        new Promise((resolve) => {
          release = (sent) =>
            resolve({ done: sent, failed: 0, conflicts: 0, remaining: 0, stoppedBy: null });
        }),
    });
    w.engine.start();
    await settle();
    const pressed = w.engine.run();
    await settle();
    expect(w.full).toEqual([]);
    // The run going on sends the action Sync now was pressed for (the server just came back).
    release(1);
    await settle();
    release(0);
    const report = await pressed;
    expect(w.full).toEqual(['asked']);
    expect(report).toMatchObject({ done: 1, remaining: 0, stoppedBy: null });
    w.engine.stop();
  });

  it('holds a due refresh on a slow or saving link and says so; Sync now is not held', async () => {
    const w = world();
    w.setHold('slow_link');
    w.engine.start();
    await settle();
    expect(w.full).toEqual([]);
    expect(w.engine.state().held).toBe('slow_link');
    // Held, the next try keeps the usual pace instead of asking every second.
    expect(Math.min(...w.clock.pending())).toBeGreaterThan(14 * MINUTE);
    await w.engine.run();
    expect(w.full).toEqual(['asked']);
    expect(w.engine.state().held).toBeNull();
    w.engine.stop();
  });

  it('runs the full refresh when it falls due between two periodic runs, not up to 15 minutes late', async () => {
    const w = world({ lastFullAt: () => Date.now() - (12 * HOUR - 5 * MINUTE) });
    w.engine.start();
    await settle();
    expect(w.full).toEqual([]);
    expect(Math.min(...w.clock.pending())).toBeLessThanOrEqual(5 * MINUTE + 1_000);
    w.engine.stop();
  });
});
