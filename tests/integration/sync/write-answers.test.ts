/**
 * What a differently built server answers to a device write: only the fields that changed, or
 * nothing. The local rows (the truth every screen reads) must keep the whole device — its type,
 * board and firmware — not the server's short echo of the change.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyRule } from '../../helpers/fault-proxy';
import { useProxiedWorld } from '../../helpers/fault-proxy';
import { serverLocations, uninstalledSerials } from '../../helpers/store-world';

const world = useProxiedWorld('fi-write-answers-', { devices: 60 });

/** The sandbox applies `method …suffix` of the serial, and the answer is only `echo`. */
function echoOnly(method: string, suffix: string, echo: object): ProxyRule {
  return async (request, forward) => {
    if (request.method !== method || !request.path.split('?')[0]!.endsWith(suffix))
      return undefined;
    await forward();
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: echo }),
    };
  };
}

describe('a write answered with only what changed', () => {
  it('install: the stored device keeps its type, board and firmware', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const [here] = await serverLocations(harness);
    const before = (await harness.call('getDevice', { serial })).value;
    proxy.use(
      echoOnly('POST', `/devices/${serial}/install`, {
        serial_number: serial,
        location: { id: here!.id, name: here!.name },
      }),
    );
    const result = await harness.call('installDevice', { serial, locationId: here!.id });
    const expected = {
      serial,
      type: before.type,
      board: before.board,
      firmware: before.firmware,
      updateIntervalS: before.updateIntervalS,
      location: { id: here!.id },
    };
    expect(result).toMatchObject({ status: 'done', device: expected });
    expect((await harness.call('getDevice', { serial })).value).toMatchObject(expected);
    const found = await harness.call('queryDevices', {
      view: 'all',
      q: serial,
      offset: 0,
      limit: 5,
    });
    expect(found.rows[0]).toMatchObject(expected);
  });

  it('device edit: the stored device keeps its type, board and firmware, with the new label', async () => {
    const { harness, proxy } = world;
    const [serial] = await uninstalledSerials(harness, 1);
    const before = (await harness.call('getDevice', { serial })).value;
    proxy.use(echoOnly('PUT', `/devices/${serial}`, { serial_number: serial, name: 'Till 2' }));
    const result = await harness.call('updateDevice', { serial, changes: { name: 'Till 2' } });
    const expected = {
      label: 'Till 2',
      type: before.type,
      firmware: before.firmware,
      updateIntervalS: before.updateIntervalS,
    };
    expect(result).toMatchObject({ status: 'done', device: expected });
    expect((await harness.call('getDevice', { serial })).value).toMatchObject(expected);
  });
});
