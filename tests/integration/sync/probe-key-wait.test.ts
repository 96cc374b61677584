/**
 * A keychain that makes the user wait (a prompt to unlock it) is not an unreachable server:
 * the idle probe reads the key before its 5 s timeout starts (connectivity.ts `ready`), so the
 * badge stays "online" however long the keychain takes, and the probe goes out once it answers.
 * Real core, real keychain behind a gate this test opens, real sandbox; the schedule on a
 * compressed clock. The key is held 10 s of real time after a read (key-hold.ts): the test
 * waits that long so the probe has to read it again.
 */
import { afterEach, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { CompressedClock } from '../../helpers/compressed-clock';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { singleOrgUser, waitFor } from '../../helpers/store-world';

const IDLE_MS = 60_000;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

it('an idle probe waiting for the keychain does not call the app offline', async () => {
  const sandbox: RunningSandbox = await startSandbox({ devices: 50, now: Date.now.bind(Date) });
  const clock = new CompressedClock();
  const restore = clock.install();
  /** While set, keychain reads wait for it: the user has a prompt in front of them. */
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  let reads = 0;
  const harness: CoreHarness = await startCoreHarness({
    timers: clock,
    probe: { idleMs: IDLE_MS },
    aroundKeychainRead: async (read) => {
      reads += 1;
      await gate;
      return read();
    },
  });
  cleanup = async () => {
    open();
    restore();
    await harness.call('signOut', {}).catch(() => undefined);
    await harness.close();
    await sandbox.close();
  };
  const events: PushEvent[] = [];
  harness.core.onEvent((e) => events.push(e));
  const offline = () => events.some((e) => e.type === 'connectivity' && !e.online);
  const probes = () =>
    sandbox.requestLog().filter((r) => r.method === 'GET' && r.path === '/v1/organizations').length;

  await harness.call('signIn', {
    baseUrl: sandbox.baseUrl,
    apiKey: singleOrgUser(sandbox).api_key,
  });
  // The held key is dropped after 10 s of real time.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  gate = new Promise<void>((resolve) => (open = resolve));
  const before = { reads, probes: probes() };
  await clock.advance(IDLE_MS + 1_000);
  await waitFor(() => reads > before.reads, 5_000, 'the probe asking the keychain');
  // The prompt stays up for a minute of the app's time: far past the probe's 5 s timeout.
  await clock.advance(60_000);
  expect(offline(), 'offline while the keychain asks the user').toBe(false);
  expect(probes()).toBe(before.probes);
  open();
  await waitFor(() => probes() > before.probes, 5_000, 'the probe once the key is there');
  expect(offline()).toBe(false);
}, 60_000);
