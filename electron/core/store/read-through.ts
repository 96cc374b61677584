/**
 * Stale-while-revalidate over the offline cache: a cached answer is shown at once (the
 * technician should never wait on a bad connection for data they already have) and is
 * refreshed in the background when online; the owner hears about the fresh value through
 * onRefreshed and pushes a `data-updated` event.
 */
import type { z } from 'zod';
import type { Cached } from '../../contract';
import type { JsonText } from '../json-text';
import type { CacheEntry, CacheScope } from './cache';

/** How one entry is read from and written to the cache: as parsed values, or as JSON text. */
export interface EntryAccess<T> {
  load(scope: CacheScope, key: string): Promise<CacheEntry<T> | null>;
  store(scope: CacheScope, key: string, value: T, fetchedAt: string): Promise<void>;
}

export const parsedEntry = <T>(schema: z.ZodType<T>): EntryAccess<T> => ({
  load: (scope, key) => scope.get(key, schema),
  store: (scope, key, value, fetchedAt) => scope.set(key, value, fetchedAt),
});

/** For big lists passed on unparsed (../json-text.ts). */
export const jsonTextEntry = <T>(): EntryAccess<JsonText<T>> => ({
  load: (scope, key) => scope.getJson<T>(key),
  store: (scope, key, value, fetchedAt) => scope.setJson(key, value, fetchedAt),
});

export interface ReadThroughOptions<T> {
  scope: CacheScope;
  key: string;
  entry: EntryAccess<T>;
  fetch: () => Promise<T>;
  online: boolean;
  /** Called once per background refresh that stored a new value. */
  onRefreshed: (value: T) => void;
  onRefreshError: (e: unknown) => void;
  /**
   * A cached value younger than this is served without a background refresh. Defaults to
   * DEFAULT_MAX_AGE_MS; 0 refreshes on every read.
   */
  maxAgeMs?: number;
  now?: () => Date;
}

/**
 * The renderer re-reads on `data-updated`; without a minimum age that re-read would start
 * the next refresh, and so on forever. Fifteen seconds old is still "just now" to a person.
 */
export const DEFAULT_MAX_AGE_MS = 15_000;

// One fetch per scope + key at a time: a screen that asks twice (or two screens) must not
// download a 100,000-device inventory twice.
const inflight = new Map<string, Promise<{ value: unknown; fetchedAt: string }>>();

type Fetched<T> = { value: T; fetchedAt: string };

function fetchAndStore<T>(
  opts: ReadThroughOptions<T>,
  now: () => Date,
): { promise: Promise<Fetched<T>>; joined: boolean } {
  const id = `${opts.scope.id}\n${opts.key}`;
  const running = inflight.get(id) as Promise<Fetched<T>> | undefined;
  if (running) return { promise: running, joined: true };
  const promise = (async () => {
    const value = await opts.fetch();
    const fetchedAt = now().toISOString();
    await opts.entry.store(opts.scope, opts.key, value, fetchedAt);
    return { value, fetchedAt };
  })().finally(() => inflight.delete(id));
  inflight.set(id, promise);
  return { promise, joined: false };
}

export async function readThrough<T>(opts: ReadThroughOptions<T>): Promise<Cached<T>> {
  const now = opts.now ?? (() => new Date());
  const cached = await opts.entry.load(opts.scope, opts.key);
  if (!cached) {
    const { value, fetchedAt } = await fetchAndStore(opts, now).promise;
    return { value, fetchedAt, source: 'network', refreshing: false };
  }
  const age = now().getTime() - Date.parse(cached.fetchedAt);
  const fresh = age >= 0 && age < (opts.maxAgeMs ?? DEFAULT_MAX_AGE_MS);
  if (!opts.online || fresh) {
    return { value: cached.value, fetchedAt: cached.fetchedAt, source: 'cache', refreshing: false };
  }
  const { promise, joined } = fetchAndStore(opts, now);
  // The caller that started the refresh reports it; joiners were promised the same event.
  if (!joined) {
    promise
      .then(({ value }) => opts.onRefreshed(value))
      .catch((e: unknown) => opts.onRefreshError(e));
  }
  return { value: cached.value, fetchedAt: cached.fetchedAt, source: 'cache', refreshing: true };
}
