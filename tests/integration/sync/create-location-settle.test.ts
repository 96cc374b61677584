/**
 * A store is created once, whatever happens to the answer: the create's answer is lost after
 * the server made the store, and the look-up that would settle it fails too. The create waits
 * in the queue, and its next try finds the store instead of making a second one.
 */
import { describe, expect, it } from 'vitest';
import { nth, useProxiedWorld, type ProxyRule } from '../../helpers/fault-proxy';
import { waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-create-settle-', { devices: 60 });

/** The app's searches for a store (GET /locations?q=…) get no answer, 8 times. */
function lookUpsLost(): ProxyRule {
  let left = 8;
  return (request) => {
    if (left <= 0 || request.method !== 'GET') return undefined;
    const url = new URL(request.path, 'http://proxy.invalid');
    if (url.pathname !== '/v1/locations' || !url.searchParams.has('q')) return undefined;
    left -= 1;
    return 'drop';
  };
}

/** The stores of this name on the server, asked of the sandbox directly. */
async function storesNamed(name: string): Promise<{ id: string }[]> {
  const response = await fetch(`${world.sandbox.baseUrl}/locations?per_page=500`, {
    headers: { authorization: world.authorization },
  });
  const body = (await response.json()) as { data: { id: string; name: string }[] };
  return body.data.filter((l) => l.name === name);
}

describe('a create whose answer is lost and whose look-up fails', () => {
  it('waits in the queue and is settled by finding the store: one store on the server', async () => {
    const { harness, proxy } = world;
    const name = 'Lost Answer Lane';
    // The server makes the store; its answer never arrives; the look-ups for it fail as well.
    proxy.use(
      nth(1, 'POST', /^\/v1\/locations$/, async (_request, forward) => {
        await forward();
        return 'drop' as const;
      }),
    );
    proxy.use(lookUpsLost());
    const result = await harness.call('createLocation', {
      name,
      address: { line1: '7 Lost Lane', city: 'Leipzig', country: 'DE' },
    });
    expect(result.status).toBe('queued');
    expect(await storesNamed(name)).toHaveLength(1);

    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      30_000,
      'the create to be settled',
      200,
    );
    const onServer = await storesNamed(name);
    expect(onServer, 'the store was created twice').toHaveLength(1);
    const local = (await harness.call('listLocations')).value.filter((l) => l.name === name);
    expect(local.map((l) => l.id)).toEqual([onServer[0]!.id]);
  });
});

describe('a create whose request is lost before the server saw it', () => {
  it('is not settled by a store of the same name and street in another town', async () => {
    const { harness, proxy } = world;
    const name = 'Chain Corner';
    const line1 = '1 Main Street';
    // The chain already has a "Chain Corner" at "1 Main Street" — in Aachen.
    const made = await fetch(`${world.sandbox.baseUrl}/locations`, {
      method: 'POST',
      headers: { authorization: world.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name, address: { line1, city: 'Aachen', country: 'DE' } }),
    });
    const aachen = ((await made.json()) as { data: { id: string } }).data.id;
    // The technician creates the one in Bonn; the request never reaches the server.
    proxy.use(nth(1, 'POST', /^\/v1\/locations$/, () => 'drop' as const));
    const result = await harness.call('createLocation', {
      name,
      address: { line1, city: 'Bonn', country: 'DE' },
    });
    if (result.status === 'done') expect(result.location.id).not.toBe(aachen);
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      30_000,
      'the create to be sent',
      200,
    );
    const onServer = await storesNamed(name);
    expect(onServer, 'the Bonn store was never created').toHaveLength(2);
    const bonn = onServer.find((l) => l.id !== aachen)!;
    await harness.call('syncNow');
    const local = (await harness.call('listLocations')).value.filter((l) => l.name === name);
    expect(local.map((l) => l.id).sort()).toEqual([aachen, bonn.id].sort());
  });
});

describe('deleting a store whose create may already have reached the server', () => {
  it('deletes it on the server too, instead of forgetting it here and seeing it come back', async () => {
    const { harness, proxy } = world;
    const name = 'Second Thoughts Shop';
    // The server makes the store; its answer and the look-ups for it are lost.
    proxy.use(
      nth(1, 'POST', /^\/v1\/locations$/, async (_request, forward) => {
        await forward();
        return 'drop' as const;
      }),
    );
    proxy.use(lookUpsLost());
    const created = await harness.call('createLocation', {
      name,
      address: { line1: '2 Doubt Street', city: 'Mainz', country: 'DE' },
    });
    expect(created.status).toBe('queued');
    // The technician changes their mind before the create is settled.
    const deleted = await harness.call('deleteLocation', { locationId: created.location.id });
    expect(['done', 'queued']).toContain(deleted.status);
    await waitFor(
      async () => (await harness.call('sessionStatus')).queued === 0,
      40_000,
      'the queue to settle',
      200,
    );
    expect(await storesNamed(name), 'the store is still on the server').toEqual([]);
    await harness.call('syncNow');
    const local = (await harness.call('listLocations')).value.filter((l) => l.name === name);
    expect(local, 'the deleted store came back with the next refresh').toEqual([]);
  }, 60_000);
});

describe('deleting a store created offline and never sent', () => {
  it('is forgotten here: the server never hears of it', async () => {
    const { harness, proxy } = world;
    const name = 'Never Sent Kiosk';
    proxy.use(() => 'drop' as const);
    await harness.call('syncNow');
    await waitFor(async () => !(await harness.call('sessionStatus')).online, 10_000, 'offline');
    const created = await harness.call('createLocation', {
      name,
      address: { line1: '5 Quiet Road', city: 'Trier', country: 'DE' },
    });
    expect(created.status).toBe('queued');
    expect(await harness.call('deleteLocation', { locationId: created.location.id })).toEqual({
      status: 'done',
    });
    expect(await harness.call('listOutbox')).toEqual([]);
    const posts = proxy.log.length;
    proxy.clear();
    await waitFor(async () => (await harness.call('sessionStatus')).online, 20_000, 'online');
    await harness.call('syncNow');
    expect(proxy.log.slice(posts).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await storesNamed(name)).toEqual([]);
  }, 40_000);
});
