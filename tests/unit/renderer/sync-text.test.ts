import { describe, expect, it } from 'vitest';
import type { SyncState, SyncTask } from '../../../electron/contract';
import {
  currentTask,
  endedText,
  newlyEnded,
  nextSyncText,
  offlineProgress,
  taskCount,
  taskLabel,
} from '../../../renderer/src/lib/sync-text';

const task = (patch: Partial<SyncTask>): SyncTask => ({
  resource: 'devices',
  locationId: null,
  fetched: 0,
  total: null,
  state: 'waiting',
  error: null,
  ...patch,
});
const state = (tasks: SyncTask[], running = true): SyncState => ({
  running,
  sending: false,
  tasks,
  lastCompletedAt: null,
  nextAttemptAt: null,
});
const offline = { kind: 'offline', code: 'offline', params: { host: 'api.example.com' } } as const;

describe('the sync indicator', () => {
  it('shows the running download, else the next waiting one, and nothing when idle', () => {
    const running = task({ resource: 'locations', state: 'running' });
    expect(currentTask(state([task({ state: 'done' }), running]))).toBe(running);
    const waiting = task({ resource: 'foot_traffic' });
    expect(currentTask(state([task({ state: 'done' }), waiting]))).toBe(waiting);
    expect(currentTask(state([running], false))).toBeNull();
    expect(currentTask(null)).toBeNull();
  });
  it('says what is downloading and how far it got, with separators', () => {
    expect(taskLabel(task({}))).toBe('Downloading devices');
    expect(taskLabel(task({ resource: 'location' }))).toBe('Downloading location details');
    expect(taskCount(task({ fetched: 12_300, total: 100_000 }))).toBe('12,300 of 100,000');
    expect(taskCount(task({ fetched: 500 }))).toBe('500 so far');
    expect(taskCount(task({}))).toBe('');
  });
  it('reports a failure or cancellation once, not on every later event', () => {
    const before = state([task({ state: 'running' }), task({ resource: 'locations' })]);
    const failed = task({ state: 'failed', error: offline });
    const after = state([failed, task({ resource: 'locations', state: 'running' })]);
    expect(newlyEnded(before, after)).toEqual([failed]);
    expect(newlyEnded(after, after)).toEqual([]);
    // Failures from before the app started are not news.
    expect(newlyEnded(null, after)).toEqual([]);
    const refused = task({
      state: 'failed',
      error: { kind: 'server', code: 'server', params: { status: 503 } },
    });
    expect(endedText([refused])).toBe(
      'Could not download devices. The server had a problem (HTTP 503) and could not complete the request.',
    );
    // The network's is not said beside the badge that already says Offline.
    expect(endedText([failed])).toBe('');
    // A cancel stops every download at once: one sentence, not one per download.
    expect(
      endedText([
        task({ state: 'cancelled' }),
        task({ resource: 'locations', state: 'cancelled' }),
      ]),
    ).toBe('Download stopped. What was downloaded is kept; the rest follows later.');
  });
  it('counts down to the next sync and goes quiet once it is due', () => {
    const now = Date.parse('2026-05-04T12:00:00Z');
    expect(nextSyncText('2026-05-04T12:00:12Z', now, true)).toBe('Next sync in 12 s');
    expect(nextSyncText('2026-05-04T12:00:11.200Z', now, true)).toBe('Next sync in 12 s');
    expect(nextSyncText('2026-05-04T12:05:00Z', now, true)).toBe('Next sync in 5 min');
    expect(nextSyncText('2026-05-04T11:59:59Z', now, true)).toBeNull();
    expect(nextSyncText(null, now, true)).toBeNull();
    expect(nextSyncText('soon', now, true)).toBeNull();
  });
  it('says no time while offline: sync runs as soon as the connection is back, not then', () => {
    const now = Date.parse('2026-05-04T12:00:00Z');
    expect(nextSyncText('2026-05-04T12:15:00Z', now, false)).toBeNull();
  });
});

describe('"Make available offline"', () => {
  it('is running while any download is, and done when all of them are', () => {
    expect(offlineProgress(state([task({ state: 'done' })]))).toEqual({ status: 'running' });
    expect(offlineProgress(state([task({ state: 'waiting' })], false))).toEqual({
      status: 'running',
    });
    expect(offlineProgress(state([task({ state: 'done' })], false))).toEqual({ status: 'done' });
  });
  it('says which download failed, or that it was cancelled', () => {
    expect(
      offlineProgress(
        state([task({ state: 'done' }), task({ state: 'failed', error: offline })], false),
      ),
    ).toEqual({ status: 'failed', error: offline });
    expect(offlineProgress(state([task({ state: 'cancelled' })], false))).toEqual({
      status: 'cancelled',
    });
  });
});
