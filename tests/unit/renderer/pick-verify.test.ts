/**
 * The pick list's way through Verify: the devices installed at the store from the list (or
 * found installed there), and those this visit has not verified yet, in the list's order.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxItem, PickLine } from '../../../electron/shared';
import { installedHere, toVerify } from '../../../renderer/src/lib/visit/pick-verify';
import { activityEntry } from '../../helpers/activity-entry';

const line = (serial: string, how: 'done' | 'queued' | 'ready' | 'here' | 'failed'): PickLine => ({
  id: `l-${serial}`,
  serial,
  label: null,
  deviceType: null,
  problem: how === 'here' ? { kind: 'installed_here' } : null,
  ready: how === 'ready',
  checked: true,
  install:
    how === 'done' || how === 'queued' || how === 'failed'
      ? {
          intentId: `i-${serial}`,
          locationId: 'loc-1',
          item: how === 'queued' ? ({ id: `i-${serial}` } as unknown as OutboxItem) : null,
          entry:
            how === 'queued' ? null : activityEntry({ serial, result: how, action: 'install' }),
        }
      : null,
});

describe('pick list → Verify', () => {
  it('goes through the installed devices not verified yet, in the list’s order', () => {
    const lines = [
      line('FTC-1', 'done'),
      line('FTC-2', 'queued'),
      line('FTC-3', 'here'),
      line('FTC-4', 'done'),
      line('FTC-5', 'ready'),
      line('FTC-6', 'failed'),
    ];
    expect(lines.map((l) => installedHere(l, 'loc-1'))).toEqual([
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    const verified = activityEntry({ serial: 'FTC-1', action: 'verify', result: 'verified' });
    expect(toVerify(lines, [verified], 'loc-1')).toEqual(['FTC-3', 'FTC-4']);
    // Recorded "not verified" is a verification too: "Verify next" moves on; it stays listed
    // under "Needs follow-up".
    const notVerified = activityEntry({
      serial: 'FTC-3',
      action: 'verify',
      result: 'not_verified',
    });
    expect(toVerify(lines, [verified, notVerified], 'loc-1')).toEqual(['FTC-4']);
    expect(toVerify(lines, [], 'loc-2')).toEqual(['FTC-3']);
  });
});
