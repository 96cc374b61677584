/**
 * Fault matrix: every fault the sandbox injects × every kind of operation, through the real
 * core (real keychain, real databases) against the real sandbox over HTTP. For each cell: the
 * technician gets the right error kind with words and a next step (or, for a read, the value —
 * retried, or from the local database); nothing is lost (an action that got no answer, or met
 * server trouble, waits in the outbox and lands once the fault is gone); nothing is duplicated
 * or half-applied (the server's own record of effective changes matches the intended history
 * exactly).
 * Stalled bodies and TLS have their own files (fault-matrix-stall / fault-matrix-tls).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppErrorShape, Envelope } from '../../../electron/shared';
import {
  ALL_ATTEMPTS,
  FAULTS,
  LATENCY_MS,
  RETRY_AFTER_S,
  hits,
  type FaultCase,
  type Target,
} from '../../helpers/reliability-faults';
import {
  ACTIONS,
  ACTION_NAMES,
  actionRequests,
  moveFaultOnInstallStep,
  type PreparedAction,
} from '../../helpers/reliability-ops';
import { loadPools, syncUntilEmpty, type Pools } from '../../helpers/reliability-pools';
import { World } from '../../helpers/reliability-world';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

let world: World;
let pools: Pools;
let armed: FaultCase | null = null;
/** Log position when the test's fault was armed: request counts are the test's own. */
let mark = 0;

beforeAll(async () => {
  world = await World.start();
  pools = await loadPools(world);
}, 60_000);
afterAll(() => world.close());

beforeEach(async () => {
  await world.freshCore();
});
afterEach(async () => {
  await armed?.heal(world);
  armed = null;
  world.sandbox.clearFaults();
});

async function arm(fault: FaultCase, target: Target, count = 1) {
  armed = fault;
  mark = world.requests().length;
  await fault.arm(world, target, count);
}

function expectWords(envelope: Envelope<unknown>, kind: string): AppErrorShape {
  if (envelope.ok)
    throw new Error(
      `expected a ${kind} error, got ${JSON.stringify(envelope.value).slice(0, 200)}`,
    );
  expect(envelope.error.kind).toBe(kind);
  const { message, nextStep } = errorWords(envelope.error);
  expect(message.trim()).not.toBe('');
  expect(nextStep.trim()).not.toBe('');
  if (kind === 'rate_limited') expect(envelope.error.retryAfterS).toBeDefined();
  return envelope.error;
}

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};

interface WriteCell {
  fault: FaultCase;
  name: string;
  prepare: (p: Pools) => PreparedAction;
}
const writeCells: WriteCell[] = [
  ...FAULTS.flatMap((fault) =>
    ACTION_NAMES.map((op) => ({ fault, name: `${fault.name} × ${op}`, prepare: ACTIONS[op] })),
  ),
  // Half a move done when the fault hits: the replay must finish it, not redo it.
  ...FAULTS.filter((f) => f.name !== 'server down' && !f.name.startsWith('latency')).map(
    (fault) => ({
      fault,
      name: `${fault.name} × moveDevice (on its install step)`,
      prepare: moveFaultOnInstallStep,
    }),
  ),
];

