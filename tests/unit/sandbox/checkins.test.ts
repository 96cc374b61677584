import { describe, expect, test } from 'vitest';
import { seedSnapshot } from '../../../electron/sandbox/seed-data';
import { SandboxState } from '../../../electron/sandbox/state';

const setup = () => {
  let clock = Date.parse('2026-05-01T12:00:00Z');
  let changes = 0;
  const state = new SandboxState(seedSnapshot(1, 30, clock), {
    now: () => clock,
    firstCheckinDelayS: 10,
    onChange: () => changes++,
  });
  const device = state.devicesByOrg
    .values()
    .next()
    .value?.find((d) => d.locationId === null && d.frozenCheckinMs === null);
  const loc = state.locationsByOrg.values().next().value?.[0];
  if (!device || !loc) throw new Error('seed has no fresh device');
  return {
    state,
    device,
    loc,
    tick: (ms: number) => (clock += ms),
    now: () => clock,
    changes: () => changes,
  };
};

describe('sandbox check-ins (computed lazily from the clock)', () => {
  test('a factory-new device has none until firstCheckinDelayS after install, then one per interval', () => {
    const { state, device, loc, tick, now } = setup();
    device.intervalS = 300;
    state.install(device, loc);
    const t0 = now();
    expect(state.lastCheckin(device)).toBeNull();
    tick(9_999);
    expect(state.lastCheckin(device)).toBeNull();
    tick(1);
    expect(state.lastCheckin(device)).toBe(t0 + 10_000);
    tick(299_999);
    expect(state.lastCheckin(device)).toBe(t0 + 10_000);
    tick(1);
    expect(state.lastCheckin(device)).toBe(t0 + 310_000);
  });

  test('a new interval takes effect at the next check-in on the old schedule', () => {
    const { state, device, loc, tick, now } = setup();
    device.intervalS = 300;
    state.install(device, loc);
    const t0 = now();
    tick(10_000 + 400_000); // check-ins at t0+10s, t0+310s; now t0+410s
    state.update(device, { intervalS: 60 });
    expect(state.lastCheckin(device)).toBe(t0 + 310_000);
    tick(199_999);
    expect(state.lastCheckin(device)).toBe(t0 + 310_000);
    tick(1);
    expect(state.lastCheckin(device)).toBe(t0 + 610_000);
    tick(60_000);
    expect(state.lastCheckin(device)).toBe(t0 + 670_000);
  });

  test('uninstall freezes the last check-in; silence stops it; un-silencing checks in at once', () => {
    const { state, device, loc, tick, now } = setup();
    device.intervalS = 60;
    state.install(device, loc);
    tick(70_000);
    const last = state.lastCheckin(device);
    state.setSilent(device, true);
    tick(3_600_000);
    expect(state.lastCheckin(device)).toBe(last);
    state.setSilent(device, false);
    expect(state.lastCheckin(device)).toBe(now());
    state.uninstall(device);
    const frozen = state.lastCheckin(device);
    tick(3_600_000);
    expect(state.lastCheckin(device)).toBe(frozen);
    expect(state.deviceCount(loc.id)).toBe(0);
  });

  test('every mutation notifies (persistence relies on it)', () => {
    const { state, device, loc, changes } = setup();
    state.install(device, loc);
    state.update(device, { name: 'x' });
    state.walkThrough(device, 2);
    state.checkIn(device);
    state.setSilent(device, true);
    state.uninstall(device);
    const created = state.createLocation(loc.orgId, {
      name: 'n',
      address: loc.address,
      timezone: 'UTC',
    });
    state.deleteLocation(created);
    expect(changes()).toBe(8);
  });
});
