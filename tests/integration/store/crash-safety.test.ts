/**
 * "Acknowledged" means on disk: a core SIGKILLed at random points — while queueing offline,
 * while replaying the queue, in the middle of moves — never loses an action it answered
 * 'queued' or 'done' for, and never applies one twice. A core in a child process
 * (tests/helpers/core-child.ts) prints a line per acknowledged action; the parent kills it
 * after a random delay and starts another, over and over, on three data dirs at once. Then a
 * clean core per data dir must drain its queue by itself (no syncNow) and the sandbox must show
 * every acknowledged action applied exactly once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView as Device, LocationView as Location } from '../../../electron/shared';
import { startCoreHarness } from '../../helpers/core-harness';
import type { ChildAction } from '../../helpers/core-child';
import {
  applied,
  hostSandbox,
  runCoreChild,
  serverLocations,
  signInAndSync,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from '../../helpers/store-world';

const LANES = 3;
const OFFLINE_KILLS = 14;
const REPLAY_KILLS = 12;
const MOVE_KILLS = 10;

let root: string;
let host: SandboxHost;
let locations: Location[];
let uninstalled: string[];
let installed: Device[];

interface Lane {
  dataDir: string;
  keychainService: string;
}
const lanes: Lane[] = [];

/** What each serial was asked to do, and whether the core acknowledged it. */
interface Asked {
  action: ChildAction;
  acked: 'queued' | 'done' | null;
}
const asked = new Map<string, Asked>();
let kills = 0;

const random = (max: number) => Math.floor(Math.random() * max);
const pickLocation = () => locations[random(locations.length)]!;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-crash-'));
  host = await hostSandbox(join(root, 'sandbox.json'), { devices: 2400, seed: 7 });
  for (let i = 0; i < LANES; i++) {
    const lane = {
      dataDir: join(root, `lane-${i}`),
      keychainService: `field-installer-test-${randomUUID()}`,
    };
    const harness = await startCoreHarness(lane);
    await signInAndSync(harness, host.sandbox);
    if (i === 0) {
      locations = await serverLocations(harness);
      uninstalled = await uninstalledSerials(harness, 560);
      const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 500 });
      installed = all.rows.filter((d) => d.location !== null && d.location !== undefined);
    }
    await harness.close();
    lanes.push(lane);
  }
}, 60_000);

