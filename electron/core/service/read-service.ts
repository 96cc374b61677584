/**
 * Reads: every one answered from the local database at once, online or offline, with the time
 * the data was fetched. When online, a small read that may be stale (one store, its devices,
 * one device) is refreshed in the background and a `data-updated` event tells the renderer to
 * read again; the big lists are the sync engine's job.
 */
import type { Cached, DeviceFacets, DeviceWindow, ParsedInput } from '../../contract';
import type { Device, Location, Organization } from '../api/wire';
import { AppError } from '../app-error';
import { traitsOf } from '../../error-traits';
import { isLocalLocationId } from '../../local-ids';
import { guarded } from '../db/storage-error';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { reapplyPending } from './local-changes';
import { readEitherCase } from './serial-spelling';
import { walkAll } from '../api/list-walk';

/** One store's devices fit in a few pages; a server that never ends is refused. */
const MAX_STORE_PAGES = 100;

/** Background refreshes of one key at most this often. */
const REFRESH_GAP_MS = 15_000;
const lastRefresh = new WeakMap<SignedInScope, Map<string, number>>();

function refreshInBackground(
  ctx: ServiceContext,
  scope: SignedInScope,
  key: string,
  run: () => Promise<void>,
): boolean {
  if (!ctx.isOnline()) return false;
  const times = lastRefresh.get(scope) ?? new Map<string, number>();
  lastRefresh.set(scope, times);
  if (Date.now() - (times.get(key) ?? 0) < REFRESH_GAP_MS) return false;
  times.set(key, Date.now());
  void tracked(ctx, run).then(
    () => {
      if (ctx.current() === scope) ctx.emit({ type: 'data-updated', resource: key });
    },
    (error: unknown) => {
      if (!(error instanceof AppError && traitsOf(error.kind).connectivity))
        ctx.options.log.warn('background refresh failed', {
          key,
          ...(error instanceof AppError
            ? { kind: error.kind, code: error.code, params: error.params }
            : { kind: 'internal' }),
        });
    },
  );
  return true;
}

const cached = <T>(value: T, fetchedAt: string | null, refreshing = false): Cached<T> => ({
  value,
  fetchedAt,
  source: 'cache',
  refreshing,
});

export function listOrganizations(ctx: ServiceContext): Cached<Organization[]> {
  const scope = requireScope(ctx);
  const { organizations, fetchedAt } = scope.store.cache.organizations.list();
  return cached(organizations.length > 0 ? organizations : scope.record.organizations, fetchedAt);
}

export async function getOrganization(
  ctx: ServiceContext,
  organizationId: string,
): Promise<Cached<Organization>> {
  const scope = requireScope(ctx);
  const known = listOrganizations(ctx).value.find((o) => o.id === organizationId);
  if (known) return cached(known, null);
  const organization = await tracked(ctx, () => scope.api.getOrganization(organizationId));
  return {
    value: organization,
    fetchedAt: new Date().toISOString(),
    source: 'network',
    refreshing: false,
  };
}

export function listLocations(ctx: ServiceContext): Cached<Location[]> {
  const scope = requireScope(ctx);
  const { cache } = scope.store;
  return cached(cache.locations.list(), cache.checkpoints.completedAt('locations'));
}

export async function getLocation(
  ctx: ServiceContext,
  locationId: string,
): Promise<Cached<Location>> {
  const scope = requireScope(ctx);
  const cache = () => scope.store.cache;
  const store = (location: Location) =>
    guarded(() => cache().locations.put(location, new Date().toISOString()));
  const found = cache().locations.get(locationId);
  if (found) {
    const refreshing =
      !isLocalLocationId(locationId) &&
      refreshInBackground(ctx, scope, `location:${locationId}`, async () =>
        store(await scope.api.getLocation(locationId)),
      );
    return cached(found.location, found.fetchedAt, refreshing);
  }
  const location = await tracked(ctx, () => scope.api.getLocation(locationId));
  store(location);
  return {
    value: location,
    fetchedAt: new Date().toISOString(),
    source: 'network',
    refreshing: false,
  };
}

