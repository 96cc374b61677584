/**
 * Reads: answered from the offline cache at once when there is one (with its age), refreshed
 * in the background when online (stale-while-revalidate); a `data-updated` event tells the
 * renderer to read again once fresher data is stored.
 */
import { z } from 'zod';
import type { Cached } from '../../contract';
import { CachedDeviceList } from './cached-device-list';
import { AppError, isConnectivityError } from '../app-error';
import { Device, Location, Organization } from '../api/wire';
import { jsonTextEntry, parsedEntry, readThrough, type EntryAccess } from '../store/cache';
import { requireScope, type ServiceContext, type SignedInScope } from './context';

export async function cachedRead<T>(
  ctx: ServiceContext,
  scope: SignedInScope,
  key: string,
  entry: EntryAccess<T> | z.ZodType<T>,
  fetchFresh: () => Promise<T>,
): Promise<Cached<T>> {
  return readThrough({
    scope: scope.cache,
    key,
    entry: entry instanceof z.ZodType ? parsedEntry(entry) : entry,
    online: ctx.isOnline(),
    fetch: () => tracked(ctx, fetchFresh),
    onRefreshed: () => ctx.emit({ type: 'data-updated', resource: key }),
    onRefreshError: (error: unknown) => {
      if (!isConnectivityError(error))
        ctx.options.log.warn('background refresh failed', { key, kind: kindOf(error) });
    },
  });
}

/** Runs one API call and keeps the connectivity state honest. */
export async function tracked<T>(ctx: ServiceContext, call: () => Promise<T>): Promise<T> {
  try {
    const value = await call();
    ctx.reportOnline();
    return value;
  } catch (error) {
    if (isConnectivityError(error)) ctx.reportOffline();
    throw error;
  }
}

const kindOf = (error: unknown) => (error instanceof AppError ? error.kind : 'internal');

export const listOrganizations = (ctx: ServiceContext) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, 'organizations', z.array(Organization), async () => {
    return (await scope.api.listOrganizations()).organizations;
  });
};

export const getOrganization = (ctx: ServiceContext, organizationId: string) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, `organization:${organizationId}`, Organization, () =>
    scope.api.getOrganization(organizationId),
  );
};

export const listLocations = (ctx: ServiceContext) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, 'locations', z.array(Location), () => scope.api.listLocations());
};

export const getLocation = (ctx: ServiceContext, locationId: string) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, `location:${locationId}`, Location, () =>
    scope.api.getLocation(locationId),
  );
};

// Device lists go to the renderer as the JSON text the client built or the cache stored:
// parsing 100,000 devices only to serialise them again was most of an offline start
// (../json-text.ts). The core parses them only to find one device offline (getDevice) and
// to patch them after an action (cache-patch.ts).

export const listLocationDevices = (ctx: ServiceContext, locationId: string) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, `location-devices:${locationId}`, jsonTextEntry<Device[]>(), () =>
    scope.api.listLocationDevices(locationId),
  );
};

export const listDevices = (ctx: ServiceContext) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, 'devices', jsonTextEntry<Device[]>(), () =>
    scope.api.listDevices(),
  );
};

export const listInventory = (ctx: ServiceContext) => {
  const scope = requireScope(ctx);
  return cachedRead(ctx, scope, 'inventory', jsonTextEntry<Device[]>(), () =>
    scope.api.listUninstalledDevices(),
  );
};

/**
 * One device. Offline and never looked up before, a scanned serial is still checked against
 * the cached inventory and device lists, so the technician learns whether it exists.
 */
export async function getDevice(
  ctx: ServiceContext,
  serial: string,
  fresh = false,
): Promise<Cached<Device>> {
  const scope = requireScope(ctx);
  try {
    if (fresh && ctx.isOnline()) return await freshDevice(ctx, scope, serial);
    return await cachedRead(ctx, scope, `device:${serial}`, Device, () =>
      scope.api.getDevice(serial),
    );
  } catch (error) {
    if (!isConnectivityError(error)) throw error;
    for (const list of ['inventory', 'devices']) {
      const cached = await scope.cache.get(list, CachedDeviceList);
      const device = cached?.value.find((d) => d.serial_number === serial);
      if (cached && device)
        return { value: device, fetchedAt: cached.fetchedAt, source: 'cache', refreshing: false };
    }
    throw new AppError({
      kind: error.kind,
      message: `You are offline and ${serial} is not in the inventory saved on this computer.`,
      nextStep: 'Check the serial, or connect to the internet and look it up again.',
    });
  }
}

/** Straight from the server (and into the cache); offline it falls back to the cache path. */
async function freshDevice(
  ctx: ServiceContext,
  scope: SignedInScope,
  serial: string,
): Promise<Cached<Device>> {
  try {
    const device = await tracked(ctx, () => scope.api.getDevice(serial));
    const fetchedAt = new Date().toISOString();
    await scope.cache.set(`device:${serial}`, device, fetchedAt);
    return { value: device, fetchedAt, source: 'network', refreshing: false };
  } catch (error) {
    if (!isConnectivityError(error)) throw error;
    return cachedRead(ctx, scope, `device:${serial}`, Device, () => scope.api.getDevice(serial));
  }
}
