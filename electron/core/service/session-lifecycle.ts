/**
 * What follows a change of the signed-in scope (open, switch, sign-out, reopened after a full
 * disk): probing follows whether someone is signed in, a newly opened scope shows its queued
 * actions over the cached rows and starts its sync, and the renderer hears the session and the
 * queue. Damage met during work has the cache checked off the main thread; a rebuilt cache is
 * downloaded again.
 */
import { isLocalLocationId } from '../../shared/local-ids';
import type { Logger } from '../../common/logger';
import { isDamage } from '../db/storage-error';
import type { SyncEngine } from '../sync/sync-engine';
import type { SignedInScope } from './context';
import { reapplyPending } from './local-changes';

interface LifecycleHooks {
  /** Someone is signed in (true) or not: the connectivity probe runs only while someone is. */
  active(signedIn: boolean): void;
  /** The session's status changed: say it. */
  statusChanged(): void;
  /** The scope's queue changed (null: signed out, the queue is empty). */
  queueChanged(scope: SignedInScope | null): void;
}

export interface SessionLifecycleOptions {
  current(): SignedInScope | null;
  engine: Pick<SyncEngine, 'run' | 'start' | 'stop'>;
  hooks: LifecycleHooks;
  log: Logger;
}

export interface SessionLifecycle {
  /** The scope changed (SessionHooks.changed). */
  changed(): void;
  /** A deferred integrity check rebuilt the open scope's cache: downloaded again. */
  cacheRebuilt(): void;
  /** Damage met during work: the cache is checked off the main thread; if rebuilt, downloaded. */
  damaged(): void;
}

export function createSessionLifecycle(options: SessionLifecycleOptions): SessionLifecycle {
  const { engine, hooks } = options;
  const rebuilt = () => {
    hooks.statusChanged();
    void engine.run().catch(() => undefined);
  };

  function damaged() {
    const scope = options.current();
    void scope?.store.checkCache().then((wasRebuilt) => {
      if (wasRebuilt && options.current() === scope) rebuilt();
    });
  }

  /** A newly opened scope: its pending intents shown over the cache, and a sync started. */
  function prepare(scope: SignedInScope) {
    try {
      const { cache, work } = scope.store;
      const pending = work.intents.list();
      cache.db.transaction(() => {
        // Stores created offline whose create is no longer queued were sent (or dropped).
        const creating = new Set(
          pending.filter((i) => i.kind === 'create_location').map((i) => i.locationId),
        );
        for (const l of cache.locations.list())
          if (isLocalLocationId(l.id) && !creating.has(l.id)) cache.locations.remove(l.id);
        reapplyPending(cache, pending);
      })();
    } catch (error) {
      options.log.warn('could not lay the queue over the cached rows', { error: String(error) });
      if (isDamage(error)) damaged();
    }
    engine.stop();
    engine.start();
    void scope.store.checked.then((wasRebuilt) => {
      if (wasRebuilt && options.current() === scope) hooks.statusChanged();
    });
  }

  return {
    changed() {
      const scope = options.current();
      hooks.active(scope !== null);
      if (scope) prepare(scope);
      else engine.stop();
      hooks.statusChanged();
      hooks.queueChanged(scope);
    },
    cacheRebuilt: rebuilt,
    damaged,
  };
}
