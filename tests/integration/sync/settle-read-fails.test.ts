/**
 * The server applied the change and its answer was lost (a 502, a dropped connection), and the
 * read meant to settle that fails as well — garbled, or a 5xx. The outcome is still unknown:
 * the action must wait in the queue (never reported failed, never dropped while the technician
 * is told it did not happen), be settled by a later read, and reach the server exactly once.
 */
import { describe, expect, it } from 'vitest';
import type { ProxiedRequest, ProxyAnswer, ProxyRule } from '../../helpers/fault-proxy';
import { useProxiedWorld } from '../../helpers/fault-proxy';
import { serverLocations, uninstalledSerials, waitFor } from '../../helpers/store-world';

const world = useProxiedWorld('fi-settle-read-', { devices: 60 });

const bare = (request: ProxiedRequest) => request.path.split('?')[0] ?? '';

/**
 * The first `write` is applied and answered `lost`; the next `reads` reads matching `read`
 * after it are answered `readAs` (then everything passes). The client tries a GET 4 times.
 */
function applyThenLose(
  write: { method: string; path: string },
  read: RegExp,
  lost: ProxyAnswer | 'drop',
  readAs: (forward: () => Promise<ProxyAnswer>) => Promise<ProxyAnswer | 'drop'>,
  reads = 1,
): ProxyRule {
  let written = false;
  let left = reads;
  return async (request, forward) => {
    if (!written && request.method === write.method && bare(request) === write.path) {
      written = true;
      await forward();
      return lost;
    }
    if (written && left > 0 && request.method === 'GET' && read.test(bare(request))) {
      left -= 1;
      return readAs(forward);
    }
    return undefined;
  };
}

const badGateway: ProxyAnswer = { status: 502, headers: {}, body: '' };
/** A 2xx whose JSON is cut off: the server acted, how is unreadable. */
const cutOff: ProxyAnswer = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: '{"data":{"id":"loc_',
};
/** A 200 whose JSON is cut in half. */
const garbled = async (forward: () => Promise<ProxyAnswer>): Promise<ProxyAnswer> => {
  const answer = await forward();
  return { ...answer, body: answer.body.slice(0, Math.floor(answer.body.length / 2)) };
};
const unavailable = async (): Promise<ProxyAnswer> => ({ status: 503, headers: {}, body: '' });

const writesOf = (method: string, path: string) =>
  world.proxy.log.filter((r) => r.method === method && r.path.split('?')[0] === path);

const failures = async () =>
  (await world.harness.call('listActivity')).filter((a) => a.result === 'failed').length;

/** The queue empties by itself, and no action was logged as failed since `failedBefore`. */
async function drained(failedBefore: number): Promise<void> {
  await waitFor(
    async () => (await world.harness.call('sessionStatus')).queued === 0,
    40_000,
    'the queue to settle by itself',
    200,
  );
  expect(await failures()).toBe(failedBefore);
}

