/**
 * Soak: 1,000 installs, uninstalls and moves through the real core against the sandbox, with
 * a fault armed before 20 % of the actions (5xx, dropped connection, answer lost after the
 * server acted, malformed JSON, 429 with Retry-After 0–1 s) and the server going down and
 * coming back (same port, same data file) several times. The test knows where every device is
 * MEANT to be; at the end it syncs until the outbox is empty and checks the server agrees.
 *
 * "No action ran twice" — precisely: the sandbox's request log, read at the moment each
 * request was handled (see reliability-effects.ts), yields each device's sequence of
 * EFFECTIVE changes (a request after which the device's location differed). That sequence
 * must equal the intended one: install = one change to its location, uninstall = one change
 * to none, move = to none then to its target. So every action took effect exactly once
 * (at most one 2xx-or-lost POST that changed the location per install/uninstall step), in
 * order, across restarts — a replay that re-sent a done action would add a change, a lost
 * action would miss one. 2xx requests that changed nothing are counted and printed; every
 * action, sent at once or replayed, goes through the same state-checked replay (the device is
 * read before sending, and read back when the outcome is unknown), so few are expected.
 * A 5xx or 429 on an action leaves it queued (it is not refused), and a later run settles it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FaultKind } from '../../../electron/sandbox/index';
import { World } from '../../helpers/reliability-world';
import { loadPools, type Pools } from '../../helpers/reliability-pools';
import {
  changesOf,
  perform,
  seeded,
  type Intent,
  type Tally,
} from '../../helpers/reliability-technician';

const ACTIONS = 1_000;
const FAULT_RATE = 0.2;
const DEVICES = 60;
const DOWN_AT = [150, 380, 610, 840];
const DOWN_FOR_ACTIONS = 40;
const SCOPE = { pathPattern: '^/v1/devices/[^/]+/(un)?install$', methods: ['POST'] };
const MIX: { kind: FaultKind; afterHandling?: boolean }[] = [
  { kind: 'error' },
  { kind: 'drop' },
  { kind: 'drop', afterHandling: true },
  { kind: 'malformed' },
  { kind: 'rate_limit' },
];

let world: World;
let pools: Pools;

beforeAll(async () => {
  world = await World.start({ seed: 23 });
  await world.signIn();
  pools = await loadPools(world);
}, 60_000);
afterAll(() => world.close());

/** Whether the last armed fault is still waiting for a request to hit. */
async function faultPending(): Promise<boolean> {
  const current = (await (await fetch(`${world.sandbox.origin}/_sandbox/faults`)).json()) as {
    failNext?: unknown;
  };
  return current.failNext !== undefined;
}

