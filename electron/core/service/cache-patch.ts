/**
 * After an install, uninstall or move succeeds, the cached lists that mention the device are
 * patched so the offline view is right at once (a background refresh follows when online).
 */
import { z } from 'zod';
import type { LocationRef } from '../../contract';
import type { Device } from '../api/wire';
import { Location } from '../api/wire';
import { CachedDeviceList } from './cached-device-list';
import type { SignedInScope } from './context';

const Locations = z.array(Location);

export async function applyDeviceChange(
  scope: SignedInScope,
  before: LocationRef | null,
  device: Device,
): Promise<void> {
  const { cache } = scope;
  const after = device.location ?? null;
  const serial = device.serial_number;
  await cache.set(`device:${serial}`, device);

  const withoutIt = (list: Device[]) => list.filter((d) => d.serial_number !== serial);
  await patchList(scope, 'inventory', (list) =>
    after ? withoutIt(list) : [device, ...withoutIt(list)],
  );
  await patchList(scope, 'devices', (list) =>
    list.map((d) => (d.serial_number === serial ? device : d)),
  );
  if (after)
    await patchList(scope, `location-devices:${after.id}`, (list) => [...withoutIt(list), device]);
  if (before && before.id !== after?.id) {
    await patchList(scope, `location-devices:${before.id}`, withoutIt);
  }

  if (before?.id !== after?.id) {
    const cached = await cache.get('locations', Locations);
    if (cached) {
      const counted = cached.value.map((l) => {
        const delta = (l.id === after?.id ? 1 : 0) - (l.id === before?.id ? 1 : 0);
        return delta && l.device_count !== undefined
          ? { ...l, device_count: Math.max(0, l.device_count + delta) }
          : l;
      });
      await cache.set('locations', counted, cached.fetchedAt);
    }
  }
}

/** Rewrites a cached list keeping its fetch time: the list is patched, not re-fetched. */
async function patchList(scope: SignedInScope, key: string, change: (list: Device[]) => Device[]) {
  const cached = await scope.cache.get(key, CachedDeviceList);
  if (cached) await scope.cache.set(key, change(cached.value), cached.fetchedAt);
}
