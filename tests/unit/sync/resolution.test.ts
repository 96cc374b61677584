import { describe, expect, it } from 'vitest';
import type { NewIntent } from '../../../electron/core/store/intent-rows';
import { replayIntents } from '../../../electron/core/sync/replay';
import { discard, resolveConflict, retry } from '../../../electron/core/sync/resolution';
import { InMemoryDevices } from './in-memory-devices';
import { intent, useWorkDb, type Placement } from './work-db';

const work = useWorkDb();

const LOCATIONS = { A: 'Aisle', B: 'Back office', C: 'Cafe' };
const item = (
  kind: Placement,
  serial: string,
  locationId: string | null,
  from: string | null = null,
): NewIntent =>
  intent(
    kind,
    serial,
    locationId,
    from,
    locationId ? LOCATIONS[locationId as keyof typeof LOCATIONS] : null,
  );

async function conflicted(server: InMemoryDevices, input: NewIntent): Promise<string> {
  const { id } = work.intents.add(input);
  await replayIntents(work.intents, server);
  expect(work.intents.list()[0]?.state).toBe('conflict');
  return id;
}

describe('conflict resolution and failed work.intents (in-memory server, no sandbox)', () => {
  it('move_here turns a conflicting install into a move from where the device is, which then succeeds', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C' });
    const id = await conflicted(server, item('install', 'S', 'A'));
    const result = resolveConflict(work.intents, id, 'move_here');
    expect(result).toMatchObject({
      outcome: 'requeued',
      intent: {
        id,
        kind: 'move',
        fromLocationId: 'C',
        locationId: 'A',
        state: 'queued',
        conflictLocation: null,
        stepsDone: 0,
      },
    });
    expect(await replayIntents(work.intents, server)).toMatchObject({ done: 1, remaining: 0 });
    expect(server.where.get('S')).toBe('A');
  });

  it('move_here on an uninstall conflict uninstalls from where the device actually is', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'B' });
    const id = await conflicted(server, item('uninstall', 'S', 'A'));
    const { intent: requeued } = resolveConflict(work.intents, id, 'move_here');
    expect(requeued).toMatchObject({
      kind: 'uninstall',
      locationId: 'B',
      locationName: 'Back office',
    });
    await replayIntents(work.intents, server);
    expect(server.where.get('S')).toBeNull();
  });

  it('leave_there drops the intent and hands it back for the activity log', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C' });
    const id = await conflicted(server, item('move', 'S', 'B', 'A'));
    const result = resolveConflict(work.intents, id, 'leave_there');
    expect(result).toMatchObject({ outcome: 'discarded', intent: { id, state: 'conflict' } });
    expect(work.intents.list()).toEqual([]);
    expect(server.where.get('S')).toBe('C');
  });

  it('refuses to resolve an intent that is not in conflict', () => {
    const { id } = work.intents.add(item('install', 'S', 'A'));
    expect(() => resolveConflict(work.intents, id, 'move_here')).toThrow(
      expect.objectContaining({ kind: 'validation' }),
    );
    expect(() => resolveConflict(work.intents, 'missing', 'leave_there')).toThrow(
      expect.objectContaining({ kind: 'not_found' }),
    );
  });

  it('retry re-queues a failed intent, which the next replay sends', async () => {
    const server = new InMemoryDevices(LOCATIONS, {});
    const { id } = work.intents.add(item('install', 'S', 'A'));
    await replayIntents(work.intents, server);
    expect(work.intents.list()[0]?.state).toBe('failed');
    expect(retry(work.intents, id)).toMatchObject({
      state: 'queued',
      lastError: null,
      attempts: 1,
    });
    server.where.set('S', null); // the serial got registered meanwhile
    expect(await replayIntents(work.intents, server)).toMatchObject({ done: 1 });
    expect(() => retry(work.intents, id)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('retry refuses an intent that has not failed', () => {
    const { id } = work.intents.add(item('install', 'S', 'A'));
    expect(() => retry(work.intents, id)).toThrow(expect.objectContaining({ kind: 'validation' }));
  });

  it('discard removes a waiting intent but not one being sent', () => {
    const a = work.intents.add(item('install', 'S', 'A'));
    const b = work.intents.add(item('install', 'T', 'A'));
    expect(discard(work.intents, a.id)).toMatchObject({ id: a.id });
    work.intents.update(b.id, { state: 'syncing' });
    expect(() => discard(work.intents, b.id)).toThrow(
      expect.objectContaining({ kind: 'validation' }),
    );
    expect(work.intents.list().map((i) => i.id)).toEqual([b.id]);
  });
});
