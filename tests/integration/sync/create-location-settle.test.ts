/**
 * A store is created once, whatever happens to the answer: the create's answer is lost after
 * the server made the store, and the look-up that would settle it fails too. The create waits
 * in the queue, and its next try finds the store instead of making a second one.
 */
import { describe, expect, it } from 'vitest';
import { nth, useProxiedWorld } from '../../helpers/fault-proxy';
import { waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-create-settle-', { devices: 60 });

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
    proxy.use(nth(8, 'GET', /^\/v1\/locations$/, () => 'drop' as const));
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
