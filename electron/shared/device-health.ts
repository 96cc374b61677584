/**
 * The one rule for "is this device checking in", used by every table, the device facts and the
 * Verify screen, so no two screens can disagree about the same device (unit-tested in
 * tests/unit/renderer/device-health.test.ts). Shared: the core records a verification by it too.
 */
import type { DeviceView } from './contract/views';

/** Assumed default when a device does not say how often it checks in. */
export const DEFAULT_INTERVAL_S = 300;

/** A check-in may be a minute late (clock skew, a slow upload) on top of one missed interval. */
const CHECKIN_GRACE_MS = 60_000;

type CheckinFields = Pick<DeviceView, 'lastCheckinAt' | 'updateIntervalS'>;

const intervalMs = (device: CheckinFields): number =>
  (device.updateIntervalS ?? DEFAULT_INTERVAL_S) * 1000;

/** Healthy = checked in within two update intervals plus the grace (one miss is tolerated). */
export const isCheckingIn = (device: CheckinFields, now: number = Date.now()): boolean => {
  if (!device.lastCheckinAt) return false;
  const at = Date.parse(device.lastCheckinAt);
  if (Number.isNaN(at)) return false;
  return now - at <= 2 * intervalMs(device) + CHECKIN_GRACE_MS;
};

/** Checked in after the install time (a check-in from before the install proves nothing). */
const checkedInSince = (lastCheckinAt: string | null | undefined, installedAt: string): boolean => {
  if (!lastCheckinAt) return false;
  const at = Date.parse(lastCheckinAt);
  const since = Date.parse(installedAt);
  return !Number.isNaN(at) && !Number.isNaN(since) && at >= since;
};

/** When the first check-in after an install is due: one update interval plus the grace. */
export const firstCheckinDue = (device: CheckinFields, installedAt: string): number | null => {
  const since = Date.parse(installedAt);
  return Number.isNaN(since) ? null : since + intervalMs(device) + CHECKIN_GRACE_MS;
};

/**
 * What a device's badge says. "waiting": no check-in since the install, with when the first one
 * is due (null when the install time is not known, e.g. while the install is still queued). A
 * device that has not checked in since its install is waiting, never "silent": silence is a
 * device that checked in and then stopped.
 */
export type Health =
  { state: 'waiting'; dueAt: number | null } | { state: 'online' } | { state: 'silent' };

/** The health of the install made at `installedAt` (Verify knows it from its route). */
export const healthSince = (
  device: CheckinFields,
  installedAt: string,
  now: number = Date.now(),
): Health =>
  checkedInSince(device.lastCheckinAt, installedAt)
    ? { state: isCheckingIn(device, now) ? 'online' : 'silent' }
    : { state: 'waiting', dueAt: firstCheckinDue(device, installedAt) };

/**
 * The health of a device as the tables and the device screen have it: null when it is not
 * installed. Without an install time (a server that does not send one, or an install not sent
 * yet) a device that never checked in is waiting, and one that did follows the rule.
 */
export const deviceHealth = (
  device: CheckinFields & Pick<DeviceView, 'location' | 'installedAt'>,
  now: number = Date.now(),
): Health | null => {
  if (!device.location) return null;
  if (device.installedAt) return healthSince(device, device.installedAt, now);
  if (!device.lastCheckinAt) return { state: 'waiting', dueAt: null };
  return { state: isCheckingIn(device, now) ? 'online' : 'silent' };
};

/** What Verify shows: "waiting" until the first check-in after the install, then the rule. */
export type CheckinState = Health['state'];

export const checkinState = (
  device: CheckinFields,
  installedAt: string,
  now: number = Date.now(),
): CheckinState => healthSince(device, installedAt, now).state;
