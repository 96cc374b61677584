import { describe, expect, it } from 'vitest';
import type { SyncState, SyncTask } from '../../../electron/contract';
import {
  currentTask,
  endedNotice,
  endedText,
  heldText,
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
  bytes: 0,
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
  held: null,
});
const offline = { kind: 'offline', message: 'No connection.', nextStep: 'Wait.' } as const;

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
  it('says how much was downloaded, and why the full lists wait', () => {
    expect(taskCount(task({ fetched: 12_300, total: 100_000, bytes: 3_456_789 }))).toBe(
      '12,300 of 100,000 · 3.5 MB',
    );
    // Pages answered "not modified" cost nothing: no size until something came.
    expect(taskCount(task({ fetched: 500, total: 500, bytes: 0 }))).toBe('500 of 500');
    expect(taskCount(task({ bytes: 2_048 }))).toBe('2 kB');
    expect(heldText({ ...state([], false), held: 'slow_link' })).toMatch(/faster connection/);
    expect(heldText({ ...state([], false), held: 'save_data' })).toMatch(/data saver/);
    expect(heldText(state([], false))).toBeNull();
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
      error: { kind: 'server', message: 'The server had a problem.', nextStep: 'Later.' },
    });
    expect(endedText([refused])).toBe('Could not download devices. The server had a problem.');
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
  it('says that Cancel stopped the sending of a run that only sent the queue', () => {
    const sending = { ...state([]), sending: true };
    const idle = state([], false);
    expect(endedNotice(sending, idle, true)).toBe(
      'Sending stopped. Actions not sent yet stay queued; “Sync now” sends them.',
    );
    expect(endedNotice(sending, idle, false), 'not cancelled: nothing to say').toBe('');
    expect(endedNotice(sending, sending, true), 'still running').toBe('');
    // With downloads, their cancelled tasks say it, once.
    const cancelled = state([task({ state: 'cancelled' })], false);
    expect(endedNotice(state([task({ state: 'waiting' })]), cancelled, true)).toBe(
      'Sending stopped. Actions not sent yet stay queued; “Sync now” sends them.',
    );
    expect(endedNotice(cancelled, cancelled, true)).toBe('');
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
