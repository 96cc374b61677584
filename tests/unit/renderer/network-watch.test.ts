/**
 * The page tells the core the network's state, and asks it to check the server when it opens
 * and when its window comes back to the front (focus and visibilitychange fire together: one
 * check), so the badge never says "Online" for a server nobody reached since.
 */
import { describe, expect, it } from 'vitest';
import {
  watchNetwork,
  type NetworkReport,
} from '../../../renderer/src/lib/transport/network-watch';

function page() {
  const listeners = new Map<string, Set<() => void>>();
  const on = (type: string, f: () => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(f);
  };
  const off = (type: string, f: () => void) => listeners.get(type)?.delete(f);
  const fire = (type: string) => listeners.get(type)?.forEach((f) => f());
  const document = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: on,
    removeEventListener: off,
  };
  const target = {
    navigator: { onLine: true } as Navigator,
    addEventListener: on,
    removeEventListener: off,
    document,
  } as unknown as Parameters<typeof watchNetwork>[0];
  return { target, fire, document, listeners };
}

describe('watchNetwork', () => {
  it('asks for a check at start and when the window comes back, once for focus and visibility together', () => {
    const { target, fire, document, listeners } = page();
    const reports: NetworkReport[] = [];
    let now = 0;
    const stop = watchNetwork(
      target,
      (r) => reports.push(r),
      () => now,
    );
    expect(reports).toEqual([{ online: true, recheck: true }]);
    now = 60_000;
    fire('focus');
    fire('visibilitychange');
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual({ online: true, recheck: true });
    // Hidden: nothing to show, nothing asked.
    now = 120_000;
    document.visibilityState = 'hidden';
    fire('visibilitychange');
    expect(reports).toHaveLength(2);
    // The OS's own word is passed on as it comes, without a check of its own.
    fire('offline');
    expect(reports[2]).toEqual({ online: true });
    stop();
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('a window back in front a second after a reload asks again: the server may have gone since', () => {
    const { target, fire } = page();
    const reports: NetworkReport[] = [];
    let now = 0;
    watchNetwork(
      target,
      (r) => reports.push(r),
      () => now,
    );
    now = 1_000;
    fire('focus');
    expect(reports).toEqual([
      { online: true, recheck: true },
      { online: true, recheck: true },
    ]);
  });
});
