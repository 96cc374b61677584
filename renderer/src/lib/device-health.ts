/**
 * The one rule for "is this device checking in", used by every table, the device facts and the
 * Verify screen, so no two screens can disagree about the same device (unit-tested in
 * tests/unit/renderer/device-health.test.ts).
 */
import type { Device } from '../../../electron/contract';

/** Assumed default when a device does not say how often it checks in. */
export const DEFAULT_INTERVAL_S = 300;

/** A check-in may be a minute late (clock skew, a slow upload) on top of one missed interval. */
export const CHECKIN_GRACE_MS = 60_000;

type CheckinFields = Pick<Device, 'last_checkin_at' | 'update_interval_s'>;

/** Healthy = checked in within two update intervals plus the grace (one miss is tolerated). */
export const isCheckingIn = (device: CheckinFields, now: number = Date.now()): boolean => {
  if (!device.last_checkin_at) return false;
  const at = Date.parse(device.last_checkin_at);
  if (Number.isNaN(at)) return false;
  const interval = (device.update_interval_s ?? DEFAULT_INTERVAL_S) * 1000;
  return now - at <= 2 * interval + CHECKIN_GRACE_MS;
};

/** Checked in after the install time (a check-in from before the install proves nothing). */
export const checkedInSince = (
  lastCheckinAt: string | null | undefined,
  installedAt: string,
): boolean => {
  if (!lastCheckinAt) return false;
  const at = Date.parse(lastCheckinAt);
  const since = Date.parse(installedAt);
  return !Number.isNaN(at) && !Number.isNaN(since) && at >= since;
};

/**
 * What Verify shows: "waiting" until the first check-in after the install; then the same
 * healthy/silent rule as the tables ("online" or "silent").
 */
export type CheckinState = 'waiting' | 'online' | 'silent';

export const checkinState = (
  device: CheckinFields,
  installedAt: string,
  now: number = Date.now(),
): CheckinState => {
  if (!checkedInSince(device.last_checkin_at, installedAt)) return 'waiting';
  return isCheckingIn(device, now) ? 'online' : 'silent';
};
