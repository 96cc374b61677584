/**
 * Fault matrix: every fault the sandbox injects × every kind of operation, through the real
 * core (real keychain, real files) against the real sandbox over HTTP. For each cell: the
 * technician gets the right error kind with words and a next step (or, for a read, the value —
 * retried, or from the offline cache); nothing is lost (an action that got no answer waits in
 * the outbox and lands once the fault is gone); nothing is duplicated or half-applied (the
 * server's own record of effective changes matches the intended history exactly).
 * Stalled bodies and TLS have their own files (fault-matrix-stall / fault-matrix-tls).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppErrorShape, Envelope } from '../../../electron/contract';
import { Device } from '../../../electron/core/api/wire';
import { createCache } from '../../../electron/core/store/cache';
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
import { eventually, loadPools, syncUntilEmpty, type Pools } from '../../helpers/reliability-pools';
import { World } from '../../helpers/reliability-world';

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
  expect(envelope.error.message.trim()).not.toBe('');
  expect(envelope.error.nextStep.trim()).not.toBe('');
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
  // Half a move done when the connection goes: the replay must finish it, not redo it.
  // (A 5xx or 429 there is a known bug: see known-bugs.test.ts.)
  ...FAULTS.filter((f) => f.write === 'queued' && f.name !== 'server down').map((fault) => ({
    fault,
    name: `${fault.name} × moveDevice (on its install step)`,
    prepare: moveFaultOnInstallStep,
  })),
];

describe('state changes (install, uninstall, move)', () => {
  it.each(writeCells)('$name', async ({ fault, prepare }: WriteCell) => {
    const action = prepare(pools);
    const op = action.name;
    const everyPost = actionRequests(action.serial);
    await arm(fault, action.target);
    const { value: result, ms } = await timed(() => world.invoke(op, action.input));
    const final = action.history.at(-1) ?? null;

    if (fault.write === 'done') {
      expect(result.ok && result.value.status).toBe('done');
      expect(ms).toBeGreaterThanOrEqual(LATENCY_MS);
    } else if (fault.write === 'queued') {
      expect(result.ok && result.value.status).toBe('queued');
      const outbox = await world.harness.call('listOutbox');
      if (fault.answered) {
        // Still online: the replay that checks the device may already be running.
        expect(outbox.map((i) => i.serial)).toEqual([action.serial]);
        expect((await world.harness.call('sessionStatus')).online).toBe(true);
      } else {
        expect(outbox.map((i) => [i.serial, i.state])).toEqual([[action.serial, 'queued']]);
        expect((await world.harness.call('sessionStatus')).online).toBe(false);
      }
      await fault.heal(world);
      world.sandbox.clearFaults();
      await syncUntilEmpty(world);
      // What the server already did is recognised by the replay's state check, never re-sent:
      // each step went out exactly once.
      if (fault.processed) expect(hits(world, everyPost, mark)).toBe(action.steps);
    } else {
      expectWords(result, fault.write);
      expect(await world.harness.call('listOutbox')).toEqual([]);
      // State-changing requests are never repeated blindly.
      expect(hits(world, everyPost, mark)).toBe(1);
      await fault.heal(world);
    }

    const applied = fault.write === 'done' || fault.write === 'queued';
    expect(world.sandbox.deviceLocation(action.serial)?.id ?? null).toBe(
      applied ? final : action.history[0],
    );
    expect(world.effects.history(action.serial, action.history[0] ?? null)).toEqual(
      applied ? action.history : [action.history[0]],
    );
  });
});

const createCells = FAULTS.map((fault) => ({ fault, name: `${fault.name} × createLocation` }));
let created = 0;

describe('createLocation (never queued: it needs the server’s answer)', () => {
  it.each(createCells)('$name', async ({ fault }: { fault: FaultCase }) => {
    const name = `Reliability store ${++created}`;
    const target: Target = { path: '^/v1/locations$', method: 'POST' };
    await arm(fault, target);
    const result = await world.invoke('createLocation', {
      name,
      address: { line1: '1 Test Street', city: 'Testville', country: 'DE' },
    });
    if (fault.createLocation === 'ok') expect(result.ok && result.value.name).toBe(name);
    else expectWords(result, fault.createLocation);
    if (fault.name !== 'server down') expect(hits(world, target, mark)).toBe(1);
    await fault.heal(world);
    const onServer = (
      await world.api<{ data: { name: string }[] }>('/locations?per_page=500')
    ).data.filter((l) => l.name === name);
    expect(onServer).toHaveLength(fault.processed ? 1 : 0);
  });
});

const RETRIED = new Set(['offline', 'server', 'rate_limited']);
const readCells = FAULTS.flatMap((fault) =>
  (['listLocations', 'getDevice'] as const).map((op) => ({
    fault,
    op,
    name: `${fault.name} × ${op} (not cached)`,
  })),
);

describe('reads', () => {
  it.each(readCells)(
    '$name',
    async ({ fault, op }: { fault: FaultCase; op: 'listLocations' | 'getDevice' }) => {
      const serial = pools.anySerial();
      const target: Target =
        op === 'listLocations'
          ? { path: '^/v1/locations$', method: 'GET' }
          : { path: `^/v1/devices/${serial}$`, method: 'GET' };
      await arm(fault, target);
      const { value: result, ms } = await timed(() =>
        world.invoke(op, op === 'getDevice' ? { serial } : {}),
      );
      if (fault.readOnce !== 'ok') {
        expectWords(result, fault.readOnce);
        return;
      }
      expect(result.ok && result.value.source).toBe('network');
      if (fault.name.startsWith('latency')) expect(ms).toBeGreaterThanOrEqual(LATENCY_MS);
      if (fault.name.startsWith('429')) expect(ms).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
      // A GET that met a passing fault was tried again, once.
      expect(hits(world, target, mark)).toBe(fault.readAlways ? 2 : 1);
    },
  );

  const always = FAULTS.filter((f) => f.readAlways && !f.processed).map((fault) => ({
    fault,
    name: `${fault.name} on every attempt × listLocations`,
  }));
  it.each(always)('$name', async ({ fault }: { fault: FaultCase }) => {
    const target: Target = { path: '^/v1/locations$', method: 'GET' };
    await arm(fault, target, ALL_ATTEMPTS);
    const error = expectWords(await world.invoke('listLocations'), fault.readAlways ?? '');
    expect(RETRIED.has(error.kind)).toBe(true);
    expect(hits(world, target, mark)).toBe(ALL_ATTEMPTS);
  });
});

/** The core's own cache files, opened beside it (the cache re-reads its files on every get). */
async function inventoryCache() {
  const { baseUrl } = await world.harness.call('sessionStatus');
  const cache = createCache(join(world.harness.dataDir, 'cache'), world.harness.log);
  return cache.scope(baseUrl ?? '', world.organizationId);
}