export function listLocationDevices(ctx: ServiceContext, locationId: string): Cached<Device[]> {
  const scope = requireScope(ctx);
  const cache = scope.store.cache;
  const refreshing =
    !isLocalLocationId(locationId) &&
    refreshInBackground(ctx, scope, `location-devices:${locationId}`, () =>
      refreshLocationDevices(scope, locationId),
    );
  const fetchedAt =
    cache.locations.get(locationId)?.fetchedAt ?? cache.checkpoints.completedAt('devices');
  return cached(cache.devices.atLocation(locationId), fetchedAt, refreshing);
}

/** One store's devices straight from the server (a short list), into the cached rows. */
export async function refreshLocationDevices(
  scope: SignedInScope,
  locationId: string,
): Promise<void> {
  const { items: devices } = await walkAll(
    (request) => scope.api.devicePage({ kind: 'location-devices', locationId }, request),
    MAX_STORE_PAGES,
  );
  const cache = scope.store.cache;
  const now = new Date().toISOString();
  const listed = new Set(devices.map((d) => d.serial_number));
  guarded(() =>
    cache.db.transaction(() => {
      // Devices the cache had here and the server no longer lists: their state is unknown
      // until the next full download, so they are read one by one later; here they leave.
      const gone = cache.devices
        .atLocation(locationId)
        .filter((stale) => !listed.has(stale.serial_number))
        .map((stale) => ({ ...stale, location: null }));
      cache.devices.putAll([...devices, ...gone], now);
      reapplyPending(cache, scope.store.work.intents.list(), new Set([...listed]));
    })(),
  );
  cache.queries.invalidate();
}

export function queryDevices(
  ctx: ServiceContext,
  query: ParsedInput<'queryDevices'>,
): DeviceWindow {
  const scope = requireScope(ctx);
  const cache = scope.store.cache;
  return guarded(() => cache.queries.window(query, cache.checkpoints.completedAt('devices')));
}

/** "Did you mean …" offers at most this many serials. */
const NEAR_SHOWN = 5;

/** Cached serials close to one the server (or the cache, offline) does not know. */
export function nearSerials(ctx: ServiceContext, typed: string): string[] {
  const scope = requireScope(ctx);
  return guarded(() => scope.store.cache.serials.near(typed, NEAR_SHOWN));
}

/** Type and firmware choices (of every device: see device-query.ts). */
export function deviceFacets(ctx: ServiceContext): DeviceFacets {
  const scope = requireScope(ctx);
  return guarded(() => scope.store.cache.queries.facets());
}

/**
 * One device: from the database, refreshed in the background; `fresh` (Verify polling
 * check-ins) asks the server now. A serial the database has never seen is looked up online,
 * as typed and then in its other case (serial-spelling.ts); offline that is a clear error.
 * `serial` is the server's spelling when the device is cached (handlers.ts resolves it).
 */
export async function getDevice(
  ctx: ServiceContext,
  serial: string,
  fresh = false,
): Promise<Cached<Device>> {
  const scope = requireScope(ctx);
  const cache = () => scope.store.cache;
  const store = (device: Device) =>
    guarded(() =>
      cache().db.transaction(() => {
        cache().devices.put(device, new Date().toISOString());
        reapplyPending(cache(), scope.store.work.intents.list(), new Set([device.serial_number]));
      })(),
    );
  const local = cache().devices.get(serial);
  if (local && !(fresh && ctx.isOnline())) {
    const refreshing = refreshInBackground(ctx, scope, `device:${serial}`, async () =>
      store(await scope.api.getDevice(serial)),
    );
    return cached(local.device, local.fetchedAt, refreshing);
  }
  try {
    const device = await tracked(ctx, () => readEitherCase(serial, (s) => scope.api.getDevice(s)));
    store(device);
    cache().queries.invalidate();
    const shown = cache().devices.get(device.serial_number)?.device ?? device;
    return {
      value: shown,
      fetchedAt: new Date().toISOString(),
      source: 'network',
      refreshing: false,
    };
  } catch (error) {
    if (!(error instanceof AppError && traitsOf(error.kind).connectivity)) throw error;
    if (local) return cached(local.device, local.fetchedAt);
    throw new AppError({
      kind: error.kind,
      code: 'offline_unknown_device',
      params: { serial },
    });
  }
}
