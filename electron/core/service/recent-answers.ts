/**
 * The server's last answer about each device this process read, kept in memory so that the
 * technician's action on a device just scanned is sent at once, without asking the server the
 * same question again (decision record 66: the read before each send was one request in nine of a
 * technician's hour, and one round trip more on a slow link before "Installed").
 *
 * An answer stands in for that read only while it is as fresh as what the screen may show
 * (WORKING_SET_FRESH_MS), only while the cached row still holds it — anything that wrote the
 * device since (a list refresh, a send's answer) gave the row a newer fetch time; the
 * technician's own pending change keeps it (local-changes.ts) — and only when it was asked
 * after this app last sent a change to the device (an answer overtaken by our own write is
 * not the state). The replay takes it only for a first try (replay.ts): a try after one that
 * may have reached the server always reads, as that read is what settles it.
 */
import type { Device } from '../api/records';
import type { SignedInScope } from './context';

interface Answer {
  device: Device;
  /** The fetch time the cached row was written with when this answer came. */
  fetchedAt: string;
  /** When the question was sent (Date.now). */
  askedAt: number;
}

interface Kept {
  answers: Map<string, Answer>;
  /** When this app last sent a change to each device (Date.now). */
  changed: Map<string, number>;
}

/** A technician acts on what they just scanned: the last few hundred answers are plenty. */
const KEPT = 256;

const kept = new WeakMap<SignedInScope, Kept>();
const keptOf = (scope: SignedInScope): Kept => {
  let found = kept.get(scope);
  if (!found) {
    found = { answers: new Map(), changed: new Map() };
    kept.set(scope, found);
  }
  return found;
};

/** Inserts as the newest entry, dropping the oldest beyond KEPT. */
function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEPT) map.delete(map.keys().next().value!);
}

/** Keeps the server's answer about a device (asked at `askedAt`), stored at `fetchedAt`. */
export function rememberAnswer(
  scope: SignedInScope,
  device: Device,
  fetchedAt: string,
  askedAt: number,
): void {
  keep(keptOf(scope).answers, device.serial_number, { device, fetchedAt, askedAt });
}

/** A change to the device is being sent: no answer asked before now stands for its state. */
export function changeSent(scope: SignedInScope, serial: string): void {
  keep(keptOf(scope).changed, serial, Date.now());
}

/**
 * The server's answer about `serial` when it is younger than `maxAgeMs`, nothing has written
 * the device's cached row since and no change was sent after it was asked; else null.
 */
export function recentAnswer(
  scope: SignedInScope,
  serial: string,
  maxAgeMs: number,
): Device | null {
  const { answers, changed } = keptOf(scope);
  const answer = answers.get(serial);
  if (!answer) return null;
  const age = Date.now() - Date.parse(answer.fetchedAt);
  if (!(age >= 0 && age < maxAgeMs)) return null;
  if (answer.askedAt <= (changed.get(serial) ?? Number.NEGATIVE_INFINITY)) return null;
  let row: { fetchedAt: string } | null;
  try {
    row = scope.store.cache.devices.get(serial);
  } catch {
    // A cache that cannot be read cannot vouch for the answer: read the server.
    return null;
  }
  return row?.fetchedAt === answer.fetchedAt ? answer.device : null;
}
