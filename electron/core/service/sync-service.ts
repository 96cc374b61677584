/**
 * The list downloads a sync runs for the signed-in scope — organizations, locations, every
 * device — and "Make available offline" for one store. Each page is stored in one transaction
 * with its checkpoint, and the pending intents are laid over it again, so a refresh never hides
 * work the technician has queued.
 */
import type { Device, Location } from '../api/wire';
import { guarded } from '../db/storage-error';
import type { CacheStore } from '../store/account-store';
import { downloadList, type DownloadContext, type ListDownload } from '../sync/list-download';
import type { SyncJob } from '../sync/sync-engine';
import type { ServiceContext, SignedInScope } from './context';
import { reapplyPending } from './local-changes';
import { refreshLocationDevices } from './read-service';

/** Pages in flight at once: enough to hide latency, few enough to be polite to the server. */
const PAGE_CONCURRENCY = 6;
/** Tries per page on top of the client's own retries (a bad store network drops many). */
const PAGE_ATTEMPTS = 8;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

function context(
  scope: SignedInScope,
  signal: AbortSignal,
  progress: DownloadContext['onProgress'],
): DownloadContext {
  const cache = (): CacheStore => scope.store.cache;
  return {
    checkpoints: cache().checkpoints,
    transaction: (run) => guarded(() => cache().db.transaction(run)()),
    signal,
    concurrency: PAGE_CONCURRENCY,
    pageAttempts: PAGE_ATTEMPTS,
    onProgress: progress,
    now: () => new Date().toISOString(),
    sleep,
    random: Math.random,
    // Without statistics SQLite once chose the location index for a serial-prefix search and
    // sorted 666,000 rows per keystroke; `optimize` runs ANALYZE only where it is worth it.
    analyse: () => guarded(() => cache().db.pragma('optimize')),
  };
}

/**
 * Rows are removed when neither this complete pass nor the one before listed them (`pass - 1`).
 * One pass can miss a row that exists: an item deleted and another created while the pages
 * were fetched keep the total, and the row at a page boundary slides onto a page already
 * fetched. The next pass lists it again; a row really gone goes one refresh later.
 */
function devicesList(ctx: ServiceContext, scope: SignedInScope): ListDownload<Device> {
  return {
    resource: 'devices',
    fetchPage: (request, signal) => scope.api.devicePage({ kind: 'devices' }, request, signal),
    countSeen: (pass) => scope.store.cache.devices.countSeen(pass),
    store(items, pass) {
      const cache = scope.store.cache;
      const now = new Date().toISOString();
      cache.devices.putAll(items, now, pass);
      const serials = new Set(items.map((d) => d.serial_number));
      reapplyPending(cache, scope.store.work.intents.list(), serials);
      cache.queries.invalidate();
    },
    reconcile(pass) {
      const removed = scope.store.cache.devices.removeUnseen(pass - 1);
      if (removed > 0) ctx.options.log.info('devices gone from the server removed', { removed });
      scope.store.cache.queries.invalidate();
    },
  };
}

function locationsList(scope: SignedInScope): ListDownload<Location> {
  return {
    resource: 'locations',
    fetchPage: (request, signal) => scope.api.locationPage(request, signal),
    countSeen: (pass) => scope.store.cache.locations.countSeen(pass),
    store(items, pass) {
      const cache = scope.store.cache;
      const now = new Date().toISOString();
      for (const location of items) cache.locations.put(location, now, pass);
    },
    reconcile(pass) {
      const cache = scope.store.cache;
      cache.locations.removeUnseen(pass - 1);
      // A deletion still queued must not come back with the refresh.
      reapplyPending(
        cache,
        scope.store.work.intents.list().filter((i) => i.serial === null),
      );
    },
  };
}

/** The jobs of a normal sync run, in order: stores before the devices that name them. */
export function listJobs(ctx: ServiceContext): SyncJob[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  const announce = (resource: string) => {
    if (ctx.current() === scope) ctx.emit({ type: 'data-updated', resource });
  };
  return [
    {
      resource: 'organizations',
      locationId: null,
      run: async () => {
        const { organizations } = await scope.api.listOrganizations();
        guarded(() =>
          scope.store.cache.organizations.replaceAll(organizations, new Date().toISOString()),
        );
      },
    },
    {
      resource: 'locations',
      locationId: null,
      run: async (signal, progress) => {
        // Nothing is downloaded into a file that may be damaged: the open's check comes first.
        await scope.store.checked;
        await downloadList(locationsList(scope), context(scope, signal, progress));
        announce('locations');
      },
    },
    {
      resource: 'devices',
      locationId: null,
      run: async (signal, progress) => {
        let lastAnnounced = Date.now();
        await downloadList(
          devicesList(ctx, scope),
          context(scope, signal, (fetched, total) => {
            progress(fetched, total);
            // The inventory fills while it downloads, not only at the end.
            if (Date.now() - lastAnnounced > 2_000) {
              lastAnnounced = Date.now();
              announce('devices');
            }
          }),
        );
        announce('devices');
      },
    },
  ];
}

/** "Make available offline": one store's details, devices and recent foot traffic. */
export function offlineJobs(ctx: ServiceContext, locationId: string): SyncJob[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  return [
    {
      resource: 'location',
      locationId,
      run: async (_signal, progress) => {
        const location = await scope.api.getLocation(locationId);
        guarded(() => scope.store.cache.locations.put(location, new Date().toISOString()));
        await refreshLocationDevices(scope, locationId);
        progress(1, 1);
      },
    },
    {
      resource: 'foot_traffic',
      locationId,
      run: async (_signal, progress) => {
        const to = new Date();
        const from = new Date(to.getTime() - 7 * 24 * 3_600_000);
        const range = {
          from: from.toISOString(),
          to: to.toISOString(),
          granularity: 'day' as const,
        };
        const metrics = await scope.api.locationsFootTraffic(range);
        guarded(() =>
          scope.store.cache.traffic.put(`offline:${locationId}`, metrics, new Date().toISOString()),
        );
        guarded(() =>
          scope.store.cache.locations.markOffline(locationId, new Date().toISOString()),
        );
        progress(1, 1);
        if (ctx.current() === scope)
          ctx.emit({ type: 'data-updated', resource: `location:${locationId}` });
      },
    },
  ];
}
