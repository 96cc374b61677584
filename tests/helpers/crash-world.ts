/**
 * The world of a test that kills a core between two steps of one intent and lets the next core
 * finish it (tests/integration/reliability): a sandbox kept in a file, a core signed in to it
 * in a data dir of its own, and uninstalled devices to act on. Set up before the file's tests,
 * torn down after them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DeviceView as Device, LocationView as Location } from '../../electron/shared';
import type { Faults } from '../../electron/sandbox/types';
import { startCoreHarness, type CoreHarness } from './core-harness';
import type { ChildAction } from './core-child';
import {
  hostSandbox,
  runCoreChild,
  serverLocations,
  signInAndSync,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from './store-world';

export interface CrashWorld {
  /** Set in beforeAll. */
  host: SandboxHost;
  /** Set in beforeAll; a new one after `resume`. */
  harness: CoreHarness & { keychainService: string };
  locations: Location[];
  /** Uninstalled serials, taken with shift(). */
  spare: string[];
  /** The device as the server has it now. */
  serverDevice(serial: string): Promise<Device>;
  /**
   * Runs `action` in a core in a child process while the sandbox holds the step after
   * `halfDone` (`faults`), and SIGKILLs it once `halfDone` holds. The faults are cleared.
   */
  killMidway(
    action: ChildAction,
    faults: Partial<Faults>,
    halfDone: () => boolean,
    what: string,
  ): Promise<void>;
  /** A new core on the same data dir, once it has drained the queue by itself (no syncNow). */
  resume(what: string): Promise<void>;
}

export function useCrashWorld(prefix: string, spares: number): CrashWorld {
  let root = '';
  const coreDir = () => join(root, 'core');
  const restart = async () => {
    world.harness = await startCoreHarness({
      dataDir: coreDir(),
      keychainService: world.harness.keychainService,
    });
  };
  const world = {} as CrashWorld;
  Object.assign(world, {
    locations: [],
    spare: [],
    serverDevice: (serial) =>
      world.harness.call('getDevice', { serial, fresh: true }).then((d) => d.value),
    async killMidway(action, faults, halfDone, what) {
      await world.harness.close();
      world.host.sandbox.setFaults(faults);
      const child = await runCoreChild({
        dataDir: coreDir(),
        keychainService: world.harness.keychainService,
        actions: [action],
      });
      await child.waitLine((l) => l.ready === true);
      await waitFor(halfDone, 15_000, what);
      child.kill('SIGKILL');
      expect((await child.exited).signal).toBe('SIGKILL');
      world.host.sandbox.clearFaults();
    },
    async resume(what) {
      await restart();
      await waitFor(
        async () => (await world.harness.call('sessionStatus')).queued === 0,
        30_000,
        what,
        200,
      );
    },
  } satisfies Omit<CrashWorld, 'host' | 'harness'>);
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), prefix));
    world.host = await hostSandbox(join(root, 'sandbox.json'));
    world.harness = await startCoreHarness({ dataDir: coreDir() });
    await signInAndSync(world.harness, world.host.sandbox);
    world.locations = await serverLocations(world.harness);
    world.spare = await uninstalledSerials(world.harness, spares);
  }, 60_000);
  afterAll(async () => {
    await world.harness?.close();
    await world.host?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  return world;
}