const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();
const cachedCells = FAULTS.map((fault) => ({
  fault,
  name: `${fault.name} × listInventory (cached an hour ago)`,
}));

describe('reads with an offline cache', () => {
  it.each(cachedCells)('$name', async ({ fault }: { fault: FaultCase }) => {
    const primed = (await world.harness.call('listInventory')).value;
    const scope = await inventoryCache();
    const aged = HOUR_AGO();
    // Stale on purpose, so the read really goes to the faulty server in the background.
    await scope.set('inventory', primed, aged);
    const target: Target = { path: '^/v1/uninstalled-devices$', method: 'GET' };
    const attempts = fault.readAlways ? ALL_ATTEMPTS : 1;
    await arm(fault, target, attempts);

    const result = await world.invoke('listInventory');
    expect(result.ok && result.value).toMatchObject({
      source: 'cache',
      fetchedAt: aged,
      refreshing: true,
    });
    expect(result.ok && result.value.value).toEqual(primed);

    if (fault.name === 'server down') {
      // A scanned serial is still found while offline, in the saved inventory.
      const serial = primed[0]?.serial_number ?? '';
      const device = await world.invoke('getDevice', { serial });
      expect(device.ok && device.value).toMatchObject({
        source: 'cache',
        value: { serial_number: serial },
      });
    } else {
      expect(await eventually(() => hits(world, target, mark) >= attempts)).toBe(true);
    }
    const stored = () => scope.get('inventory', z.array(Device));
    if (fault.readOnce === 'ok' && !fault.readAlways) {
      // Only slow, not broken: the background refresh lands.
      expect(await eventually(async () => (await stored())?.fetchedAt !== aged)).toBe(true);
    } else {
      // A failed background refresh leaves the saved copy as it was.
      expect(await stored()).toEqual({ value: primed, fetchedAt: aged });
    }
  });
});
