import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../electron/core/app-error';
import {
  createCache,
  parsedEntry,
  readThrough,
  type CacheScope,
} from '../../../electron/core/store/cache';
import { recordingLogger, tempDir } from './test-helpers';

const Names = z.array(z.string());
const LONG_AGO = '2025-01-01T00:00:00.000Z';
const offline = new AppError({ kind: 'offline', message: 'No connection.', nextStep: 'Wait.' });

let dir: string;
let cleanup: () => Promise<void>;
let scope: CacheScope;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  scope = createCache(dir, recordingLogger()).scope('https://api.example.test/v1', 'org-1');
});
afterEach(() => cleanup());

/** A fetch the test releases by hand, counting how often it was called. */
function gatedFetch(value: string[]) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const calls = { count: 0 };
  const fetch = async (): Promise<string[]> => {
    calls.count++;
    await gate;
    return value;
  };
  return { fetch, release, calls };
}

function watcher() {
  let resolve: (v: string[]) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const next = new Promise<string[]>((res, rej) => ((resolve = res), (reject = rej)));
  return {
    next,
    onRefreshed: (v: string[]) => resolve(v),
    onRefreshError: (e: unknown) => reject(e),
  };
}

const base = (s: CacheScope) => ({ scope: s, key: 'locations', entry: parsedEntry(Names) });
const never = () => {
  throw new Error('must not be called');
};

describe('readThrough', () => {
  it('fetches and stores when nothing is cached', async () => {
    const result = await readThrough({
      ...base(scope),
      fetch: async () => ['a'],
      online: true,
      onRefreshed: never,
      onRefreshError: never,
    });
    expect(result).toMatchObject({ value: ['a'], source: 'network', refreshing: false });
    expect(result.fetchedAt).not.toBeNull();
    expect(await scope.get('locations', Names)).toMatchObject({
      value: ['a'],
      fetchedAt: result.fetchedAt,
    });
  });

  it('throws the fetch error when nothing is cached', async () => {
    await expect(
      readThrough({
        ...base(scope),
        fetch: () => Promise.reject(offline),
        online: false,
        onRefreshed: never,
        onRefreshError: never,
      }),
    ).rejects.toBe(offline);
  });

  it('answers from the cache at once and refreshes in the background when online', async () => {
    await scope.set('locations', ['old'], '2025-01-01T00:00:00.000Z');
    const gated = gatedFetch(['new']);
    const w = watcher();
    const result = await readThrough({ ...base(scope), fetch: gated.fetch, online: true, ...w });
    expect(result).toEqual({
      value: ['old'],
      fetchedAt: '2025-01-01T00:00:00.000Z',
      source: 'cache',
      refreshing: true,
    });
    gated.release();
    expect(await w.next).toEqual(['new']);
    expect(await scope.get('locations', Names)).toMatchObject({ value: ['new'] });
  });

  it('runs one refresh for concurrent reads of the same key', async () => {
    await scope.set('locations', ['old'], LONG_AGO);
    const gated = gatedFetch(['new']);
    const w = watcher();
    const results = await Promise.all(
      [1, 2, 3].map(() => readThrough({ ...base(scope), fetch: gated.fetch, online: true, ...w })),
    );
    expect(results.every((r) => r.refreshing && r.source === 'cache')).toBe(true);
    expect(gated.calls.count).toBe(1);
    gated.release();
    await w.next;
    // Once finished, a later read refreshes again.
    const again = watcher();
    await readThrough({ ...base(scope), fetch: gated.fetch, online: true, ...again, maxAgeMs: 0 });
    expect(gated.calls.count).toBe(2);
    await again.next;
  });

  it('does not refresh while offline', async () => {
    await scope.set('locations', ['old'], LONG_AGO);
    const result = await readThrough({
      ...base(scope),
      fetch: async () => never(),
      online: false,
      onRefreshed: never,
      onRefreshError: never,
    });
    expect(result).toMatchObject({ value: ['old'], source: 'cache', refreshing: false });
  });

  it('does not refresh a value younger than maxAgeMs, and does refresh an older one', async () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    await scope.set('locations', ['old'], '2025-03-01T09:59:30.000Z');
    const fresh = await readThrough({
      ...base(scope),
      fetch: async () => never(),
      online: true,
      onRefreshed: never,
      onRefreshError: never,
      maxAgeMs: 60_000,
      now: () => now,
    });
    expect(fresh.refreshing).toBe(false);
    const w = watcher();
    const stale = await readThrough({
      ...base(scope),
      fetch: async () => ['new'],
      online: true,
      ...w,
      maxAgeMs: 10_000,
      now: () => now,
    });
    expect(stale.refreshing).toBe(true);
    expect(await w.next).toEqual(['new']);
  });

  it('reports a failed background refresh and keeps the cached value', async () => {
    await scope.set('locations', ['old'], LONG_AGO);
    const w = watcher();
    await readThrough({ ...base(scope), fetch: () => Promise.reject(offline), online: true, ...w });
    await expect(w.next).rejects.toBe(offline);
    expect(await scope.get('locations', Names)).toMatchObject({ value: ['old'] });
  });

  it('does not refresh again when the renderer re-reads right after a refresh (no refresh loop)', async () => {
    await scope.set('locations', ['old'], LONG_AGO);
    let fetches = 0;
    const fetch = async () => [`v${++fetches}`];
    const w = watcher();
    await readThrough({ ...base(scope), fetch, online: true, ...w });
    await w.next;
    const reread = await readThrough({
      ...base(scope),
      fetch,
      online: true,
      onRefreshed: never,
      onRefreshError: never,
    });
    expect(reread).toMatchObject({ value: ['v1'], source: 'cache', refreshing: false });
    expect(fetches).toBe(1);
  });
});
