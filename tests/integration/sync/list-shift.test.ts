/**
 * The server's list changes while a sync pages through it: one store is deleted and another
 * created between the first page and the rest. The total stays the same, and the store at the
 * page boundary slides onto the page already fetched, so this pass never lists it. A store that
 * exists must not vanish from this computer for it; one really deleted still goes.
 */
import { describe, expect, it } from 'vitest';
import { useProxiedWorld } from '../../helpers/fault-proxy';

const world = useProxiedWorld('fi-list-shift-', { devices: 30 });

interface Listed {
  data: { id: string }[];
}

describe('a list that shifts between its pages', () => {
  it('keeps a store that exists but slid past this pass, and drops a deleted one later', async () => {
    const { harness, proxy, sandbox, authorization } = world;
    const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${sandbox.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization, 'content-type': 'application/json' },
        body: init.body === undefined ? null : JSON.stringify(init.body),
      });
    const create = async (name: string) =>
      (
        (await (
          await api('/locations', {
            method: 'POST',
            body: { name, address: { line1: '1 Long Row', city: 'Essen', country: 'DE' } },
          })
        ).json()) as { data: { id: string } }
      ).data.id;
    // More stores than one page holds (the app asks for 500 a page).
    for (let i = 0; i < 520; i++) await create(`Row Store ${i}`);
    await harness.call('syncNow');
    const firstPage = ((await (await api('/locations?page=1&per_page=500')).json()) as Listed).data;
    const doomed = firstPage[3]!.id;
    // The first store of page 2, which slides onto page 1 when `doomed` goes.
    const sliding = ((await (await api('/locations?page=2&per_page=500')).json()) as Listed)
      .data[0]!.id;
    expect((await harness.call('listLocations')).value.map((l) => l.id)).toContain(sliding);

    let changed = false;
    proxy.use(async (request) => {
      if (changed || request.method !== 'GET') return undefined;
      const url = new URL(request.path, 'http://proxy.invalid');
      if (url.pathname !== '/v1/locations' || url.searchParams.get('page') !== '2')
        return undefined;
      changed = true;
      await api(`/locations/${doomed}`, { method: 'DELETE' });
      await create('Newcomer');
      return undefined;
    });
    await harness.call('syncNow');
    expect(changed).toBe(true);
    const ids = (await harness.call('listLocations')).value.map((l) => l.id);
    expect(ids, 'a store that exists vanished from this computer').toContain(sliding);

    // A row goes once two complete passes in a row have not listed it: the deleted store is
    // gone after the next two refreshes (the shifted one listed it), the others stay.
    await harness.call('syncNow');
    expect((await harness.call('listLocations')).value.map((l) => l.id)).toContain(sliding);
    await harness.call('syncNow');
    const after = (await harness.call('listLocations')).value.map((l) => l.id);
    expect(after).toContain(sliding);
    expect(after).not.toContain(doomed);
  }, 120_000);
});
