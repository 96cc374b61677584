/**
 * Queued work is never stranded: an organization's queue stays in its own work.db while the
 * technician works for another one (or is signed out), shows again on coming back, and is sent
 * by itself when the scope opens again (sync-engine start on every scope: sign-in, switch,
 * restart) — no "Sync now". Real core, real sandbox, real SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
let harness: CoreHarness;
let orgA: string;
let orgB: string;
let apiKey: string;

const queued = async () => (await harness.call('sessionStatus')).queued;

/** Takes the server down and queues one install in the current organization. */
async function queueAnInstall(): Promise<{ serial: string; at: string }> {
  const [serial] = await uninstalledSerials(harness, 1);
  const at = (await harness.call('listLocations')).value[0]!.id;
  await host.down();
  const result = await harness.call('installDevice', { serial, locationId: at });
  expect(result.status).toBe('queued');
  return { serial: serial!, at };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-stranded-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
  const user = host.sandbox.users.find((u) => u.organizations.length > 1)!;
  [orgA, orgB] = [user.organizations[0]!.id, user.organizations[1]!.id];
  apiKey = user.api_key;
  harness = await startCoreHarness({ dataDir: join(root, 'core') });
  await harness.call('signIn', { baseUrl: host.sandbox.baseUrl, apiKey });
  await harness.call('chooseOrganization', { organizationId: orgA });
  await harness.call('syncNow');
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('queued work is never stranded', () => {
  it('stays with its organization while another is chosen, and is sent by itself on coming back', async () => {
    const { serial, at } = await queueAnInstall();
    expect(await queued()).toBe(1);

    await harness.call('chooseOrganization', { organizationId: orgB });
    expect(await harness.call('listOutbox')).toEqual([]);
    expect(await queued()).toBe(0);

    await host.back();
    await harness.call('chooseOrganization', { organizationId: orgA });
    // Visible again at once, then sent without anyone pressing "Sync now".
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue of A to drain', 200);
    expect(host.sandbox.deviceLocation(serial)?.id).toBe(at);
  }, 40_000);

  it('survives a sign-out that keeps the data and is sent by itself after signing in again', async () => {
    const { serial, at } = await queueAnInstall();
    await harness.call('signOut', {});
    await host.back();
    await harness.call('signIn', { baseUrl: host.sandbox.baseUrl, apiKey });
    await harness.call('chooseOrganization', { organizationId: orgA });
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue to drain', 200);
    expect(host.sandbox.deviceLocation(serial)?.id).toBe(at);
  }, 40_000);
});
