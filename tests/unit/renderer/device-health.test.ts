import { describe, expect, it } from 'vitest';
import {
  checkinState,
  deviceHealth,
  firstCheckinDue,
  isCheckingIn,
} from '../../../electron/shared/device-health';
import { clockTime, isCheckingIn as tableRule } from '../../../renderer/src/lib/words/format';

const INSTALLED = '2026-05-04T12:00:00Z';
const at = (iso: string) => Date.parse(iso);
const device = (last: string | null, interval: number | null = 60) => ({
  lastCheckinAt: last,
  updateIntervalS: interval,
});

describe('checkinState (Verify) follows the same rule as the tables', () => {
  it('waits until the first check-in after the install, whatever the clock says', () => {
    expect(checkinState(device(null), INSTALLED, at('2026-05-04T12:01:00Z'))).toBe('waiting');
    // A check-in from before the install proves nothing about this install.
    expect(checkinState(device('2026-05-04T11:59:00Z'), INSTALLED, at(INSTALLED))).toBe('waiting');
  });

  it('is online after a check-in, and silent once two intervals plus the grace have passed', () => {
    const d = device('2026-05-04T12:00:30Z', 60);
    expect(checkinState(d, INSTALLED, at('2026-05-04T12:03:30Z'))).toBe('online');
    // 2 × 60 s + 60 s grace = 3 min after the check-in: one second later it is silent.
    expect(checkinState(d, INSTALLED, at('2026-05-04T12:03:31Z'))).toBe('silent');
  });

  it('never disagrees with the table badge once the device has checked in', () => {
    const d = device('2026-05-04T12:00:30Z', 300);
    for (let minute = 1; minute < 30; minute++) {
      const now = at(INSTALLED) + minute * 60_000;
      expect(checkinState(d, INSTALLED, now) === 'online').toBe(isCheckingIn(d, now));
      expect(tableRule(d, now)).toBe(isCheckingIn(d, now));
    }
  });
});

describe('deviceHealth (tables, device screen): a device that has not checked in since its install is waiting, never silent', () => {
  const installed = (last: string | null, installedAt: string | null = INSTALLED) => ({
    ...device(last, 300),
    location: { id: 'l1', name: 'Store' },
    installedAt: installedAt,
  });
  const due = at(INSTALLED) + 300_000 + 60_000;

  it('waits for the first check-in, due one update interval plus the grace after the install', () => {
    expect(deviceHealth(installed(null), at(INSTALLED) + 1000)).toEqual({
      state: 'waiting',
      dueAt: due,
    });
    expect(firstCheckinDue(device(null, 300), INSTALLED)).toBe(due);
    // Hours later, still without a check-in: waiting (past its due time), not "silent".
    expect(deviceHealth(installed(null), at(INSTALLED) + 5 * 3_600_000)).toEqual({
      state: 'waiting',
      dueAt: due,
    });
    // A check-in from before this install (its last life) does not count.
    expect(deviceHealth(installed('2026-05-01T09:00:00Z'), at(INSTALLED) + 3_600_000)).toEqual({
      state: 'waiting',
      dueAt: due,
    });
  });

  it('follows the table rule once it has checked in since the install', () => {
    const d = installed('2026-05-04T12:01:00Z');
    expect(deviceHealth(d, at('2026-05-04T12:05:00Z'))).toEqual({ state: 'online' });
    // 2 × 300 s + 60 s after the check-in, and one second more.
    expect(deviceHealth(d, at('2026-05-04T12:12:01Z'))).toEqual({ state: 'silent' });
  });

  it('has nothing to say of a device that is not installed; without an install time it waits until a first check-in', () => {
    expect(deviceHealth({ ...installed(null), location: null }, at(INSTALLED))).toBeNull();
    // An install still in the queue (the server has not set its time yet).
    expect(deviceHealth(installed(null, null), at(INSTALLED))).toEqual({
      state: 'waiting',
      dueAt: null,
    });
    // A server that never sends an install time: the rule on the last check-in.
    expect(deviceHealth(installed('2026-05-04T11:58:00Z', null), at(INSTALLED))).toEqual({
      state: 'online',
    });
  });

  it('says when the first check-in is due on the clock, with the date when it is another day', () => {
    const now = Date.parse('2026-05-04T14:00:00Z');
    expect(clockTime(Date.parse('2026-05-04T14:32:00Z'), now, 'en-GB', 'UTC')).toBe('14:32');
    expect(clockTime(Date.parse('2026-05-04T14:32:00Z'), now, 'en-US', 'UTC')).toBe('2:32 PM');
    expect(clockTime(Date.parse('2026-05-05T08:00:00Z'), now, 'en-GB', 'UTC')).toBe(
      '5 May 2026, 08:00 UTC',
    );
  });
});