describe('state changes (install, uninstall, move)', () => {
  it.each(writeCells)('$name', async ({ fault, prepare }: WriteCell) => {
    const action = prepare(pools);
    const op = action.name;
    const everyPost = actionRequests(action.serial);
    const onInstallStep = action.name === 'moveDevice' && !action.target.path.includes('(un)?');
    await arm(fault, action.target);
    const { value: result, ms } = await timed(() => world.invoke(op, action.input));
    const final = action.history.at(-1) ?? null;
    // An unreadable answer to a move's second step, read back as not applied, leaves the
    // half-done move in the outbox as failed for the technician to retry (it is not dropped).
    const halfDoneFailure = onInstallStep && fault.write !== 'done' && fault.write !== 'queued';

    if (fault.write === 'done') {
      expect(result.ok && result.value.status).toBe('done');
      if (fault.name.startsWith('latency')) expect(ms).toBeGreaterThanOrEqual(LATENCY_MS);
      expect(await world.harness.call('listOutbox')).toEqual([]);
      // An answer lost after the server acted is settled by reading, never by sending again.
      expect(hits(world, everyPost, mark)).toBe(action.steps);
    } else if (fault.write === 'queued' || halfDoneFailure) {
      expect(result.ok && result.value.status).toBe('queued');
      const outbox = await world.harness.call('listOutbox');
      expect(outbox.map((i) => [i.serial, i.state])).toEqual([
        [action.serial, halfDoneFailure ? 'failed' : 'queued'],
      ]);
      if (onInstallStep) expect(outbox[0]?.stepsDone).toBe(1);
      if (fault.name.startsWith('429'))
        expect(outbox[0]?.lastError).toMatchObject({
          kind: 'rate_limited',
          retryAfterS: RETRY_AFTER_S,
        });
      if (fault.name.startsWith('5xx'))
        expect(outbox[0]?.lastError).toMatchObject({ kind: 'server', status: 503 });
      expect((await world.harness.call('sessionStatus')).online).toBe(fault.answered === true);
      await fault.heal(world);
      world.sandbox.clearFaults();
      if (halfDoneFailure) await world.harness.call('retryOutboxItem', { id: outbox[0]?.id ?? '' });
      await syncUntilEmpty(world);
      // Each step reached the server once, plus the one request the fault refused (none
      // while the server was down).
      expect(hits(world, everyPost, mark)).toBe(
        action.steps + (fault.name === 'server down' ? 0 : 1),
      );
    } else {
      expectWords(result, fault.write);
      expect(await world.harness.call('listOutbox')).toEqual([]);
      // State-changing requests are never repeated blindly.
      expect(hits(world, everyPost, mark)).toBe(1);
      await fault.heal(world);
    }

    const applied = fault.write === 'done' || fault.write === 'queued' || halfDoneFailure;
    expect(world.sandbox.deviceLocation(action.serial)?.id ?? null).toBe(
      applied ? final : action.history[0],
    );
    // Nothing ran twice: the server changed the device exactly as intended, step by step.
    expect(world.effects.history(action.serial, action.history[0] ?? null)).toEqual(
      applied ? action.history : [action.history[0]],
    );
  });
});

const createCells = FAULTS.map((fault) => ({ fault, name: `${fault.name} × createLocation` }));
let created = 0;

describe('createLocation (queued like every change; a refusal is for the form)', () => {
  it.each(createCells)('$name', async ({ fault }: { fault: FaultCase }) => {
    const name = `Reliability store ${++created}`;
    const target: Target = { path: '^/v1/locations$', method: 'POST' };
    await arm(fault, target);
    const result = await world.invoke('createLocation', {
      name,
      address: { line1: '1 Test Street', city: 'Testville', country: 'DE' },
    });
    if (fault.createLocation === 'ok') {
      expect(result.ok && result.value).toMatchObject({ status: 'done', location: { name } });
    } else if (fault.createLocation === 'queued') {
      expect(result.ok && result.value).toMatchObject({ status: 'queued', location: { name } });
    } else {
      expectWords(result, fault.createLocation);
    }
    if (fault.name !== 'server down') expect(hits(world, target, mark)).toBe(1);
    await fault.heal(world);
    world.sandbox.clearFaults();
    if (fault.createLocation === 'queued') await syncUntilEmpty(world);
    const onServer = (
      await world.api<{ data: { name: string }[] }>('/locations?per_page=500')
    ).data.filter((l) => l.name === name);
    // Never two stores: one when it was (or later got) created, none when refused.
    expect(onServer).toHaveLength(fault.processed || fault.createLocation === 'queued' ? 1 : 0);
  });
});

const RETRIED = new Set(['offline', 'server', 'rate_limited']);
const CONNECTIVITY = new Set(['offline', 'timeout', 'dns']);
const readCells = FAULTS.map((fault) => ({ fault, name: `${fault.name} × getDevice (fresh)` }));

