/**
 * The server's last answer about each device this process read, kept in memory so that the
 * technician's action on a device just scanned is sent at once, without asking the server the
 * same question again (issue 26: the read before each send was one request in nine of a
 * technician's hour, and one round trip more on a slow link before "Installed").
 *
 * An answer stands in for that read only while it is as fresh as what the screen may show
 * (WORKING_SET_FRESH_MS), and only while the cached row still holds it: anything that wrote the
 * device since — a list refresh, another window's action, a send — gave the row a newer fetch
 * time, and then the replay reads again. The technician's own pending change does not count:
 * it keeps the row's fetch time (local-changes.ts). The replay takes it only for a first try
 * (replay.ts): a try after one that may have reached the server always reads, as that read is
 * what settles it.
 */
import type { Device } from '../api/wire';
import type { SignedInScope } from './context';

interface Answer {
  device: Device;
  /** The fetch time the cached row was written with when this answer came. */
  fetchedAt: string;
}

const answers = new WeakMap<SignedInScope, Map<string, Answer>>();

/** Keeps the server's answer about a device, stored in the cache at `fetchedAt`. */
export function rememberAnswer(scope: SignedInScope, device: Device, fetchedAt: string): void {
  let kept = answers.get(scope);
  if (!kept) {
    kept = new Map();
    answers.set(scope, kept);
  }
  kept.set(device.serial_number, { device, fetchedAt });
}

/**
 * The server's answer about `serial` when it is younger than `maxAgeMs` and nothing has written
 * the device's cached row since; else null (read it again).
 */
export function recentAnswer(
  scope: SignedInScope,
  serial: string,
  maxAgeMs: number,
): Device | null {
  const kept = answers.get(scope)?.get(serial);
  if (!kept) return null;
  const age = Date.now() - Date.parse(kept.fetchedAt);
  if (!(age >= 0 && age < maxAgeMs)) return null;
  let row: { fetchedAt: string } | null;
  try {
    row = scope.store.cache.devices.get(serial);
  } catch {
    // A cache that cannot be read cannot vouch for the answer: read the server.
    return null;
  }
  return row?.fetchedAt === kept.fetchedAt ? kept.device : null;
}
