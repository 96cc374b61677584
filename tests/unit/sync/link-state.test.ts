/**
 * The link's state driven alone (sync/link-state.ts) on vitest's fake clock: what it tells
 * the rest of the core when the link goes and comes back, and how long it was away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLinkState } from '../../../electron/core/sync/link-state';

beforeEach(() => void vi.useFakeTimers({ now: 0 }));
afterEach(() => void vi.useRealTimers());

function link(answers: { reachable: boolean; signedIn: boolean }) {
  const heard: string[] = [];
  let pings = 0;
  const state = createLinkState({
    ping: () => {
      if (!answers.signedIn) return null;
      pings++;
      return answers.reachable ? Promise.resolve() : Promise.reject(new Error('no answer'));
    },
    ready: () => Promise.resolve(),
    hooks: {
      changed: (online) => void heard.push(online ? 'online' : 'offline'),
      reconnected: (offlineMs) => void heard.push(`back after ${offlineMs}`),
    },
    idleProbeMs: 60_000,
    offlineMaxMs: 8_000,
  });
  state.setActive(true);
  return { state, heard, pings: () => pings };
}

describe('link state', () => {
  it('goes offline once, probes, and says how long it was away when the server answers', async () => {
    const answers = { reachable: false, signedIn: true };
    const { state, heard } = link(answers);
    state.reportOffline();
    state.reportOffline();
    expect(state.isOnline()).toBe(false);
    expect(heard).toEqual(['offline']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(heard).toEqual(['offline']);
    answers.reachable = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heard[1]).toBe('online');
    const back = Number(heard[2]?.replace('back after ', ''));
    expect(back).toBeGreaterThanOrEqual(30_000);
    expect(back).toBeLessThanOrEqual(40_000);
    state.stop();
  });

  it('takes the system\'s "no network" at once and keeps what the page said of the link', async () => {
    const { state, heard, pings } = link({ reachable: true, signedIn: true });
    await state.networkChanged(false, { saveData: true });
    expect(state.isOnline()).toBe(false);
    expect(state.info()).toEqual({ saveData: true });
    expect(pings()).toBe(0);
    await state.networkChanged(true);
    expect(state.isOnline()).toBe(true);
    expect(heard.slice(0, 2)).toEqual(['offline', 'online']);
    // The link as last said, until the page says otherwise.
    expect(state.info()).toEqual({ saveData: true });
    state.stop();
  });

  it('counts nobody signed in as reachable: nothing to reach is not offline', async () => {
    const { state, heard } = link({ reachable: false, signedIn: false });
    state.reportOffline();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.isOnline()).toBe(true);
    expect(heard[0]).toBe('offline');
    expect(heard[1]).toBe('online');
    state.stop();
  });
});
