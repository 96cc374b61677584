/**
 * Queued work is never stranded: an organization's queue stays in its own work.db while the
 * technician works for another one (or is signed out), shows again on coming back, and is sent
 * by itself when the scope opens again (sync-engine start on every scope: sign-in, switch,
 * restart) — no "Sync now". Real core, real sandbox, real SQLite files.
 */
import { describe, expect, it } from 'vitest';
import { uninstalledSerials, useSandboxWorld, waitFor } from '../../helpers/store-world';

let orgA: string;
let orgB: string;
let apiKey: string;

const queued = async () => (await world.harness.call('sessionStatus')).queued;

/** Takes the server down and queues one install in the current organization. */
async function queueAnInstall(): Promise<{ serial: string; at: string }> {
  const [serial] = await uninstalledSerials(world.harness, 1);
  const at = (await world.harness.call('listLocations')).value[0]!.id;
  await world.host.down();
  const result = await world.harness.call('installDevice', { serial, locationId: at });
  expect(result.status).toBe('queued');
  return { serial: serial!, at };
}

const world = useSandboxWorld('fi-stranded-', async ({ harness, host }) => {
  const user = host.sandbox.users.find((u) => u.organizations.length > 1)!;
  [orgA, orgB] = [user.organizations[0]!.id, user.organizations[1]!.id];
  apiKey = user.api_key;
  await harness.call('signIn', { baseUrl: host.sandbox.baseUrl, apiKey });
  await harness.call('chooseOrganization', { organizationId: orgA });
  await harness.call('syncNow');
});

describe('queued work is never stranded', () => {
  it('stays with its organization while another is chosen, and is sent by itself on coming back', async () => {
    const { serial, at } = await queueAnInstall();
    expect(await queued()).toBe(1);

    await world.harness.call('chooseOrganization', { organizationId: orgB });
    expect(await world.harness.call('listOutbox')).toEqual([]);
    expect(await queued()).toBe(0);

    await world.host.back();
    await world.harness.call('chooseOrganization', { organizationId: orgA });
    // Visible again at once, then sent without anyone pressing "Sync now".
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue of A to drain', 200);
    expect(world.host.sandbox.deviceLocation(serial)?.id).toBe(at);
  }, 40_000);

  it('survives a sign-out that keeps the data and is sent by itself after signing in again', async () => {
    const { serial, at } = await queueAnInstall();
    await world.harness.call('signOut', {});
    await world.host.back();
    await world.harness.call('signIn', { baseUrl: world.host.sandbox.baseUrl, apiKey });
    await world.harness.call('chooseOrganization', { organizationId: orgA });
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue to drain', 200);
    expect(world.host.sandbox.deviceLocation(serial)?.id).toBe(at);
  }, 40_000);
});
