/**
 * A visit's record at scale (decision record 68): an old visit's receipt stays complete however
 * many actions follow it (the activity table beside the chain is trimmed; the chain is not),
 * and a visit of thousands of entries is read whole — its receipt, its CSV's record, a check of
 * it — a page at a time, never holding the core's thread in one block. Real core, real
 * keychain, real sandbox, real SQLite files. No wall time is asserted: the event loop is seen
 * to turn while a visit is read (its pages), and its longest delay stays under a bound far
 * above the 50 ms budget, for a shared, busy machine.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { uninstalledSerials, useSandboxWorld } from '../../helpers/store-world';

const world = useSandboxWorld('fi-record-scale-');
const NEWER_ACTIONS = 6_000;

/** How often the event loop turned, and its longest delay, while `work` ran. */
async function whileWatched<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let turns = 0;
  let watching = true;
  const tick = () => {
    turns += 1;
    if (watching) setImmediate(tick);
  };
  delay.enable();
  setImmediate(tick);
  try {
    const value = await work();
    return { value, turns, maxMs: delay.max / 1e6 };
  } finally {
    watching = false;
    delay.disable();
  }
}

describe('the record at scale', () => {
  it(`an old visit's receipt is complete after ${NEWER_ACTIONS.toLocaleString('en')} newer actions, and a long visit is read a page at a time`, async () => {
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.harness.call('installDevice', { serial, locationId: at });
    await world.harness.call('recordVerification', {
      serial,
      locationId: at,
      walkTestReason: 'Nobody could walk past: the door was being painted',
      note: 'Above the door',
    });
    const old = (await world.harness.call('finishVisit', {
      signOff: { signed: false, reason: 'Nobody from the store present' },
    }))!;
    const before = await world.harness.call('visitReceipt', { visitId: old.id });

    for (let i = 0; i < NEWER_ACTIONS; i++)
      await world.harness.call('recordVerification', {
        serial,
        locationId: at,
        walkTestReason: 'Checked again',
      });

    const after = await world.harness.call('visitReceipt', { visitId: old.id });
    // Everything the record says; the queue's link (plumbing, not proof) went with the cache.
    const said = (entries: { intentId: string | null }[] = []) =>
      entries.map(({ intentId: _link, ...rest }) => rest);
    expect(said(after?.entries)).toEqual(said(before?.entries));
    expect(after?.entries.map((e) => e.action)).toEqual(['install', 'verify']);
    expect(after?.visit.entries).toBe(before?.visit.entries);
    expect(after?.proof).toMatchObject({ broken: null, cache: null, photo: null });

    // The visit in progress: thousands of entries, read whole three ways.
    const read = await whileWatched(async () => {
      const receipt = await world.harness.call('visitReceipt', {});
      const record = await world.harness.call('visitRecord', { visitId: receipt!.visit.id });
      const check = await world.harness.call('checkReceipt', {
        hash: record.at(-1)!.hash,
        visitId: receipt!.visit.id,
        entries: record.map(({ n, hash }) => ({ n, hash })),
      });
      return { receipt, record, check };
    });
    expect(read.value.receipt?.entries).toHaveLength(NEWER_ACTIONS);
    expect(read.value.record.length).toBeGreaterThan(NEWER_ACTIONS);
    expect(read.value.check).toMatchObject({ verdict: 'match' });
    // Three reads of over 6,000 entries, 250 a page: the loop turned between the pages.
    expect(read.turns).toBeGreaterThanOrEqual(3 * Math.floor(NEWER_ACTIONS / 250));
    if (process.env.SHOW_DELAY)
      console.log('event loop', read.turns, 'turns, max', read.maxMs, 'ms');
    expect(read.maxMs).toBeLessThan(500);
  }, 300_000);
});
