/**
 * When the full lists are refreshed by themselves (decision record 32), as far as the core decides it:
 * how long ago they last were, and whether the link holds a scheduled refresh back.
 */
import type { SyncHold } from '../../shared';
import type { CoreOptions } from '../core';
import type { CacheStore } from '../store/account-store';
import { DEFAULT_FULL_REFRESH_MS } from '../sync/sync-engine';
import type { LinkInfo } from '../sync/link-state';

/** How far apart the full refreshes are: the managed setting's hours, else the default. */
export const fullRefreshMs = (options: Pick<CoreOptions, 'managed'>): number =>
  (options.managed?.fullRefreshHours ?? DEFAULT_FULL_REFRESH_MS / 3_600_000) * 3_600_000;

/** The last time the devices were known whole and current (a whole pass or a refresh of
 * changes), kept in cache.db so a restart does not refresh at once. */
export function lastFullRefresh(cache: CacheStore): number | null {
  let times: (string | null)[];
  try {
    times = [cache.marks.get('devices').currentAt, cache.checkpoints.completedAt('devices')];
  } catch {
    // A cache that cannot be read is refreshed (and rebuilt when damaged, create-core.ts).
    return null;
  }
  const known = times.filter((t): t is string => t !== null).map((t) => Date.parse(t));
  return known.length === 0 ? null : Math.max(...known);
}

/**
 * A scheduled full refresh waits while the page says the user saves data (Chromium's
 * `navigator.connection.saveData`, its data saver) or the link is very slow (2G-like, as
 * Chromium measures it); "Sync now" is never held.
 */
export function holdFor(link: LinkInfo): SyncHold | null {
  if (link.saveData === true) return 'save_data';
  if (link.effectiveType === 'slow-2g' || link.effectiveType === '2g') return 'slow_link';
  return null;
}
