/**
 * Devices and locations for reliability tests, handed out once each so every test works on
 * devices no other test touched (a test's effects and request counts are then its own).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { OutboxItem } from '../../electron/shared';
import type { World } from './reliability-world';

interface WireDevice {
  serial_number: string;
  location: { id: string; name: string } | null;
}

export interface Pools {
  locations: string[];
  uninstalled(): string;
  installed(): { serial: string; locationId: string };
  /** A location other than `id`. */
  otherThan(id: string): string;
  anySerial(): string;
}

export async function loadPools(world: World): Promise<Pools> {
  const devices = (await world.api<{ data: WireDevice[] }>('/devices?per_page=500')).data;
  const locations = (
    await world.api<{ data: { id: string }[] }>('/locations?per_page=500')
  ).data.map((l) => l.id);
  const free = devices.filter((d) => d.location === null).map((d) => d.serial_number);
  const placed = devices.flatMap((d) =>
    d.location ? [{ serial: d.serial_number, locationId: d.location.id }] : [],
  );
  const take = <T>(list: T[], what: string): T => {
    const next = list.shift();
    if (next === undefined) throw new Error(`the sandbox ran out of ${what} devices for the test`);
    return next;
  };
  return {
    locations,
    uninstalled: () => take(free, 'uninstalled'),
    installed: () => take(placed, 'installed'),
    otherThan: (id) => {
      const other = locations.find((l) => l !== id);
      if (!other) throw new Error('the sandbox needs at least two locations');
      return other;
    },
    anySerial: () => devices[0]?.serial_number ?? '',
  };
}

/**
 * Presses "Sync now" until the outbox is empty, as a technician would (bounded). A failed or
 * conflicting item is not something a retry fixes here, so it ends the wait with an error.
 */
export async function syncUntilEmpty(world: World, rounds = 20): Promise<OutboxItem[]> {
  for (let round = 0; round < rounds; round++) {
    await world.invoke('syncNow');
    const outbox = await world.harness.call('listOutbox');
    if (outbox.length === 0) return outbox;
    const stuck = outbox.filter((i) => i.state === 'failed' || i.state === 'conflict');
    if (stuck.length > 0) throw new Error(`outbox items stuck: ${JSON.stringify(stuck)}`);
    await sleep(100);
  }
  const left = await world.harness.call('listOutbox');
  throw new Error(`the outbox did not empty after ${rounds} syncs: ${JSON.stringify(left)}`);
}

/** Polls until `done()` or the deadline; returns whether it became true. */
export async function eventually(
  done: () => boolean | Promise<boolean>,
  timeoutMs = 8_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(50);
  }
  return done();
}
