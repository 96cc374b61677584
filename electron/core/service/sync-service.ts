/**
 * The list downloads a sync runs for the signed-in scope — organizations, locations, every
 * device — and "Make available offline" for one store. Each page is stored in one transaction
 * with its checkpoint, and the pending intents are laid over it again, so a refresh never hides
 * work the technician has queued.
 *
 * Decision record 32: pages are asked with the validators they came with (a 304 keeps the stored rows),
 * and a scheduled refresh of the devices asks only for what changed when the server honours
 * `updated_since` (found from its answer); changed-devices.ts says when a whole pass is
 * still needed. "Sync now" always walks the whole list.
 */
import type { Device, Location } from '../api/records';
import { guarded } from '../db/storage-error';
import type { CacheStore } from '../store/account-store';
import { refreshChangedDevices, sinceFrom } from './changed-devices';
import { downloadList, type DownloadContext, type ListDownload } from '../sync/list-download';
import { nextTurn } from '../sync/store-slices';
import type { RefreshMode, SyncJob } from '../sync/sync-engine';
import type { ServiceContext, SignedInScope } from './context';

import { reapplyNamed, reapplyPending } from './local-changes';
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
    pages: cache().pages,
    now: () => new Date().toISOString(),
    sleep,
    random: Math.random,
    analyse: () => analyseDevices(cache()),
    turn: nextTurn,
  };
}

/** Row ids a step of a scan over `devices` covers: ~10 ms at a million devices. */
const IDS_PER_STEP = 50_000;
/** Rows removed in one transaction: each takes its search entries out (up to a ms each). */
const REMOVED_PER_STEP = 25;

/** Every device's [from, to) of row ids, a step each. */
function* idSteps(cache: CacheStore): Generator<[number, number]> {
  const last = guarded(() => cache.devices.lastId());
  for (let from = 0; from <= last; from += IDS_PER_STEP) yield [from, from + IDS_PER_STEP];
}

/**
 * Without statistics SQLite once chose the location index for a serial-prefix search and sorted
 * 666,000 rows per keystroke. ANALYZE of the whole file held the thread ~400 ms at a million
 * devices (`optimize` ran it when the statistics went stale): the devices' indexes are analysed
 * one per turn, and only when their statistics are missing or off by half or more.
 */
async function analyseDevices(cache: CacheStore): Promise<void> {
  const { db } = cache;
  // sqlite_stat1 exists once a first ANALYZE ran.
  const known = guarded(() =>
    db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() === undefined
      ? undefined
      : db
          .prepare<[], { stat: string }>(
            "SELECT stat FROM sqlite_stat1 WHERE tbl = 'devices' AND idx = 'devices_by_location'",
          )
          .get()?.stat,
  );
  const estimate = Number(known?.split(' ')[0] ?? 0);
  const rows = guarded(() => cache.devices.count());
  if (estimate > 0 && estimate / 2 <= rows && rows <= estimate * 2) return;
  const indexes = guarded(() =>
    (db.pragma('index_list("devices")') as { name: string }[]).map((i) => i.name),
  );
  guarded(() => db.pragma('analysis_limit = 400'));
  for (const index of indexes) {
    await nextTurn();
    guarded(() => db.exec(`ANALYZE "main"."${index.replaceAll('"', '""')}"`));
  }
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
    fetchPage: (request, signal, ask) =>
      scope.api.devicePage({ kind: 'devices' }, request, signal, ask),
    async countSeen(pass) {
      let seen = 0;
      for (const [from, to] of idSteps(scope.store.cache)) {
        seen += guarded(() => scope.store.cache.devices.countSeenIn(pass, from, to));
        await nextTurn();
      }
      return seen;
    },
    conditional: {
      idOf: (device) => device.serial_number,
      keep: (serials, pass) =>
        scope.store.cache.devices.confirm(serials, new Date().toISOString(), pass),
      stored: (serials) => scope.store.cache.devices.countStored(serials),
    },
    store(items, pass) {
      const cache = scope.store.cache;
      const now = new Date().toISOString();
      cache.devices.putAll(items, now, pass);
      reapplyNamed(
        cache,
        scope.store.work.intents,
        items.map((d) => d.serial_number),
      );
      cache.queries.invalidate();
    },
    async reconcile(pass) {
      const cache = scope.store.cache;
      const gone: number[] = [];
      for (const [from, to] of idSteps(cache)) {
        gone.push(...guarded(() => cache.devices.unseenIn(pass - 1, from, to)));
        await nextTurn();
      }
      for (let i = 0; i < gone.length; i += REMOVED_PER_STEP) {
        if (scope.store.cache !== cache) return; // signed out meanwhile
        guarded(() => cache.devices.removeRows(gone.slice(i, i + REMOVED_PER_STEP)));
        await nextTurn();
      }
      const removed = gone.length;
      if (removed > 0) ctx.options.log.info('devices gone from the server removed', { removed });
      cache.queries.invalidate();
    },
  };
}

function locationsList(scope: SignedInScope): ListDownload<Location> {
  return {
    resource: 'locations',
    fetchPage: (request, signal, ask) => scope.api.locationPage(request, signal, ask),
    countSeen: (pass) => scope.store.cache.locations.countSeen(pass),
    conditional: {
      idOf: (location) => location.id,
      keep: (ids, pass) => scope.store.cache.locations.confirm(ids, new Date().toISOString(), pass),
      stored: (ids) => scope.store.cache.locations.countStored(ids),
    },
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

/**
 * The jobs of a refresh of the full lists, in order: stores before the devices that name them.
 * `scheduled`: the devices' changes only where the server allows it; `asked` (Sync now, Make
 * available offline): the whole list, page by page (unchanged pages cost a 304).
 */
export function listJobs(ctx: ServiceContext, mode: RefreshMode = 'asked'): SyncJob[] {
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
        const onProgress: DownloadContext['onProgress'] = (fetched, total, bytes) => {
          progress(fetched, total, bytes);
          // The inventory fills while it downloads, not only at the end.
          if (Date.now() - lastAnnounced > 2_000) {
            lastAnnounced = Date.now();
            announce('devices');
          }
        };
        const changes =
          mode === 'scheduled'
            ? await refreshChangedDevices(scope, signal, onProgress, new Date())
            : 'whole';
        if (changes === 'whole') {
          await downloadList(devicesList(ctx, scope), context(scope, signal, onProgress));
          markWholePass(scope.store.cache);
        }
        announce('devices');
      },
    },
  ];
}

/**
 * A whole pass of the devices completed: changes are asked from the server's clock when its
 * first page was answered, less a margin (changed-devices.ts).
 */
function markWholePass(cache: CacheStore): void {
  const serverTime = cache.checkpoints.get('devices')?.progress.serverTime ?? null;
  guarded(() =>
    cache.marks.save('devices', {
      since: serverTime === null ? null : sinceFrom(serverTime),
      currentAt: new Date().toISOString(),
    }),
  );
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
