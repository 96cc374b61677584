/**
 * A queue belongs to the key that queued it (the account scope includes a key fingerprint,
 * electron/core/db/account-scope.ts): person A queues an install offline and signs out keeping
 * the data; person B signs in to the same server and organization with their own key and sees
 * an empty queue, and nothing of A's is sent under B's key; when A signs in again, A's queue
 * is there and is sent. Real core, real keychain, real sandbox and SQLite files.
 */
import { describe, expect, it } from 'vitest';
import type { SandboxUser } from '../../../electron/sandbox/index';
import {
  singleOrgUser,
  uninstalledSerials,
  useSandboxWorld,
  waitFor,
} from '../../helpers/store-world';

let personA: SandboxUser;
let personB: SandboxUser;

const signIn = async (user: SandboxUser) => {
  await world.harness.call('signIn', { baseUrl: world.host.sandbox.baseUrl, apiKey: user.api_key });
};
const queued = async () => (await world.harness.call('sessionStatus')).queued;
/** Install requests the sandbox received for a serial, whatever they answered. */
const installsOf = (serial: string) =>
  world.host.requests().filter((r) => r.method === 'POST' && r.path.includes(`/${serial}/install`));

const world = useSandboxWorld('fi-queue-keys-', async ({ host }) => {
  personA = singleOrgUser(host.sandbox);
  personB = host.sandbox.addUser('Second Technician', [personA.organizations[0]!.id]);
});

describe('a queue under another key', () => {
  it('is never shown to or sent by another person of the same organization, and comes back to its own', async () => {
    expect(personB.organizations).toEqual(personA.organizations);
    await signIn(personA);
    await world.harness.call('syncNow');
    const [serial] = await uninstalledSerials(world.harness, 1);
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    await world.host.down();
    expect((await world.harness.call('installDevice', { serial, locationId: at })).status).toBe(
      'queued',
    );
    expect(await queued()).toBe(1);
    await world.harness.call('signOut', {}); // keeps A's data

    await world.host.back();
    await signIn(personB);
    const session = await world.harness.call('sessionStatus');
    expect(session.organization?.id).toBe(personA.organizations[0]!.id);
    expect(await world.harness.call('listOutbox')).toEqual([]);
    expect(session.queued).toBe(0);
    await world.harness.call('syncNow');
    expect(await world.harness.call('listOutbox')).toEqual([]);
    expect(installsOf(serial!)).toEqual([]);
    expect(world.host.sandbox.deviceLocation(serial!)).toBeNull();
    await world.harness.call('signOut', {});

    // A's queue is A's again: shown (the server refuses installs for now, so it stays)...
    world.host.sandbox.setFaults({ pathPattern: '/install$', methods: ['POST'], errorRate: 1 });
    await signIn(personA);
    const outbox = await waitFor(
      async () => {
        const items = await world.harness.call('listOutbox');
        return items.length > 0 && items;
      },
      20_000,
      "A's queue to show",
    );
    expect(outbox.map((item) => [item.kind, item.serial])).toEqual([['install', serial]]);
    // ... then sent under A's key.
    world.host.sandbox.clearFaults();
    await world.harness.call('syncNow');
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue of A to drain', 200);
    expect(installsOf(serial!).length).toBeGreaterThan(0);
    expect(world.host.sandbox.deviceLocation(serial!)?.id).toBe(at);
  }, 60_000);
});
