/**
 * Actions the server may have applied, half-applied, or applied without our hearing of it.
 * Each case was a bug the reliability suite found; these pin "nothing lost, nothing
 * duplicated, nothing half-applied" for them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../helpers/reliability-ops';
import { eventually, loadPools, syncUntilEmpty, type Pools } from '../../helpers/reliability-pools';
import { World } from '../../helpers/reliability-world';

let world: World;
let pools: Pools;

beforeAll(async () => {
  world = await World.start({ devices: 60 });
  pools = await loadPools(world);
}, 60_000);
afterAll(() => world.close());
beforeEach(() => world.freshCore());
afterEach(() => world.sandbox.clearFaults());

const address = { line1: '1 Test Street', city: 'Testville', country: 'DE' };

describe('actions the server may have half done or done without our knowing', () => {
  it('a move whose install step answers 5xx is kept in the outbox to be finished, not dropped half-done', async () => {
    // A move is uninstall-then-install. When the install step answers 5xx (or 429) after the
    // uninstall succeeded, the move stays queued with its first step recorded (stepsDone), so
    // a later run finishes it (a device that is nowhere is installed at the target).
    const action = ACTIONS.moveDevice(pools);
    world.setFaults({
      pathPattern: `^/v1/devices/${action.serial}/install$`,
      methods: ['POST'],
      failNext: { count: 1, kind: 'error', status: 503 },
    });
    const result = await world.invoke('moveDevice', action.input);
    expect(result.ok && result.value.status, 'kept to be finished').toBe('queued');
    expect(await world.harness.call('listOutbox')).toMatchObject([
      { serial: action.serial, state: 'queued', stepsDone: 1, lastError: { kind: 'server' } },
    ]);
    await syncUntilEmpty(world);
    expect(world.sandbox.deviceLocation(action.serial)?.id).toBe(action.history.at(-1));
    // Uninstalled once, installed once: the finished move sent no step twice.
    expect(world.effects.history(action.serial, action.history[0] ?? null)).toEqual(action.history);
  });

  it('an install whose 2xx answer is unreadable is confirmed by reading the device, without sending it again', async () => {
    // The server installed the device and its answer arrived truncated. A 2xx with an unreadable
    // body means "maybe done": the replay reads the device back and settles it (replay.ts).
    const action = ACTIONS.installDevice(pools);
    world.setFaults({
      pathPattern: action.target.path,
      methods: ['POST'],
      failNext: { count: 1, kind: 'malformed', afterHandling: true },
    });
    const result = await world.invoke('installDevice', action.input);
    expect(world.sandbox.deviceLocation(action.serial)?.id).toBe(action.history[1]);
    const outbox = await world.harness.call('listOutbox');
    const tracked = result.ok || outbox.some((i) => i.serial === action.serial);
    expect(
      tracked,
      'the server installed it, but the app says it failed and keeps no record to check',
    ).toBe(true);
    expect(result.ok && result.value.status).toBe('done');
    expect(world.effects.history(action.serial, null)).toEqual(action.history);
  });

  it('a createLocation whose answer was lost finds the created location instead of inviting a duplicate', async () => {
    // The server created the location and the answer was lost. Before reporting a failure
    // (which invites a retry and a second store), the core looks for a location with the same
    // name and address and returns it (replay.ts, create_location).
    const name = 'Reliability lost-answer store';
    world.setFaults({
      pathPattern: '^/v1/locations$',
      methods: ['POST'],
      failNext: { count: 1, kind: 'drop', afterHandling: true },
    });
    const first = await world.invoke('createLocation', { name, address });
    expect(first).toMatchObject({ ok: true, value: { status: 'done', location: { name } } });
    const onServer = (
      await world.api<{ data: { name: string }[] }>('/locations?per_page=500')
    ).data.filter((l) => l.name === name);
    expect(onServer, 'one store, created twice').toHaveLength(1);
  });

  it('retrying a failed item while a sync runs never lets the same device’s later item overtake it', async () => {
    // Install S, then uninstall S, both queued; the install fails (an unreadable answer, read
    // back as not applied: a 5xx would only keep it queued) and is retried while the run is
    // still busy with another device. The uninstall must wait behind it: only the
    // oldest outbox item of a device ever runs (sync/replay.ts), so the device ends uninstalled,
    // as the technician's last action said.
    const serial = pools.uninstalled();
    const slow = pools.uninstalled();
    const at = pools.locations[0] ?? '';
    await world.takeDown();
    for (const input of [
      ['installDevice', { serial, locationId: at }],
      ['uninstallDevice', { serial, locationId: at }],
      ['installDevice', { serial: slow, locationId: at }],
    ] as const) {
      expect((await world.invoke(input[0], input[1])).ok).toBe(true);
    }
    // The install fails once; the other device's lookup is slow, so the run is still going
    // when the technician taps "retry".
    await world.bringUp({
      pathPattern: `^/v1/devices/(${serial}/install|${slow})$`,
      methods: ['GET', 'POST'],
      latencyMs: 1_500,
      failNext: { count: 1, kind: 'malformed' },
    });
    const run = world.invoke('syncNow');
    const failed = async () =>
      (await world.harness.call('listOutbox')).find(
        (i) => i.serial === serial && i.state === 'failed',
      );
    expect(await eventually(async () => (await failed()) !== undefined)).toBe(true);
    const item = await failed();
    await world.harness.call('retryOutboxItem', { id: item?.id ?? '' });
    await run;
    world.sandbox.clearFaults();
    await syncUntilEmpty(world);
    expect(world.effects.history(serial, null), 'the install ran after the uninstall').toEqual([
      null,
      at,
      null,
    ]);
    expect(world.sandbox.deviceLocation(serial)).toBeNull();
  }, 20_000);
});
