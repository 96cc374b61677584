/**
 * A technician's action as one local change: the intent is committed to work.db (that commit
 * is the acknowledgement: synchronous=FULL puts it on disk first) and the cached rows change
 * to show its effect at once. The cache change is re-derived from the pending intents whenever
 * the cache is rewritten (a list download, a restart), so it survives a crash between the two
 * commits and a refresh that still shows the server's older state.
 */
import type { ActivityFact } from '../../shared';
import type { Location } from '../api/records';
import type { NewLocation } from '../api/vendor-api';
import { guarded } from '../db/storage-error';
import type { CacheStore } from '../store/account-store';
import type { Intent, IntentRows, NewIntent } from '../store/intent-rows';
import { changesApplied } from '../sync/replay-plan';
import type { ServiceContext, SignedInScope } from './context';
import { labelOf, newActivityOf } from './activity-facts';

/** The devices an intent changes: its own, and for a replace also the broken one. */
export const serialsOf = (intent: Intent): string[] =>
  [intent.serial, intent.replaces].filter((s): s is string => s !== null);

/** Shows one pending intent's effect in the cached rows. */
function applyIntentLocally(cache: CacheStore, intent: Intent): void {
  const now = new Date().toISOString();
  switch (intent.kind) {
    case 'install':
    case 'move':
    case 'uninstall': {
      if (intent.serial === null) return;
      const found = cache.devices.get(intent.serial);
      if (!found) return;
      const location =
        intent.kind === 'uninstall' || intent.locationId === null
          ? null
          : {
              id: intent.locationId,
              name: intent.locationName ?? found.device.location?.name ?? '',
            };
      // A label given while installing shows with the install, as it will on the server.
      const changes = intent.kind === 'uninstall' ? {} : (intent.payload?.changes ?? {});
      const placed = (found.device.location?.id ?? null) === (location?.id ?? null);
      if (placed && changesApplied(changes, found.device)) return;
      cache.devices.put({ ...found.device, ...changes, location }, found.fetchedAt);
      return;
    }
    case 'replace': {
      if (intent.serial === null || intent.locationId === null) return;
      const { replaces, changes } = intent.payload;
      const old = cache.devices.get(replaces);
      if (old?.device.location?.id === intent.locationId)
        cache.devices.put({ ...old.device, location: null }, old.fetchedAt);
      const next = cache.devices.get(intent.serial);
      if (next) {
        const location = { id: intent.locationId, name: intent.locationName ?? '' };
        cache.devices.put({ ...next.device, ...changes, location }, next.fetchedAt);
      }
      return;
    }
    case 'update_device': {
      if (intent.serial === null) return;
      const found = cache.devices.get(intent.serial);
      if (found) cache.devices.put({ ...found.device, ...intent.payload }, found.fetchedAt);
      return;
    }
    case 'create_location': {
      if (intent.locationId === null || cache.locations.get(intent.locationId)) return;
      cache.locations.put(localLocation(intent.locationId, intent.payload), now);
      return;
    }
    case 'delete_location':
      if (intent.locationId !== null) cache.locations.remove(intent.locationId);
      return;
  }
}

/** The row a store created offline shows until the server names it. */
export const localLocation = (id: string, input: NewLocation): Location => ({
  id,
  name: input.name,
  address: { ...input.address },
  device_count: 0,
});

/**
 * Re-applies every pending intent (all, or those of some serials) over the cached rows. One
 * the server accepted for later is not: it is not done until the server shows it, so the rows
 * show the server's state meanwhile (decision record 69).
 */
export function reapplyPending(
  cache: CacheStore,
  intents: Intent[],
  serials?: ReadonlySet<string>,
): void {
  for (const intent of intents) {
    if (intent.state === 'conflict' || intent.state === 'failed') continue;
    if (intent.accepted !== null) continue;
    if (serials && !serialsOf(intent).some((s) => serials.has(s))) continue;
    applyIntentLocally(cache, intent);
  }
}

/**
 * Re-applies the pending intents that name one of `serials` over their cached rows: only those
 * rows are read from work.db, so a device read or a sync slice costs what its devices' intents
 * cost, not the whole queue's length.
 */
export const reapplyNamed = (cache: CacheStore, intents: IntentRows, serials: Iterable<string>) => {
  const named = [...new Set(serials)];
  reapplyPending(cache, intents.naming(named), new Set(named));
};

/** work.db rows that name an intent, written in the commit that adds it (a pick list line). */
export type WithIntent = (intent: Intent) => void;

/**
 * Acknowledges an intent: on disk in work.db (with its activity line, when it is known to
 * wait, and what `withIntent` writes: one commit, one trip to the disk), then shown in cache.db.
 */
export function commitIntent(
  ctx: ServiceContext,
  scope: SignedInScope,
  input: NewIntent,
  queuedFact?: ActivityFact,
  withIntent?: WithIntent,
): Intent {
  const { work } = scope.store;
  const intent = guarded(() =>
    work.db.transaction(() => {
      const added = work.intents.add(input);
      if (queuedFact !== undefined)
        work.activity.add(
          newActivityOf(added, 'queued', queuedFact, labelOf(added, scope.store.cache)),
        );
      withIntent?.(added);
      return added;
    })(),
  );
  // The intent is safe now; a failure to update the cached view only delays what it shows.
  try {
    const cache = scope.store.cache;
    cache.db.transaction(() => applyIntentLocally(cache, intent))();
    cache.queries.invalidate();
  } catch {
    // Re-derived from the pending intents at the next start or refresh.
  }
  // The cached rows show it now: screens listing them (a store's devices, Inventory) read again.
  ctx.outboxChanged(true);
  return intent;
}
