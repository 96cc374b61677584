/**
 * A long queue within the core's thread budget (decision record 70): 20,000 actions waiting
 * (pallets installed offline) are listed a page per turn of the event loop, for the queue's
 * notice and for listOutbox, instead of read and parsed at once at every change of the queue.
 * Real core, real sandbox and SQLite files; the queue is written straight into work.db.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { signInAndSync, useSandboxWorld, workDbPath } from '../../helpers/store-world';

const QUEUED = 20_000;

const world = useSandboxWorld('fi-long-queue-', async (w) => {
  await signInAndSync(w.harness, w.host.sandbox);
});

/** QUEUED installs of devices nobody has, under the key that is signed in. */
async function fillQueue(): Promise<void> {
  const db = new Database(await workDbPath(world.harness.dataDir));
  try {
    const key = (
      db.prepare('SELECT key_fingerprint AS k FROM intents LIMIT 1').get() as
        { k: string } | undefined
    )?.k;
    const fingerprint = key ?? 'unused';
    const insert = db.prepare(
      `INSERT INTO intents (id, seq, kind, serial, location_id, location_name, created_at, state, key_fingerprint)
       VALUES (?, ?, 'install', ?, 'L-1', 'Store', ?, 'failed', ?)`,
    );
    db.transaction(() => {
      for (let i = 1; i <= QUEUED; i++)
        insert.run(`q-${i}`, i, `NOBODY-${i}`, new Date().toISOString(), fingerprint);
    })();
  } finally {
    db.close();
  }
}

/** Turns of the event loop until `work` settles (a read done at once takes one or two). */
async function turnsWhile<T>(work: Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work.finally(() => (done = true));
  return { value, turns };
}

describe('a long queue', () => {
  it('is listed and announced a page per turn, whole and in order', async () => {
    const { harness } = world;
    await harness.call('networkChanged', { online: false });
    await fillQueue();
    const listed = await turnsWhile(harness.call('listOutbox'));
    expect(listed.value).toHaveLength(QUEUED);
    expect(listed.value.map((i) => i.serial)).toEqual(
      Array.from({ length: QUEUED }, (_, i) => `NOBODY-${i + 1}`),
    );
    // 250 rows a turn: 80 pages. Read at once, the answer came within two turns.
    expect(listed.turns).toBeGreaterThanOrEqual(QUEUED / 250 - 1);

    const notice = new Promise<PushEvent & { type: 'outbox' }>((resolve) => {
      const stop = harness.core.onEvent((event) => {
        if (event.type !== 'outbox') return;
        stop();
        resolve(event);
      });
    });
    // Discarding one changes the queue: its notice lists the rest, a page per turn.
    const announced = await turnsWhile(
      harness.call('discardOutboxItem', { id: 'q-1' }).then(() => notice),
    );
    expect(announced.value.items).toHaveLength(QUEUED - 1);
    expect(announced.turns).toBeGreaterThanOrEqual(QUEUED / 250 - 2);
  });
});