it(`${ACTIONS} actions with ${FAULT_RATE * 100} % faults and ${DOWN_AT.length} server restarts end where intended, each applied once`, async () => {
  const started = performance.now();
  const random = seeded(20_240_601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const serials = Array.from({ length: DEVICES }, () => pools.uninstalled());
  const intended = new Map<string, string | null>(serials.map((s) => [s, null]));
  const expected = new Map<string, (string | null)[]>(serials.map((s) => [s, [null]]));
  const tally: Tally = { actions: 0, sentDirectly: 0, queued: 0, retries: 0, rateLimitedWaitMs: 0 };
  let armed = 0;
  let lostToRestart = 0;
  let replayed = 0;
  let conflictsSeen = 0;
  let syncTaps = 0;
  let offlineSince: number | null = null;
  let offlineMs = 0;
  let offlineEpisodes = 0;
  world.harness.core.onEvent((event) => {
    if (event.type === 'connectivity') {
      if (!event.online) {
        offlineSince = performance.now();
        offlineEpisodes++;
      } else if (offlineSince !== null) {
        offlineMs += performance.now() - offlineSince;
        offlineSince = null;
      }
    }
    if (event.type === 'sync') {
      replayed += event.report.done;
      conflictsSeen = Math.max(conflictsSeen, event.report.conflicts);
    }
  });
  // The technician waits for the first sync, then reads the locations and the inventory.
  await world.harness.call('syncNow');
  await world.harness.call('listLocations');
  await world.harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 500 });
  world.setFaults(SCOPE);

  let downSince: number | null = null;
  for (let i = 0; i < ACTIONS; i++) {
    if (DOWN_AT.includes(i)) {
      if (await faultPending()) lostToRestart++;
      await world.takeDown();
      downSince = i;
    } else if (downSince !== null && i - downSince >= DOWN_FOR_ACTIONS) {
      await world.bringUp(SCOPE);
      downSince = null;
    }
    if (downSince === null && random() < FAULT_RATE && !(await faultPending())) {
      const fault = pick(MIX);
      world.setFaults({ retryAfterS: random() < 0.5 ? 0 : 1, failNext: { count: 1, ...fault } });
      armed++;
    }
    const serial = pick(serials);
    const at = intended.get(serial) ?? null;
    const intent: Intent =
      at === null
        ? { kind: 'install', serial, to: pick(pools.locations) }
        : random() < 0.5
          ? { kind: 'uninstall', serial, from: at }
          : { kind: 'move', serial, from: at, to: pick(pools.locations.filter((l) => l !== at)) };
    const outcome = await perform(world, intent, tally);
    // People are slower than this loop: half the time the technician notices "queued" and taps
    // "Sync now" before the next scan; the other half the queue keeps growing behind the scenes.
    if (outcome === 'queued' && downSince === null && random() < 0.5) {
      syncTaps++;
      await world.invoke('syncNow');
    }
    intended.set(serial, intent.kind === 'uninstall' ? null : intent.to);
    expected.get(serial)?.push(...changesOf(intent));
    // A technician glancing at the outbox taps "retry" on anything that failed.
    if (i % 50 === 49) await retryFailed();
  }

  await world.bringUp(SCOPE);
  if (await faultPending()) lostToRestart++;
  world.sandbox.clearFaults();
  const rounds = await syncUntilEmpty(30);
  const seconds = (performance.now() - started) / 1000;
  const log = world.requests();
  const conflicts409 = log.filter((r) => r.status === 409).length;

  console.log(
    '[soak]',
    JSON.stringify({
      actions: tally.actions,
      sentDirectly: tally.sentDirectly,
      queued: tally.queued,
      replayed,
      conflicts: conflictsSeen + conflicts409,
      faultsInjected: armed - lostToRestart,
      technicianRetries: tally.retries,
      syncNowTaps: syncTaps,
      rateLimitedWaitS: tally.rateLimitedWaitMs / 1000,
      serverRestarts: world.restarts,
      offlineEpisodes,
      offlineS: Number((offlineMs / 1000).toFixed(1)),
      effectiveChanges: world.effects.total(),
      devicePosts: world.effects.devicePosts,
      postsThatChangedNothing: world.effects.noOps,
      finalSyncRounds: rounds,
      durationS: Number(seconds.toFixed(1)),
    }),
  );

  expect(tally.actions).toBe(ACTIONS);
  expect(world.restarts).toBe(DOWN_AT.length);
  expect(await world.harness.call('listOutbox')).toEqual([]);
  expect(conflictsSeen + conflicts409).toBe(0);
  for (const serial of serials) {
    expect(world.sandbox.deviceLocation(serial)?.id ?? null, serial).toBe(intended.get(serial));
    expect(world.effects.history(serial, null), `effective changes of ${serial}`).toEqual(
      expected.get(serial),
    );
  }
  // Enough faults really reached the server. An armed fault waits for the next device POST,
  // and actions taken while the app is offline are queued without one, so not every roll arms.
  expect(armed - lostToRestart).toBeGreaterThan(ACTIONS * FAULT_RATE * 0.6);
}, 240_000);

async function retryFailed(): Promise<void> {
  for (const item of await world.harness.call('listOutbox')) {
    if (item.state === 'failed') await world.harness.call('retryOutboxItem', { id: item.id });
  }
}

/** "Sync now" until nothing is left (bounded); failed items are retried, conflicts are bugs. */
async function syncUntilEmpty(maxRounds: number): Promise<number> {
  for (let round = 1; round <= maxRounds; round++) {
    await world.invoke('syncNow');
    const outbox = await world.harness.call('listOutbox');
    if (outbox.length === 0) return round;
    const conflict = outbox.find((i) => i.state === 'conflict');
    if (conflict) {
      const serial = conflict.serial ?? '';
      const trail = {
        conflict,
        server: world.effects.of(serial),
        requests: world.requests().filter((r) => r.path.includes(serial)),
        activity: (await world.harness.call('listActivity'))
          .filter((a) => a.serial === serial)
          .map((a) => [a.at, a.action, a.locationId, a.result, a.detail]),
      };
      throw new Error(`unexpected conflict in the soak: ${JSON.stringify(trail, null, 1)}`);
    }
    await retryFailed();
  }
  throw new Error(
    `outbox not empty after ${maxRounds} syncs: ${JSON.stringify(await world.harness.call('listOutbox'))}`,
  );
}
