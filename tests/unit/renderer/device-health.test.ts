import { describe, expect, it } from 'vitest';
import { checkinState, isCheckingIn } from '../../../renderer/src/lib/device-health';
import { isCheckingIn as tableRule } from '../../../renderer/src/lib/format';

const INSTALLED = '2026-05-04T12:00:00Z';
const at = (iso: string) => Date.parse(iso);
const device = (last: string | null, interval: number | null = 60) => ({
  last_checkin_at: last,
  update_interval_s: interval,
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