describe('an unknown outcome whose settling read fails too', () => {
  it.each([
    ['garbled', garbled, 1],
    ['503 on every retry', unavailable, 4],
  ] as const)(
    'install, read-back %s: queued, then done, sent once',
    async (_name, readAs, reads) => {
      const { harness, proxy, sandbox } = world;
      const [serial] = await uninstalledSerials(harness, 1);
      const [here] = await serverLocations(harness);
      const path = `/v1/devices/${serial}/install`;
      proxy.use(
        applyThenLose(
          { method: 'POST', path },
          new RegExp(`^/v1/devices/${serial}$`),
          badGateway,
          readAs,
          reads,
        ),
      );
      const failedBefore = await failures();
      const result = await harness.core.invoke('installDevice', { serial, locationId: here!.id });
      expect(result, 'the server installed it; the app must not say it failed').toMatchObject({
        ok: true,
        value: { status: 'queued' },
      });
      expect(sandbox.deviceLocation(serial!)?.id).toBe(here!.id);
      await drained(failedBefore);
      expect(writesOf('POST', path)).toHaveLength(1);
      const local = await harness.call('getDevice', { serial });
      expect(local.value.location?.id).toBe(here!.id);
    },
    60_000,
  );

  it('move, uninstall step dropped and its read-back garbled: ends at the target, each step once', async () => {
    const { harness, proxy, sandbox } = world;
    const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 200 });
    const device = all.rows.find((d) => d.location)!;
    const from = device.location!.id;
    const to = (await serverLocations(harness)).find((l) => l.id !== from)!;
    const serial = device.serial;
    proxy.use(
      applyThenLose(
        { method: 'POST', path: `/v1/devices/${serial}/uninstall` },
        new RegExp(`^/v1/devices/${serial}$`),
        'drop',
        garbled,
      ),
    );
    const failedBefore = await failures();
    const result = await harness.core.invoke('moveDevice', {
      serial,
      fromLocationId: from,
      toLocationId: to.id,
    });
    expect(result).toMatchObject({ ok: true, value: { status: 'queued' } });
    await drained(failedBefore);
    expect(sandbox.deviceLocation(serial)?.id).toBe(to.id);
    expect(writesOf('POST', `/v1/devices/${serial}/uninstall`)).toHaveLength(1);
    expect(writesOf('POST', `/v1/devices/${serial}/install`)).toHaveLength(1);
  }, 60_000);

  it('device edit, read-back garbled: queued, then done with the new label', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const path = `/v1/devices/${serial}`;
    proxy.use(
      applyThenLose(
        { method: 'PUT', path },
        new RegExp(`^/v1/devices/${serial}$`),
        badGateway,
        garbled,
      ),
    );
    const failedBefore = await failures();
    const result = await harness.core.invoke('updateDevice', {
      serial,
      changes: { name: 'Back door' },
    });
    expect(result).toMatchObject({ ok: true, value: { status: 'queued' } });
    await drained(failedBefore);
    const local = await harness.call('getDevice', { serial, fresh: true });
    expect(local.value.label).toBe('Back door');
  }, 60_000);

  it('delete a store answered with cut-off JSON, its read-back 503: queued, then done', async () => {
    const { harness, proxy, sandbox } = world;
    const made = await fetch(`${sandbox.baseUrl}/locations`, {
      method: 'POST',
      headers: { authorization: world.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Closing Down',
        address: { line1: '3 Last Street', city: 'Kiel', country: 'DE' },
      }),
    });
    const id = ((await made.json()) as { data: { id: string } }).data.id;
    await harness.call('syncNow');
    const path = `/v1/locations/${id}`;
    proxy.use(
      applyThenLose({ method: 'DELETE', path }, new RegExp(`^${path}$`), cutOff, unavailable, 4),
    );
    const failedBefore = await failures();
    const result = await harness.core.invoke('deleteLocation', { locationId: id });
    expect(result).toMatchObject({ ok: true, value: { status: 'queued' } });
    await drained(failedBefore);
    expect((await harness.call('listLocations')).value.map((l) => l.id)).not.toContain(id);
    expect(writesOf('DELETE', path).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('create a store, its look-up garbled: queued, then one store', async () => {
    const { harness, proxy } = world;
    const name = 'Garbled Lookup Market';
    proxy.use(
      applyThenLose(
        { method: 'POST', path: '/v1/locations' },
        /^\/v1\/locations$/,
        badGateway,
        garbled,
      ),
    );
    const failedBefore = await failures();
    const result = await harness.core.invoke('createLocation', {
      name,
      address: { line1: '9 Side Road', city: 'Ulm', country: 'DE' },
    });
    expect(result).toMatchObject({ ok: true, value: { status: 'queued' } });
    await drained(failedBefore);
    expect(writesOf('POST', '/v1/locations')).toHaveLength(1);
    const local = (await harness.call('listLocations')).value.filter((l) => l.name === name);
    expect(local).toHaveLength(1);
    expect(local[0]!.id.startsWith('local-')).toBe(false);
  }, 60_000);
});

describe('an unknown outcome settled by a server that leaves null fields out', () => {
  it('device edit clearing the label: the read without `name` shows it applied; done, sent once', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const path = `/v1/devices/${serial}`;
    await harness.call('updateDevice', { serial, changes: { name: 'Old label' } });
    // The PUT is applied and answered with cut-off JSON; the server's device reads leave a
    // null field out instead of sending `"name": null`.
    proxy.use(
      applyThenLose({ method: 'PUT', path }, new RegExp(`^${path}$`), cutOff, async (forward) => {
        const answer = await forward();
        const body = JSON.parse(answer.body) as { data: Record<string, unknown> };
        for (const [field, value] of Object.entries(body.data))
          if (value === null) delete body.data[field];
        return { ...answer, body: JSON.stringify(body) };
      }),
    );
    const failedBefore = await failures();
    const putsBefore = writesOf('PUT', path).length;
    const result = await harness.core.invoke('updateDevice', { serial, changes: { name: null } });
    expect(result, 'the server cleared the label; the app must not say it failed').toMatchObject({
      ok: true,
    });
    await drained(failedBefore);
    expect(writesOf('PUT', path).length - putsBefore, 'the edit was sent twice').toBe(1);
    expect((await harness.call('getDevice', { serial, fresh: true })).value.label ?? null).toBe(
      null,
    );
  }, 60_000);
});
