/**
 * What follows a change of session, driven alone (service/session-lifecycle.ts) over a real
 * account store (cache.db and work.db on disk): stores
 * made offline and no longer queued dropped, the sync restarted, and the renderer told in order.
 */
import { describe, expect, it } from 'vitest';
import type { SignedInScope } from '../../../electron/core/service/context';
import { createSessionLifecycle } from '../../../electron/core/service/session-lifecycle';
import { quietLog as log, useTempAccountStore } from '../../helpers/temp-account-store';

const world = useTempAccountStore('fi-lifecycle-');

function lifecycle(signedIn: () => boolean) {
  const heard: string[] = [];
  const { store } = world;
  const scope = { record: { organizationId: 'org' }, store } as unknown as SignedInScope;
  const parts = createSessionLifecycle({
    current: () => (signedIn() ? scope : null),
    engine: {
      run: async () => (
        heard.push('engine run'),
        { done: 0, failed: 0, conflicts: 0, remaining: 0, stoppedBy: null }
      ),
      start: () => void heard.push('engine start'),
      stop: () => void heard.push('engine stop'),
    },
    hooks: {
      active: (on) => void heard.push(`active ${on}`),
      statusChanged: () => void heard.push('status'),
      queueChanged: (s) => void heard.push(s ? 'queue of the scope' : 'queue empty'),
    },
    log,
  });
  return { ...parts, heard };
}

const now = new Date().toISOString();

describe('session lifecycle', () => {
  it('opens a scope: offline stores no longer queued dropped, sync restarted, then the session and its queue said', () => {
    const { store } = world;
    store.cache.locations.put({ id: 'local-sent', name: 'Sent meanwhile' }, now);
    store.cache.locations.put({ id: 'local-queued', name: 'Still queued' }, now);
    store.cache.locations.put({ id: 'L-1', name: 'Server store' }, now);
    store.work.intents.add({
      kind: 'create_location',
      serial: null,
      locationId: 'local-queued',
      locationName: 'Still queued',
      fromLocationId: null,
      keyFingerprint: 'test',
      payload: {
        name: 'Still queued',
        address: { line1: 'Hauptstraße 1', city: 'Ulm', country: 'DE' },
      },
    });
    const l = lifecycle(() => true);
    l.changed();
    expect(
      store.cache.locations
        .list()
        .map((x) => x.id)
        .sort(),
    ).toEqual(['L-1', 'local-queued']);
    expect(l.heard).toEqual([
      'active true',
      'engine stop',
      'engine start',
      'status',
      'queue of the scope',
    ]);
  });

  it('signed out: probing off, sync stopped, an empty queue said at once', () => {
    const l = lifecycle(() => false);
    l.changed();
    expect(l.heard).toEqual(['active false', 'engine stop', 'status', 'queue empty']);
  });

  it('a rebuilt cache is said and downloaded again', () => {
    const l = lifecycle(() => true);
    l.cacheRebuilt();
    expect(l.heard).toEqual(['status', 'engine run']);
  });
});