afterAll(async () => {
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * One child: starts on the lane's dir, acts, and is SIGKILLed `killAfter` ms after it is up —
 * or, with `afterFirstAck`, that long after its first action was acknowledged.
 */
async function cycle(
  lane: Lane,
  actions: ChildAction[],
  killAfterMs: number,
  afterFirstAck = false,
): Promise<void> {
  for (const action of actions) asked.set(action.serial, { action, acked: null });
  const child = await runCoreChild({ ...lane, actions });
  await child.waitLine((l) => l.ready === true || l.startError !== undefined, 20_000);
  const start = child.lines.find((l) => l.startError);
  if (start)
    throw new Error(`core did not start after a kill: ${JSON.stringify(start.startError)}`);
  if (afterFirstAck) await child.waitLine((l) => l.ack !== undefined, 20_000);
  await new Promise((r) => setTimeout(r, killAfterMs));
  child.kill('SIGKILL');
  const { signal } = await child.exited;
  if (signal === 'SIGKILL') kills++;
  for (const line of child.lines) {
    if (line.ack !== undefined) asked.get(actions[line.ack]!.serial)!.acked = line.status ?? null;
    if (line.fail !== undefined) throw new Error(`action refused: ${JSON.stringify(line)}`);
  }
}

function takeSerials(n: number): string[] {
  const out = uninstalled.splice(0, n);
  if (out.length < n) throw new Error('ran out of uninstalled devices');
  return out;
}

describe('crash safety of the queue', () => {
  it('keeps every acknowledged action through 100+ SIGKILLs and applies each exactly once', async () => {
    const started = Date.now();

    // 1. Queueing offline: the server is down; children queue installs and die mid-burst.
    // A core starts believing it is online, so its first action waits for its reads of the
    // refused server to be tried again (seconds); the rest of the burst then commits within
    // milliseconds. Every other child is killed at a random point of that burst, the others
    // at a random point after start, so kills land both before and among acknowledgements.
    await host.down();
    await Promise.all(
      lanes.map(async (lane) => {
        for (let k = 0; k < OFFLINE_KILLS; k++) {
          const actions = takeSerials(10).map((serial): ChildAction => ({
            op: 'install',
            serial,
            locationId: pickLocation().id,
          }));
          await (k % 2 === 1
            ? cycle(lane, actions, random(40), true)
            : cycle(lane, actions, random(3000)));
        }
      }),
    );

    // 2. Replaying: the server is back (a little slow on writes); each child's engine replays
    // the queue by itself, the technician keeps installing, and the child dies mid-replay.
    await host.back({ faults: { latencyMs: 30, methods: ['POST'] } });
    await Promise.all(
      lanes.map(async (lane) => {
        for (let k = 0; k < REPLAY_KILLS; k++) {
          const actions = takeSerials(3).map((serial): ChildAction => ({
            op: 'install',
            serial,
            locationId: pickLocation().id,
          }));
          await cycle(lane, actions, random(1500));
        }
      }),
    );

    // 3. Moves: two steps each (uninstall there, install here); kills land between them.
    host.sandbox.clearFaults();
    host.sandbox.setFaults({ latencyMs: 40 });
    const movable = [...installed];
    await Promise.all(
      lanes.map(async (lane) => {
        for (let k = 0; k < MOVE_KILLS; k++) {
          const actions = movable.splice(0, 4).map((device): ChildAction => {
            const from = device.location!.id;
            const to =
              locations.find((l) => l.id !== from && Math.random() < 0.3) ??
              locations.find((l) => l.id !== from)!;
            return {
              op: 'move',
              serial: device.serial,
              fromLocationId: from,
              toLocationId: to.id,
            };
          });
          await cycle(lane, actions, random(1500));
        }
      }),
    );
    host.sandbox.clearFaults();

    // 4. A clean core per data dir drains its queue by itself.
    for (const lane of lanes) {
      const harness = await startCoreHarness(lane);
      try {
        await waitFor(
          async () => (await harness.call('sessionStatus')).queued === 0,
          60_000,
          `lane ${lane.dataDir} to drain its queue (left: ${JSON.stringify(await harness.call('listOutbox'))})`,
          200,
        );
        expect(await harness.call('listOutbox')).toEqual([]);
        expect((await harness.call('sessionStatus')).storage.outboxDamage).toBeNull();
      } finally {
        await harness.close();
      }
    }

    // 5. The sandbox: every acknowledged action applied, none twice.
    const log = host.requests();
    let acknowledged = 0;
    let appliedCount = 0;
    const problems: string[] = [];
    for (const [serial, entry] of asked) {
      const at = host.sandbox.deviceLocation(serial)?.id ?? null;
      const { action } = entry;
      const target2 =
        action.op === 'move'
          ? action.toLocationId
          : action.op === 'install'
            ? action.locationId
            : null;
      const installs = applied(log, serial, 'install');
      const uninstalls = applied(log, serial, 'uninstall');
      const isApplied = at === target2;
      if (isApplied) appliedCount++;
      if (installs > 1 || uninstalls > 1)
        problems.push(`${serial}: sent twice (install ${installs}, uninstall ${uninstalls})`);
      if (entry.acked === null) {
        // Never acknowledged: it may or may not have been committed, but never half-applied.
        if (entry.action.op === 'move' && !isApplied && at !== entry.action.fromLocationId)
          problems.push(`${serial}: unacknowledged move left it at ${at}`);
        continue;
      }
      acknowledged++;
      if (!isApplied)
        problems.push(
          `${serial}: acknowledged ${entry.action.op} (${entry.acked}) not applied (at ${at}, wanted ${target2})`,
        );
      if (entry.action.op === 'install' && installs !== 1)
        problems.push(`${serial}: ${installs} installs applied`);
      if (entry.action.op === 'move' && (installs !== 1 || uninstalls !== 1))
        problems.push(
          `${serial}: move applied as ${uninstalls} uninstall(s) + ${installs} install(s)`,
        );
    }
    const summary = {
      kills,
      acknowledged,
      applied: appliedCount,
      asked: asked.size,
      durationMs: Date.now() - started,
    };
    console.log(JSON.stringify({ crashSafety: summary }));
    expect(problems).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(100);
    // The kills must not all land before anything was acknowledged.
    expect(acknowledged).toBeGreaterThan(50);
  }, 240_000);
});
