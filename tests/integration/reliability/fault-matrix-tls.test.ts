/**
 * Fault matrix, TLS row: the technician signed in while the server's certificate was trusted;
 * now the server (restarted with a new self-signed certificate — what an intercepting proxy on
 * a shop's network looks like) can no longer be trusted. Every operation must say so (kind
 * 'tls', with words and a next step), reads with a saved copy still show it, and nothing is
 * sent, queued or applied: no request may reach the server over an untrusted connection.
 *
 * Trust during sign-in comes from NODE_TLS_REJECT_UNAUTHORIZED=0, read by Node's TLS layer
 * at each new connection; it is set only around the set-up (this file runs in its own worker
 * process) and removed before any assertion, so the core's real fetch checks certificates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView as Device } from '../../../electron/shared';
import { ACTIONS, ACTION_NAMES, type ActionName } from '../../helpers/reliability-ops';
import { loadPools, type Pools } from '../../helpers/reliability-pools';
import { World } from '../../helpers/reliability-world';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import type { Envelope } from '../../../electron/shared';

let world: World;
let pools: Pools;
let saved: Device[];

async function trusting<T>(run: () => Promise<T>): Promise<T> {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    return await run();
  } finally {
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  }
}

beforeAll(async () => {
  await trusting(async () => {
    world = await World.start({ tls: true, devices: 60 });
    await world.signIn();
    pools = await loadPools(world);
    // The first sync fills the local database while the certificate is still trusted.
    await world.harness.call('syncNow');
    saved = (
      await world.harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 500 })
    ).rows;
  });
  // A new certificate, and no connection left over from the trusted phase.
  await world.takeDown();
  await world.bringUp();
}, 60_000);
afterAll(() => world.close());

const sinceSetUp = () => world.requests().length;

function expectTls(result: Envelope<unknown>) {
  if (result.ok) throw new Error('expected a tls error');
  expect(result.error.kind).toBe('tls');
  expect(errorWords(result.error).message).toMatch(/certificate/);
  expect(errorWords(result.error).nextStep.trim()).not.toBe('');
}

describe('TLS: the server’s certificate is not trusted', () => {
  // Reads first: a queued action would lay itself over the saved rows.
  it('tls × getDevice (fresh, asked of the server)', async () => {
    expectTls(await world.invoke('getDevice', { serial: pools.anySerial(), fresh: true }));
  });

  it('tls × syncNow: the list downloads fail with tls, the saved rows stay', async () => {
    await world.invoke('syncNow');
    const { tasks } = await world.harness.call('syncStatus');
    expect(tasks.find((t) => t.state === 'failed')?.error).toMatchObject({ kind: 'tls' });
    const after = await world.harness.call('queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 500,
    });
    expect(after.rows.map((d) => d.serial)).toEqual(saved.map((d) => d.serial));
  });

  it('tls × queryDevices (saved): the saved inventory is shown', async () => {
    const result = await world.invoke('queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 500,
    });
    expect(result.ok && result.value.rows).toEqual(saved);
    expect(result.ok && result.value.fetchedAt).not.toBeNull();
  });

  it.each(ACTION_NAMES.map((op) => ({ op, name: `tls × ${op}` })))(
    '$name',
    async ({ op }: { op: ActionName }) => {
      const action = ACTIONS[op](pools);
      const before = sinceSetUp();
      const result = await world.invoke(op, action.input);
      expectTls(result);
      expect(await world.harness.call('listOutbox')).toEqual([]);
      expect(world.requests().length).toBe(before);
      expect(world.sandbox.deviceLocation(action.serial)?.id ?? null).toBe(action.history[0]);
    },
  );

  it('tls × createLocation', async () => {
    const before = sinceSetUp();
    const result = await world.invoke('createLocation', {
      name: 'Reliability TLS store',
      address: { line1: '1 Test Street', city: 'Testville', country: 'DE' },
    });
    expectTls(result);
    expect(world.requests().length).toBe(before);
  });
});
