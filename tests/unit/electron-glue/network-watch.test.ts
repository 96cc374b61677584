/**
 * The desktop app's own view of the network (electron/main/network-watch.ts): Electron cannot
 * start on this machine, so this runs against a mocked `electron` module (net, powerMonitor).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;
const electron = vi.hoisted(() => ({
  online: true,
  listeners: new Map<string, Set<() => void>>(),
}));
vi.mock('electron', () => ({
  net: { isOnline: () => electron.online },
  powerMonitor: {
    on: (name: string, listener: Listener) => {
      const set = electron.listeners.get(name) ?? new Set();
      set.add(listener);
      electron.listeners.set(name, set);
    },
    off: (name: string, listener: Listener) => electron.listeners.get(name)?.delete(listener),
  },
}));

const { setupNetworkWatch } = await import('../../../electron/main/network-watch');
const fire = (name: string) => {
  for (const listener of electron.listeners.get(name) ?? []) listener();
};

describe('network watch (mocked electron: net.isOnline, powerMonitor)', () => {
  beforeEach(() => {
    electron.online = true;
    electron.listeners.clear();
  });

  it('tells the core net.isOnline() at start and after every wake or unlock, until disposed', () => {
    const told: boolean[] = [];
    const dispose = setupNetworkWatch((online) => told.push(online));
    expect(told).toEqual([true]);
    // Asleep in one store, woken in the next with no Wi-Fi yet.
    electron.online = false;
    fire('resume');
    expect(told).toEqual([true, false]);
    electron.online = true;
    fire('unlock-screen');
    expect(told).toEqual([true, false, true]);
    dispose();
    fire('resume');
    fire('unlock-screen');
    expect(told).toEqual([true, false, true]);
  });
});