describe('reads', () => {
  it.each(readCells)('$name', async ({ fault }: { fault: FaultCase }) => {
    const serial = pools.anySerial();
    await world.harness.call('syncNow'); // the device is in the local database
    const target: Target = { path: `^/v1/devices/${serial}$`, method: 'GET' };
    await arm(fault, target);
    const { value: result, ms } = await timed(() =>
      world.invoke('getDevice', { serial, fresh: true }),
    );
    if (fault.readOnce !== 'ok') {
      if (CONNECTIVITY.has(fault.readOnce)) {
        // Offline: the saved copy answers.
        expect(result.ok && result.value).toMatchObject({
          source: 'cache',
          value: { serial },
        });
      } else {
        expectWords(result, fault.readOnce);
      }
      return;
    }
    expect(result.ok && result.value.source).toBe('network');
    if (fault.name.startsWith('latency')) expect(ms).toBeGreaterThanOrEqual(LATENCY_MS);
    if (fault.name.startsWith('429')) expect(ms).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
    // A GET that met a passing fault was tried again, once.
    expect(hits(world, target, mark)).toBe(fault.readAlways ? 2 : 1);
  });

  const always = FAULTS.filter((f) => f.readAlways && !f.processed).map((fault) => ({
    fault,
    name: `${fault.name} on every attempt × getDevice (fresh)`,
  }));
  it.each(always)('$name', async ({ fault }: { fault: FaultCase }) => {
    const serial = pools.anySerial();
    await world.harness.call('syncNow');
    const target: Target = { path: `^/v1/devices/${serial}$`, method: 'GET' };
    await arm(fault, target, ALL_ATTEMPTS);
    const result = await world.invoke('getDevice', { serial, fresh: true });
    const kind = fault.readAlways ?? '';
    expect(RETRIED.has(kind)).toBe(true);
    if (CONNECTIVITY.has(kind)) expect(result.ok && result.value.source).toBe('cache');
    else expectWords(result, kind);
    expect(hits(world, target, mark)).toBe(ALL_ATTEMPTS);
  });
});

const listCells = FAULTS.map((fault) => ({
  fault,
  name: `${fault.name} × queryDevices while the device list downloads`,
}));
const ALL_DEVICES = { view: 'all', offset: 0, limit: 500 } as const;
const placesOf = (rows: { serial: string; location: { id: string } | null }[]) =>
  rows.map((d) => [d.serial, d.location?.id ?? null]);

describe('reads from the local database while a list download meets the fault', () => {
  it.each(listCells)('$name', async ({ fault }: { fault: FaultCase }) => {
    await world.harness.call('syncNow');
    const primed = await world.harness.call('queryDevices', ALL_DEVICES);
    expect(primed.rows.length).toBeGreaterThan(0);
    expect(primed.fetchedAt).not.toBeNull();
    const target: Target = { path: '^/v1/devices$', method: 'GET' };
    const attempts = fault.readAlways ? ALL_ATTEMPTS : 1;
    await arm(fault, target, attempts);

    // The read never waits for the network: the saved rows answer at once.
    const { value: during, ms } = await timed(() => world.invoke('queryDevices', ALL_DEVICES));
    expect(during.ok && during.value).toEqual(primed);
    expect(ms).toBeLessThan(LATENCY_MS);

    if (fault.name === 'server down') {
      // A scanned serial is still found while offline, in the saved list.
      const serial = primed.rows[0]?.serial ?? '';
      const device = await world.invoke('getDevice', { serial });
      expect(device.ok && device.value).toMatchObject({
        source: 'cache',
        value: { serial },
      });
    }
    await world.harness.call('syncNow');
    const after = await world.harness.call('queryDevices', ALL_DEVICES);
    // The same devices in the same places (live fields such as check-ins may move on).
    expect(placesOf(after.rows)).toEqual(placesOf(primed.rows));
    if (fault.readOnce === 'ok' && fault.name !== 'server down') {
      // Slow or briefly failing, not broken: the download is retried and lands.
      expect(hits(world, target, mark)).toBeGreaterThanOrEqual(attempts);
      expect(after.fetchedAt).not.toBe(primed.fetchedAt);
    } else {
      // A failed download leaves the saved rows as they were.
      expect(after.fetchedAt).toBe(primed.fetchedAt);
      const devices = (await world.harness.call('syncStatus')).tasks.find(
        (t) => t.resource === 'devices',
      );
      if (fault.name !== 'server down')
        expect(devices).toMatchObject({ state: 'failed', error: { kind: fault.readOnce } });
    }
  });
});
