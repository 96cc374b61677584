/**
 * A queue belongs to the key that queued it (the account scope includes a key fingerprint,
 * electron/core/db/account-scope.ts): person A queues an install offline and signs out keeping
 * the data; person B signs in to the same server and organization with their own key and sees
 * an empty queue, and nothing of A's is sent under B's key; when A signs in again, A's queue
 * is there and is sent. Real core, real keychain, real sandbox and SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxUser } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  singleOrgUser,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
let harness: CoreHarness;
let personA: SandboxUser;
let personB: SandboxUser;

const signIn = async (user: SandboxUser) => {
  await harness.call('signIn', { baseUrl: host.sandbox.baseUrl, apiKey: user.api_key });
};
const queued = async () => (await harness.call('sessionStatus')).queued;
/** Install requests the sandbox received for a serial, whatever they answered. */
const installsOf = (serial: string) =>
  host.requests().filter((r) => r.method === 'POST' && r.path.includes(`/${serial}/install`));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-queue-keys-'));
  host = await hostSandbox(join(root, 'sandbox.json'));
  personA = singleOrgUser(host.sandbox);
  personB = host.sandbox.addUser('Second Technician', [personA.organizations[0]!.id]);
  harness = await startCoreHarness({ dataDir: join(root, 'core') });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a queue under another key', () => {
  it('is never shown to or sent by another person of the same organization, and comes back to its own', async () => {
    expect(personB.organizations).toEqual(personA.organizations);
    await signIn(personA);
    await harness.call('syncNow');
    const [serial] = await uninstalledSerials(harness, 1);
    const at = (await harness.call('listLocations')).value[0]!.id;
    await host.down();
    expect((await harness.call('installDevice', { serial, locationId: at })).status).toBe('queued');
    expect(await queued()).toBe(1);
    await harness.call('signOut', {}); // keeps A's data

    await host.back();
    await signIn(personB);
    const session = await harness.call('sessionStatus');
    expect(session.organization?.id).toBe(personA.organizations[0]!.id);
    expect(await harness.call('listOutbox')).toEqual([]);
    expect(session.queued).toBe(0);
    await harness.call('syncNow');
    expect(await harness.call('listOutbox')).toEqual([]);
    expect(installsOf(serial!)).toEqual([]);
    expect(host.sandbox.deviceLocation(serial!)).toBeNull();
    await harness.call('signOut', {});

    // A's queue is A's again: shown (the server refuses installs for now, so it stays)...
    host.sandbox.setFaults({ pathPattern: '/install$', methods: ['POST'], errorRate: 1 });
    await signIn(personA);
    const outbox = await waitFor(
      async () => {
        const items = await harness.call('listOutbox');
        return items.length > 0 && items;
      },
      20_000,
      "A's queue to show",
    );
    expect(outbox.map((item) => [item.kind, item.serial])).toEqual([['install', serial]]);
    // ... then sent under A's key.
    host.sandbox.clearFaults();
    await harness.call('syncNow');
    await waitFor(async () => (await queued()) === 0, 20_000, 'the queue of A to drain', 200);
    expect(installsOf(serial!).length).toBeGreaterThan(0);
    expect(host.sandbox.deviceLocation(serial!)?.id).toBe(at);
  }, 60_000);
});
