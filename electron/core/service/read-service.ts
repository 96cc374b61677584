/**
 * Reads: every one answered from the local database at once, online or offline, with the time
 * the data was fetched. When online, a small read that is getting old (one store, its devices,
 * one device: what is on screen) is refreshed in the background and a `data-updated` event
 * tells the renderer to read again; the big lists are the sync engine's job (decision record 32).
 */
import type { Cached, DeviceFacets, DeviceWindow, ParsedInput } from '../../shared';
import type { Device, Location, Organization } from '../api/records';
import { AppError } from '../app-error';
import { traitsOf } from '../../shared/error-traits';
import { isLocalLocationId } from '../../shared/local-ids';
import { guarded, guardedSteps } from '../db/storage-error';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { reapplyNamed } from './local-changes';
import { readEitherCase } from './serial-spelling';
import { walkAll } from '../api/list-walk';
import { pageToStore } from '../sync/list-download';
import { rememberAnswer } from './recent-answers';
import { fullRefreshMs } from './refresh-policy';

/** One store's devices fit in a few pages; a server that never ends is refused. */
const MAX_STORE_PAGES = 100;

/**
 * What is on screen (a store's devices, a device) is refreshed when read and older than this.
 * Screens read it again every minute while they are visible (renderer lib/keep-fresh), so what
 * is shown is at most about a minute old; the full lists are the sync engine's, hours apart.
 */
export const WORKING_SET_FRESH_MS = 50_000;

interface Refreshes {
  /** Keys being refreshed now: a second read joins instead of asking again. */
  running: Set<string>;
  /** Last attempt per key, so a failing refresh is not retried on every read. */
  tried: Map<string, number>;
  /** When each store's device list was last fetched whole (this process). */
  storeDevices: Map<string, number>;
}
const refreshes = new WeakMap<SignedInScope, Refreshes>();
const refreshesOf = (scope: SignedInScope): Refreshes => {
  let found = refreshes.get(scope);
  if (!found) {
    found = { running: new Set(), tried: new Map(), storeDevices: new Map() };
    refreshes.set(scope, found);
  }
  return found;
};

const timeOf = (iso: string | null | undefined): number | null => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Starts a background refresh of `key` when online and the data (fetched at `fetchedAt`) and
 * the last attempt are older than `freshMs`; true when one is running for it after this.
 */
