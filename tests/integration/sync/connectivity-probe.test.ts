/**
 * The connectivity badge follows reality while nobody asks anything: a real core and a real
 * sandbox over HTTP, the sandbox stopped and started again on the same port. The probe is one
 * GET of the organization list (no retry, no sync) and runs only while signed in. Its pace is
 * shortened here (idle 2 s, offline at most 2 s); the defaults (60 s / 8 s) are in
 * create-core.ts and the pacing itself is unit-tested (tests/unit/sync/connectivity.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

const IDLE_MS = 2_000;
const OFFLINE_MAX_MS = 2_000;

let dir: string;
let sandbox: RunningSandbox;
let harness: CoreHarness;
let events: PushEvent[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-probe-'));
  sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'sandbox.json') });
  harness = await startCoreHarness({ probe: { idleMs: IDLE_MS, offlineMaxMs: OFFLINE_MAX_MS } });
  events = [];
  harness.core.onEvent((e) => events.push(e));
});

afterEach(async () => {
  await harness.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

const connectivity = () =>
  events.filter(
    (e): e is Extract<PushEvent, { type: 'connectivity' }> => e.type === 'connectivity',
  );
const probes = (s: RunningSandbox) =>
  s.requestLog().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/organizations'));

it('goes offline when the server goes away and online when it is back, while idle; cheaply; only signed in', async () => {
  const user = sandbox.users.find((u) => u.organizations.length === 1)!;
  await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
  await harness.call('syncNow');

  // Idle and online: only the probe is sent, about once per interval.
  const before = sandbox.requestLog().length;
  await sleep(IDLE_MS * 2 + 500);
  const idle = sandbox.requestLog().slice(before);
  expect(idle.length).toBeGreaterThanOrEqual(1);
  expect(idle.length).toBeLessThanOrEqual(3);
  for (const r of idle) expect(`${r.method} ${r.path.split('?')[0]}`).toBe('GET /v1/organizations');

  // The server goes away; nothing is asked of the core, yet it says so within the interval.
  const port = Number(new URL(sandbox.baseUrl).port);
  await sandbox.close();
  const wentOffline = await waitFor(
    'offline event',
    () => connectivity().some((e) => !e.online),
    IDLE_MS + 5_000 + 1_000,
  );
  expect(wentOffline).toBeLessThan(IDLE_MS + 5_000 + 1_000);
  expect((await harness.call('sessionStatus')).online).toBe(false);

  // Back on the same port: online again within the offline pace.
  sandbox = await startSandbox({ port, dataFile: join(dir, 'sandbox.json') });
  await waitFor(
    'online event',
    () => connectivity().at(-1)?.online === true,
    OFFLINE_MAX_MS + 3_000,
  );
  expect((await harness.call('sessionStatus')).online).toBe(true);
  expect(connectivity().map((e) => e.online)).toEqual([false, true]);

  // Signed out: no more probes.
  await harness.call('signOut', {});
  const after = probes(sandbox).length;
  await sleep(IDLE_MS * 2 + 500);
  expect(probes(sandbox).length).toBe(after);
}, 60_000);

it("takes the OS's word: no network is offline at once without a probe; network back asks once and answers", async () => {
  const user = sandbox.users.find((u) => u.organizations.length === 1)!;
  await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
  await harness.call('syncNow');

  expect(await harness.call('networkChanged', { online: false })).toEqual({ online: false });
  expect(connectivity().map((e) => e.online)).toEqual([false]);
  // The server is there, but the OS says nothing could reach it: no probe is sent meanwhile.
  const before = probes(sandbox).length;
  await sleep(IDLE_MS + OFFLINE_MAX_MS + 500);
  expect(probes(sandbox).length).toBe(before);
  expect((await harness.call('sessionStatus')).online).toBe(false);

  // Back: one probe at once, and the answer says what it found.
  expect(await harness.call('networkChanged', { online: true })).toEqual({ online: true });
  expect(probes(sandbox).length).toBe(before + 1);
  expect(connectivity().map((e) => e.online)).toEqual([false, true]);
}, 30_000);
