/**
 * The queue's notices driven alone (sync/outbox-notices.ts) over a real work.db: coalesced,
 * one read at a time, a change during a read announced after it, none after close, and the
 * queue's count kept in the settings.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxItem, PushEvent, SessionStatus } from '../../../electron/shared';
import type { Logger } from '../../../electron/common/logger';
import { toItem } from '../../../electron/core/service/outbox-service';
import { queuedHintKey } from '../../../electron/core/service/session-manager';
import { createOutboxNotices } from '../../../electron/core/sync/outbox-notices';
import { intent, useWorkDb } from './work-db';

const work = useWorkDb();
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await nextTurn();
};

function notices(options: { gate?: () => Promise<void> } = {}) {
  const events: PushEvent[] = [];
  const settings = new Map<string, unknown>();
  let reads = 0;
  let signedIn = true;
  const scope = { store: { dir: '/data/accounts/scope-a', work: { intents: work.intents } } };
  const parts = createOutboxNotices({
    current: () => (signedIn ? scope : null),
    list: async () => {
      reads++;
      const items: OutboxItem[] = work.intents.list().map(toItem);
      await options.gate?.();
      return items;
    },
    settings: { saveSetting: (key, value) => void settings.set(key, value) },
    status: () => ({ queued: work.intents.count() }) as SessionStatus,
    emit: (event) => void events.push(event),
    log: quiet,
  });
  const outboxes = () =>
    events.filter((e) => e.type === 'outbox').map((e) => e.items.map((i) => i.serial));
  return {
    ...parts,
    events,
    settings,
    outboxes,
    reads: () => reads,
    signOut: () => void (signedIn = false),
    hint: () => settings.get(queuedHintKey(scope.store.dir)),
  };
}

describe('outbox notices', () => {
  it('announces a burst of changes once, after the answer, with the count kept', async () => {
    const n = notices();
    work.intents.add(intent('install', 'S1', 'L1'));
    work.intents.add(intent('install', 'S2', 'L1'));
    n.changed();
    n.changed();
    n.changed();
    expect(n.events).toEqual([]);
    await turns(3);
    expect(n.outboxes()).toEqual([['S1', 'S2']]);
    expect(n.reads()).toBe(1);
    // The session's status follows the queue it counts.
    expect(n.events.at(-1)).toEqual({ type: 'session', status: { queued: 2 } });
    expect(n.hint()).toBe(2);
  });

  it('reads one notice at a time; a change during a read is announced after it', async () => {
    let open!: () => void;
    const n = notices({ gate: () => new Promise<void>((resolve) => (open = resolve)) });
    work.intents.add(intent('install', 'S1', 'L1'));
    n.changed();
    await turns(2);
    expect(n.reads()).toBe(1);
    work.intents.add(intent('install', 'S2', 'L1'));
    n.changed();
    await turns(3);
    // Still reading the first: the second waits.
    expect(n.reads()).toBe(1);
    open();
    await turns(3);
    expect(n.reads()).toBe(2);
    open();
    await turns(3);
    expect(n.outboxes()).toEqual([['S1'], ['S1', 'S2']]);
  });

  it('says the device rows changed first when the rows changed with the queue', async () => {
    const n = notices();
    n.changed(true);
    await turns(3);
    expect(n.events.map((e) => e.type)).toEqual(['data-updated', 'outbox', 'session']);
    n.changed();
    await turns(3);
    expect(n.events.filter((e) => e.type === 'data-updated')).toHaveLength(1);
  });

  it('drops a notice whose scope was signed out while it was read, and announces none after close', async () => {
    let open!: () => void;
    const n = notices({ gate: () => new Promise<void>((resolve) => (open = resolve)) });
    n.changed();
    await turns(2);
    n.signOut();
    open();
    await turns(3);
    expect(n.outboxes()).toEqual([]);

    const m = notices();
    work.intents.add(intent('install', 'S9', 'L1'));
    m.changed(true);
    m.close();
    await turns(3);
    // The count is kept and the rows said changed; the queue is not read for a closed core.
    expect(m.hint()).toBe(1);
    expect(m.events.map((e) => e.type)).toEqual(['data-updated']);
  });
});