function refreshInBackground(
  ctx: ServiceContext,
  scope: SignedInScope,
  key: string,
  fetchedAt: number | null,
  freshMs: number,
  run: () => Promise<void>,
): boolean {
  const state = refreshesOf(scope);
  if (state.running.has(key)) return true;
  if (!ctx.isOnline()) return false;
  const now = Date.now();
  const last = Math.max(fetchedAt ?? 0, state.tried.get(key) ?? 0);
  if (now - last < freshMs) return false;
  state.tried.set(key, now);
  state.running.add(key);
  void tracked(ctx, run)
    .then(
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
    )
    .finally(() => state.running.delete(key));
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
      refreshInBackground(
        ctx,
        scope,
        `location:${locationId}`,
        timeOf(found.fetchedAt),
        // A store's details (name, address, time zone) change rarely and come with every full
        // refresh of the stores' list: read alone only when that refresh is overdue (held on
        // a slow link, or offline), not hourly as a store is shown.
        fullRefreshMs(ctx.options),
        async () => store(await scope.api.getLocation(locationId)),
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
  // Asked when shown: the store's own list is what the screen is about (a whole pass of every
  // device may be hours old, or seconds — the screen asks once per half minute at most).
  const ownMs = refreshesOf(scope).storeDevices.get(locationId) ?? null;
  const refreshing =
    !isLocalLocationId(locationId) &&
    refreshInBackground(
      ctx,
      scope,
      `location-devices:${locationId}`,
      ownMs,
      WORKING_SET_FRESH_MS,
      () => refreshLocationDevices(scope, locationId),
    );
  const known = [ownMs, timeOf(cache.checkpoints.completedAt('devices'))].filter(
    (t): t is number => t !== null,
  );
  const fetchedAt =
    known.length === 0
      ? (cache.locations.get(locationId)?.fetchedAt ?? null)
      : new Date(Math.max(...known)).toISOString();
  return cached(cache.devices.atLocation(locationId), fetchedAt, refreshing);
}

/**
 * One store's devices straight from the server (a short list), into the cached rows. Its first
 * page is asked with the validators it came with: unchanged (304), the stored rows are it.
 */
export async function refreshLocationDevices(
  scope: SignedInScope,
  locationId: string,
): Promise<void> {
  const list = `location-devices:${locationId}`;
  const ref = { kind: 'location-devices', locationId } as const;
  const pages = () => scope.store.cache.pages;
  const stored = pages().get(list, 'first');
  const first = await scope.api.devicePage(ref, null, undefined, {
    validators: stored?.validators ?? null,
  });
  const now = new Date().toISOString();
  if (first.notModified && stored) {
    const { devices } = scope.store.cache;
    if (devices.countStored(stored.ids) === stored.ids.length) {
      guarded(() => devices.confirm(stored.ids, now));
      refreshesOf(scope).storeDevices.set(locationId, Date.parse(now));
      return;
    }
  }
  // One page with validators is kept with them; a longer list is walked as before.
  const single = !first.notModified && first.next === null;
  const { items: devices } = single
    ? { items: first.items }
    : await walkAll((request) => scope.api.devicePage(ref, request), MAX_STORE_PAGES);
  const cache = scope.store.cache;
  const listed = new Set(devices.map((d) => d.serial_number));
  guarded(() =>
    cache.db.transaction(() => {
      if (single && first.validators)
        pages().put(
          list,
          'first',
          pageToStore(first, (d) => d.serial_number),
        );
      else pages().forget(list);
      // Devices the cache had here and the server no longer lists: their state is unknown
      // until the next full download, so they are read one by one later; here they leave.
      const gone = cache.devices
        .atLocation(locationId)
        .filter((stale) => !listed.has(stale.serial_number))
        .map((stale) => ({ ...stale, location: null }));
      cache.devices.putAll([...devices, ...gone], now);
      reapplyNamed(cache, scope.store.work.intents, listed);
    })(),
  );
  cache.queries.invalidate();
  refreshesOf(scope).storeDevices.set(locationId, Date.parse(now));
}

export function queryDevices(
  ctx: ServiceContext,
  query: ParsedInput<'queryDevices'>,
): DeviceWindow<Device> {
  const scope = requireScope(ctx);
  const cache = scope.store.cache;
  return guarded(() => cache.queries.window(query, cache.checkpoints.completedAt('devices')));
}

/** "Did you mean …" offers at most this many serials. */
const NEAR_SHOWN = 5;

/** A turn of the event loop between two index queries of a "did you mean". */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Cached serials close to one the server (or the cache, offline) does not know: one index query
 * per turn of the event loop (serial-lookup.ts), and each turn guarded.
 */
export async function nearSerials(ctx: ServiceContext, typed: string): Promise<string[]> {
  const scope = requireScope(ctx);
  return guardedSteps(() => scope.store.cache.serials.near(typed, NEAR_SHOWN, nextTurn));
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
  /** Stores the server's answer to a question sent at `askedAt`. */
  const store = (device: Device, askedAt: number) => {
    const fetchedAt = new Date().toISOString();
    guarded(() =>
      cache().db.transaction(() => {
        cache().devices.put(device, fetchedAt);
        reapplyNamed(cache(), scope.store.work.intents, [device.serial_number]);
      })(),
    );
    rememberAnswer(scope, device, fetchedAt, askedAt);
  };
  const local = cache().devices.get(serial);
  if (local && !(fresh && ctx.isOnline())) {
    const refreshing = refreshInBackground(
      ctx,
      scope,
      `device:${serial}`,
      timeOf(local.fetchedAt),
      WORKING_SET_FRESH_MS,
      async () => {
        const askedAt = Date.now();
        store(await scope.api.getDevice(serial), askedAt);
      },
    );
    return cached(local.device, local.fetchedAt, refreshing);
  }
  try {
    const askedAt = Date.now();
    const device = await tracked(ctx, () => readEitherCase(serial, (s) => scope.api.getDevice(s)));
    store(device, askedAt);
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
