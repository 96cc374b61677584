import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openOutbox,
  type EnqueueInput,
  type Outbox,
} from '../../../electron/core/store/outbox-store';
import { discard, replayOutbox, resolveConflict, retry } from '../../../electron/core/sync/replay';
import { recordingLogger, tempDir } from '../store/test-helpers';
import { InMemoryDevices } from './in-memory-devices';

let cleanup: () => Promise<void>;
let outbox: Outbox;
beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir());
  outbox = await openOutbox(join(dir, 'outbox.json'), recordingLogger());
});
afterEach(() => cleanup());

const LOCATIONS = { A: 'Aisle', B: 'Back office', C: 'Cafe' };
const item = (
  kind: EnqueueInput['kind'],
  serial: string,
  locationId: string | null,
  from: string | null = null,
): EnqueueInput => ({
  kind,
  serial,
  locationId,
  locationName: locationId ? LOCATIONS[locationId as keyof typeof LOCATIONS] : null,
  fromLocationId: from,
});

async function conflicted(server: InMemoryDevices, input: EnqueueInput): Promise<string> {
  const { id } = await outbox.enqueue(input);
  await replayOutbox(outbox, server);
  expect(outbox.list()[0]?.state).toBe('conflict');
  return id;
}

describe('conflict resolution and failed items (in-memory server, no sandbox)', () => {
  it('move_here turns a conflicting install into a move from where the device is, which then succeeds', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C' });
    const id = await conflicted(server, item('install', 'S', 'A'));
    const result = await resolveConflict(outbox, id, 'move_here');
    expect(result).toMatchObject({
      outcome: 'requeued',
      item: {
        id,
        kind: 'move',
        fromLocationId: 'C',
        locationId: 'A',
        state: 'queued',
        conflictLocation: null,
      },
    });
    expect(await replayOutbox(outbox, server)).toMatchObject({ done: 1, remaining: 0 });
    expect(server.where.get('S')).toBe('A');
  });

  it('move_here on an uninstall conflict uninstalls from where the device actually is', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'B' });
    const id = await conflicted(server, item('uninstall', 'S', 'A'));
    const { item: requeued } = await resolveConflict(outbox, id, 'move_here');
    expect(requeued).toMatchObject({
      kind: 'uninstall',
      locationId: 'B',
      locationName: 'Back office',
    });
    await replayOutbox(outbox, server);
    expect(server.where.get('S')).toBeNull();
  });

  it('leave_there drops the item and hands it back for the activity log', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C' });
    const id = await conflicted(server, item('move', 'S', 'B', 'A'));
    const result = await resolveConflict(outbox, id, 'leave_there');
    expect(result).toMatchObject({ outcome: 'discarded', item: { id, state: 'conflict' } });
    expect(outbox.list()).toEqual([]);
    expect(server.where.get('S')).toBe('C');
  });

  it('refuses to resolve an item that is not in conflict', async () => {
    const { id } = await outbox.enqueue(item('install', 'S', 'A'));
    await expect(resolveConflict(outbox, id, 'move_here')).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(resolveConflict(outbox, 'missing', 'leave_there')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('retry re-queues a failed item, which the next replay sends', async () => {
    const server = new InMemoryDevices(LOCATIONS, {});
    const { id } = await outbox.enqueue(item('install', 'S', 'A'));
    await replayOutbox(outbox, server);
    expect(outbox.list()[0]?.state).toBe('failed');
    await expect(retry(outbox, id)).resolves.toMatchObject({
      state: 'queued',
      lastError: null,
      attempts: 1,
    });
    server.where.set('S', null); // the serial got registered meanwhile
    expect(await replayOutbox(outbox, server)).toMatchObject({ done: 1 });
    await expect(retry(outbox, id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('retry refuses an item that has not failed', async () => {
    const { id } = await outbox.enqueue(item('install', 'S', 'A'));
    await expect(retry(outbox, id)).rejects.toMatchObject({ kind: 'validation' });
  });

  it('discard removes a waiting item but not one being sent', async () => {
    const a = await outbox.enqueue(item('install', 'S', 'A'));
    const b = await outbox.enqueue(item('install', 'T', 'A'));
    await expect(discard(outbox, a.id)).resolves.toMatchObject({ id: a.id });
    await outbox.update(b.id, { state: 'syncing' });
    await expect(discard(outbox, b.id)).rejects.toMatchObject({ kind: 'validation' });
    expect(outbox.list().map((i) => i.id)).toEqual([b.id]);
  });
});
