/**
 * The queue read a part at a time (decision record 70): what a replay sends next, and which
 * intents a device read re-applies, come from queries over a real work.db instead of the whole
 * queue read for every send and every device. Each is checked against the whole-queue answer it
 * replaces, on a queue with several lanes, states and a store created offline.
 */
import { describe, expect, it } from 'vitest';
import { laneOf } from '../../../electron/core/sync/replay';
import type { Intent, IntentRows } from '../../../electron/core/store/intent-rows';
import { intent, useWorkDb } from './work-db';

const work = useWorkDb();

/** The replay's rule before: the first intent of each lane, the first of those queued. */
function headsTheOldWay(all: Intent[]): Intent[] {
  const heads = new Map<string, Intent>();
  for (const i of all) if (!heads.has(laneOf(i))) heads.set(laneOf(i), i);
  return [...heads.values()].filter((i) => i.state === 'queued');
}

function allHeads(rows: IntentRows, only?: Parameters<IntentRows['queuedHeads']>[2]): Intent[] {
  const found: Intent[] = [];
  for (let after = 0; ;) {
    const page = rows.queuedHeads(after, 3, only);
    found.push(...page.intents);
    if (page.intents.length < 3) return found;
    after = page.lastSeq;
  }
}

/** Fields of an intent that is not a device's placement. */
const fields = (serial: string | null, locationId: string | null) => ({
  serial,
  locationId,
  locationName: null,
  fromLocationId: null,
  keyFingerprint: 'test',
});

/** A queue of several lanes: devices with two actions, a failed head, a store made offline. */
function fillQueue(rows: IntentRows): void {
  const { add, update } = rows;
  add({
    ...fields(null, 'local-1'),
    kind: 'create_location',
    payload: { name: 'New', address: { line1: 'Hauptstraße 1', city: 'Ulm', country: 'DE' } },
  });
  add(intent('install', 'A-1', 'local-1'));
  add(intent('install', 'B-2', 'L-1'));
  add(intent('move', 'A-1', 'L-2', 'local-1'));
  const failed = add(intent('install', 'C-3', 'L-1'));
  update(failed.id, { state: 'failed' });
  add(intent('uninstall', 'C-3', 'L-1'));
  add(intent('install', 'D-4', 'L-1'));
  add({ ...fields(null, 'L-9'), kind: 'delete_location' });
  add({ ...fields(null, 'L-9'), kind: 'delete_location' });
  add({ ...fields('E-5', 'L-1'), kind: 'replace', payload: { replaces: 'F-6', changes: {} } });
}

describe('the queue read a part at a time', () => {
  it('finds the same lane heads as the whole queue did, a page at a time and for one lane', () => {
    fillQueue(work.intents);
    const all = work.intents.list();
    const ids = (list: Intent[]) => list.map((i) => i.id);
    expect(ids(allHeads(work.intents))).toEqual(ids(headsTheOldWay(all)));
    // The failed install of C-3 holds its lane: its uninstall is no head.
    expect(allHeads(work.intents).some((i) => i.serial === 'C-3')).toBe(false);
    expect(ids(allHeads(work.intents, { serial: 'A-1' }))).toEqual(
      ids(headsTheOldWay(all).filter((i) => laneOf(i) === 'device:A-1')),
    );
    expect(ids(allHeads(work.intents, { serial: null, locationId: 'L-9' }))).toEqual(
      ids(headsTheOldWay(all).filter((i) => laneOf(i) === 'location:L-9')),
    );
    // The install at the store created offline waits for its create, as in the whole list.
    const waiting = allHeads(work.intents).find((i) => i.serial === 'A-1');
    expect(waiting?.waitingFor).toBe(all[0]!.id);
  });

  it('gives a device read the intents that name its devices, the one a replace takes out too', () => {
    fillQueue(work.intents);
    const all = work.intents.list();
    const naming = (serials: string[]) =>
      all.filter((i) => serials.some((s) => s === i.serial || s === i.replaces));
    for (const serials of [['A-1'], ['F-6'], ['C-3', 'D-4', 'nobody'], []])
      expect(work.intents.naming(serials)).toEqual(naming(serials));
  });

  it('lists the whole queue in pages, each page as the whole list says it', () => {
    fillQueue(work.intents);
    const pages: Intent[] = [];
    for (let after = 0; ;) {
      const page = work.intents.listAfter(after, 4);
      pages.push(...page.intents);
      if (page.intents.length < 4) break;
      after = page.lastSeq;
    }
    expect(pages).toEqual(work.intents.list());
    expect(work.intents.countByState()).toEqual({ queued: 9, syncing: 0, failed: 1, conflict: 0 });
  });
});
