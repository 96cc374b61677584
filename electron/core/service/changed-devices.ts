/**
 * A scheduled refresh of the devices that asks only for what changed (decision record 32), when the
 * server honours `GET /devices?updated_since=` — which it must say by echoing the filter; an
 * answer that does not is the whole list and is never taken for the changes.
 *
 * What changed comes from the server's own clock (its `Date` at the start of the last refresh,
 * less a margin), never the laptop's. A filter on changes cannot show a device that left the
 * organization, so the refresh then compares the server's total with the devices stored: a
 * difference means a whole pass (the pass-based deletion of list-download.ts finds what went).
 * A server that gives no total cannot be checked that way; there a whole pass runs at least
 * weekly. Whatever comes back is stored like any page (the queued work laid over it again),
 * its rows counted as listed by the last whole pass so the deletion rule keeps them.
 */
import { walkAll } from '../api/list-walk';
import { AppError } from '../app-error';
import type { Device } from '../api/records';
import { guarded } from '../db/storage-error';
import { firstSliceSize, storeAllButLast } from '../sync/store-slices';
import { pageToStore, type DownloadContext } from '../sync/list-download';
import type { SignedInScope } from './context';
import { reapplyNamed } from './local-changes';

/** Changes are asked from this long before the server's clock said the last refresh began:
 * `Date` has whole seconds, and a change being written as the refresh began must not fall
 * between two refreshes. */
const SINCE_MARGIN_MS = 5 * 60_000;
/** A server that ignored `updated_since` is asked again after this long (it may be upgraded). */
const ASK_AGAIN_AFTER_MS = 7 * 24 * 3_600_000;
/** Without a total to compare, a whole pass at least this often (devices that left). */
const WHOLE_PASS_AT_LEAST_MS = 7 * 24 * 3_600_000;
/** A refresh of changes is read whole into memory: a larger one is a whole pass instead. */
const MAX_CHANGE_PAGES = 100;
/** The walk's refusals of a list too long to hold (api/list-walk.ts, api/messages.ts). */
const LONG_WALK = new Set(['list_too_big', 'too_many_pages']);

export const sinceFrom = (serverTime: string): string =>
  new Date(Date.parse(serverTime) - SINCE_MARGIN_MS).toISOString();

const olderThan = (iso: string | null, ms: number, now: Date): boolean =>
  iso === null || now.getTime() - Date.parse(iso) > ms;

/**
 * 'changes': the devices are current (only what changed was downloaded); 'whole': the caller
 * walks the whole list (no mark yet, the server ignores the filter, or the totals disagree).
 */
// eslint-disable-next-line max-lines-per-function -- one refresh's pages, marks and totals read in order; split, its early exits would be spread over files
export async function refreshChangedDevices(
  scope: SignedInScope,
  signal: AbortSignal,
  progress: DownloadContext['onProgress'],
  now: Date,
): Promise<'changes' | 'whole'> {
  const cache = () => scope.store.cache;
  const mark = cache().marks.get('devices');
  const lastWhole = cache().checkpoints.get('devices');
  if (mark.since === null || lastWhole?.completedAt == null) return 'whole';
  if (mark.honoured === false && !olderThan(mark.checkedAt, ASK_AGAIN_AFTER_MS, now))
    return 'whole';

  const ask = { updatedSince: mark.since };
  let bytes = 0;
  let honoured = true;
  let serverTime: string | null = null;
  let items: Device[];
  try {
    ({ items } = await walkAll(async (request) => {
      const page = await scope.api.devicePage({ kind: 'devices' }, request, signal, ask);
      bytes += page.size;
      if (request === null) {
        honoured = (page.updatedSince ?? null) !== null;
        serverTime = page.serverTime ?? null;
      }
      // Not honoured: the first page says so, and the walk ends there.
      return honoured ? page : { ...page, next: null, totalCount: null };
    }, MAX_CHANGE_PAGES));
  } catch (error) {
    // More changes than are held at once (a list too big or too long): the whole pass does it
    // page by page. Anything else (offline, cancelled, the server) ends the refresh.
    if (!(error instanceof AppError && LONG_WALK.has(error.code ?? ''))) throw error;
    return 'whole';
  }
  guarded(() => cache().marks.save('devices', { honoured, checkedAt: now.toISOString() }));
  if (!honoured) return 'whole';

  const fetchedAt = now.toISOString();
  const size = firstSliceSize();
  /** Stored as a page is, a slice at a time (store-slices.ts), the queued work laid over each
   * slice; `also` in the last slice's transaction. */
  const store = async (devices: Device[], also?: () => void) => {
    const put = (slice: Device[], then?: () => void) =>
      guarded(() =>
        cache().db.transaction(() => {
          cache().devices.putAll(slice, fetchedAt, lastWhole.pass);
          reapplyNamed(
            cache(),
            scope.store.work.intents,
            slice.map((d) => d.serial_number),
          );
          then?.();
        })(),
      );
    put(await storeAllButLast(devices, (slice) => put(slice), size), also);
    cache().queries.invalidate();
  };
  await store(items);
  progress(items.length, items.length, bytes);

  // Devices that left the organization: the server's total against the devices stored, from
  // the whole list's first page asked with its validators (usually a 304).
  const stored = cache().pages.get('devices', 'first');
  const first = await scope.api.devicePage({ kind: 'devices' }, null, signal, {
    validators: stored?.validators ?? null,
  });
  bytes += first.size;
  let total = first.notModified ? (stored?.paging.totalCount ?? null) : first.totalCount;
  if (!first.notModified) {
    await store(first.items, () => {
      if (first.validators)
        cache().pages.put(
          'devices',
          'first',
          pageToStore(first, (d) => d.serial_number),
        );
    });
    if (first.style === 'none') total = first.items.length;
  }
  progress(items.length, items.length, bytes);
  const differs =
    total === null
      ? olderThan(lastWhole.completedAt, WHOLE_PASS_AT_LEAST_MS, now)
      : total !== cache().devices.count();
  if (differs) return 'whole';
  guarded(() =>
    cache().marks.save('devices', {
      since: serverTime === null ? mark.since : sinceFrom(serverTime),
      currentAt: fetchedAt,
    }),
  );
  return 'changes';
}
