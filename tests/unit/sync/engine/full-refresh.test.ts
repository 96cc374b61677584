/**
 * When a run refreshes the full lists (engine/full-refresh.ts, decision record 32): asked,
 * due by their age, owed after a long time offline (not after a blip), and held while the
 * link says so, the hold kept to be said until a refresh runs.
 */
import { describe, expect, it } from 'vitest';
import type { SyncHold } from '../../../../electron/shared';
import { FullRefresh } from '../../../../electron/core/sync/engine/full-refresh';

const HOUR = 3_600_000;

function policy(lastFullAt: number | null) {
  let now = 100 * HOUR;
  let hold: SyncHold | null = null;
  const refresh = new FullRefresh({
    now: () => now,
    fullRefreshMs: () => 12 * HOUR,
    lastFullAt: () => lastFullAt,
    holdFull: () => hold,
    offlineFullAfterMs: 5 * 60_000,
  });
  return {
    refresh,
    later: (ms: number) => (now += ms),
    now: () => now,
    setHold: (h: SyncHold | null) => (hold = h),
  };
}

describe('full refresh', () => {
  it('is due at once when the lists never came, and 12 hours after they last did', () => {
    expect(policy(null).refresh.wanted('scheduled')).toBe(true);
    const p = policy(100 * HOUR - 11 * HOUR);
    expect(p.refresh.dueAt()).toBe(p.now() + HOUR);
    expect(p.refresh.wanted('scheduled')).toBe(false);
    p.later(HOUR);
    expect(p.refresh.wanted('scheduled')).toBe(true);
  });

  it('is always wanted when asked, whatever its age or the link', () => {
    const p = policy(100 * HOUR);
    p.setHold('save_data');
    expect(p.refresh.wanted('asked')).toBe(true);
    expect(p.refresh.held).toBeNull();
  });

  it('is owed after a long time offline, not after a blip, until refreshed', () => {
    const p = policy(100 * HOUR);
    p.refresh.reconnected(30_000);
    expect(p.refresh.wanted('scheduled')).toBe(false);
    p.refresh.reconnected(20 * 60_000);
    expect(p.refresh.wanted('scheduled')).toBe(true);
    p.refresh.refreshed();
    expect(p.refresh.wanted('scheduled')).toBe(false);
  });

  it('waits while the link holds a due refresh, and keeps saying why until one runs', () => {
    const p = policy(null);
    p.setHold('slow_link');
    expect(p.refresh.wanted('scheduled')).toBe(false);
    expect(p.refresh.held).toBe('slow_link');
    p.setHold(null);
    expect(p.refresh.wanted('scheduled')).toBe(true);
    expect(p.refresh.held).toBeNull();
  });
});
