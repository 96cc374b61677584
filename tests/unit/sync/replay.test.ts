import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/core/app-error';
import {
  openOutbox,
  type EnqueueInput,
  type Outbox,
} from '../../../electron/core/store/outbox-store';
import { replayOutbox, type ReplayEvent } from '../../../electron/core/sync/replay';
import { recordingLogger, tempDir } from '../store/test-helpers';
import { InMemoryDevices } from './in-memory-devices';

let cleanup: () => Promise<void>;
let outbox: Outbox;
let path: string;
beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir());
  path = join(dir, 'outbox.json');
  outbox = await openOutbox(path, recordingLogger());
});
afterEach(() => cleanup());

const LOCATIONS = { A: 'Aisle', B: 'Back office', C: 'Cafe' };
const install = (serial: string, locationId: string): EnqueueInput => ({
  kind: 'install',
  serial,
  locationId,
  locationName: null,
  fromLocationId: null,
});
const uninstall = (serial: string, locationId: string | null): EnqueueInput => ({
  kind: 'uninstall',
  serial,
  locationId,
  locationName: null,
  fromLocationId: null,
});
const move = (serial: string, from: string, to: string): EnqueueInput => ({
  kind: 'move',
  serial,
  locationId: to,
  locationName: null,
  fromLocationId: from,
});

describe('replayOutbox against an in-memory server (no sandbox)', () => {
  describe.each([
    // [name, item, device's location before, expected mutations, expected final location]
    ['install, not installed', install('S', 'A'), null, ['install A'], 'A'],
    ['install, already there', install('S', 'A'), 'A', [], 'A'],
    ['uninstall, installed there', uninstall('S', 'A'), 'A', ['uninstall A'], null],
    ['uninstall, not installed', uninstall('S', 'A'), null, [], null],
    [
      'uninstall without a location, installed anywhere',
      uninstall('S', null),
      'C',
      ['uninstall -'],
      null,
    ],
    ['move, at the source', move('S', 'A', 'B'), 'A', ['uninstall A', 'install B'], 'B'],
    ['move, nowhere', move('S', 'A', 'B'), null, ['install B'], 'B'],
    ['move, already at the target', move('S', 'A', 'B'), 'B', [], 'B'],
  ] as const)('%s', (_name, input, before, expected, after) => {
    it('ends done, sends only what is missing, and leaves the outbox empty', async () => {
      const server = new InMemoryDevices(LOCATIONS, { S: before });
      const events: ReplayEvent[] = [];
      const report = await replayOutbox(outbox, server, { onEvent: (e) => events.push(e) });
      // Nothing queued yet: nothing done.
      expect(report).toEqual({ done: 0, failed: 0, conflicts: 0, remaining: 0 });

      await outbox.enqueue(input);
      expect(await replayOutbox(outbox, server, { onEvent: (e) => events.push(e) })).toEqual({
        done: 1,
        failed: 0,
        conflicts: 0,
        remaining: 0,
      });
      expect(server.mutations().map((c) => `${c.op} ${c.locationId ?? '-'}`)).toEqual(expected);
      expect(server.where.get('S')).toBe(after);
      expect(outbox.list()).toEqual([]);
      expect(events.map((e) => e.type)).toEqual(['syncing', 'done']);
      const done = events[1];
      expect(
        done?.type === 'done' && [
          done.before.location?.id ?? null,
          done.device.location?.id ?? null,
        ],
      ).toEqual([before, after]);
    });
  });

  describe.each([
    ['install while installed elsewhere', install('S', 'A'), 'B'],
    ['uninstall from a location it is not at', uninstall('S', 'A'), 'B'],
    ['move while at a third location', move('S', 'A', 'B'), 'C'],
  ] as const)('%s', (_name, input, actual) => {
    it('becomes a conflict naming where the device is, and sends nothing', async () => {
      const server = new InMemoryDevices(LOCATIONS, { S: actual });
      await outbox.enqueue(input);
      const report = await replayOutbox(outbox, server);
      expect(report).toEqual({ done: 0, failed: 0, conflicts: 1, remaining: 0 });
      expect(server.mutations()).toEqual([]);
      expect(outbox.list()[0]).toMatchObject({
        state: 'conflict',
        conflictLocation: { id: actual, name: LOCATIONS[actual] },
        attempts: 1,
      });
    });
  });

  it('stops at a connectivity error, re-queues that item and leaves later ones untouched', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S1: null, S2: null, S3: null }).failNext(
      'getDevice',
      'offline',
      'S2',
    );
    await outbox.enqueue(install('S1', 'A'));
    const second = await outbox.enqueue(install('S2', 'A'));
    await outbox.enqueue(install('S3', 'A'));
    const events: ReplayEvent[] = [];
    const report = await replayOutbox(outbox, server, { onEvent: (e) => events.push(e) });
    expect(report).toEqual({ done: 1, failed: 0, conflicts: 0, remaining: 2 });
    expect(
      outbox.list().map((i) => [i.serial, i.state, i.attempts, i.lastError?.kind ?? null]),
    ).toEqual([
      ['S2', 'queued', 1, 'offline'],
      ['S3', 'queued', 0, null],
    ]);
    expect(server.calls.some((c) => c.serial === 'S3')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'deferred', item: { id: second.id } });
    // Back online: the rest goes through in order.
    expect(await replayOutbox(outbox, server)).toEqual({
      done: 2,
      failed: 0,
      conflicts: 0,
      remaining: 0,
    });
    expect(server.mutations().map((c) => c.serial)).toEqual(['S1', 'S2', 'S3']);
  });

  it('marks an unknown serial failed with the error and carries on with the next item', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S2: null });
    await outbox.enqueue(install('UNKNOWN', 'A'));
    await outbox.enqueue(install('S2', 'A'));
    expect(await replayOutbox(outbox, server)).toEqual({
      done: 1,
      failed: 1,
      conflicts: 0,
      remaining: 0,
    });
    expect(outbox.list()).toMatchObject([
      {
        serial: 'UNKNOWN',
        state: 'failed',
        lastError: { kind: 'not_found', status: 404, message: 'Unknown device.' },
      },
    ]);
    expect(server.where.get('S2')).toBe('A');
  });

  it('never sends an install twice when the server applied it but the answer was lost', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', 'lost_answer');
    await outbox.enqueue(install('S', 'A'));
    expect(await replayOutbox(outbox, server)).toMatchObject({ done: 0, remaining: 1 });
    expect(server.where.get('S')).toBe('A');
    expect(await replayOutbox(outbox, server)).toMatchObject({ done: 1, remaining: 0 });
    expect(server.mutations()).toHaveLength(1);
  });

  it('finishes a move whose uninstall went through before the connection dropped', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'A' }).failNext('install', 'offline');
    await outbox.enqueue(move('S', 'A', 'B'));
    await replayOutbox(outbox, server);
    expect(server.where.get('S')).toBeNull();
    expect(outbox.list()[0]).toMatchObject({ state: 'queued', attempts: 1 });
    await replayOutbox(outbox, server);
    expect(server.mutations().map((c) => `${c.op} ${c.locationId}`)).toEqual([
      'uninstall A',
      'install B',
      'install B',
    ]);
    expect(server.where.get('S')).toBe('B');
    expect(outbox.list()).toEqual([]);
  });

  it('turns a 409 from a race between check and install into a conflict', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null });
    const raced = new AppError({
      kind: 'conflict',
      message: 'Installed elsewhere.',
      nextStep: 'Decide.',
      status: 409,
      location: { id: 'C', name: 'Cafe', extra: 1 },
    });
    server.failNext('install', raced);
    await outbox.enqueue(install('S', 'A'));
    expect(await replayOutbox(outbox, server)).toMatchObject({ conflicts: 1 });
    expect(outbox.list()[0]).toMatchObject({
      state: 'conflict',
      conflictLocation: { id: 'C', name: 'Cafe' },
    });
    expect(outbox.list()[0]?.conflictLocation).not.toHaveProperty('extra');
  });

  it('holds back later actions on a device whose earlier action needs the technician', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C', T: null });
    await outbox.enqueue(install('S', 'A'));
    await outbox.enqueue(uninstall('S', 'A'));
    await outbox.enqueue(install('T', 'B'));
    expect(await replayOutbox(outbox, server)).toEqual({
      done: 1,
      failed: 0,
      conflicts: 1,
      remaining: 1,
    });
    expect(outbox.list().map((i) => [i.serial, i.kind, i.state])).toEqual([
      ['S', 'install', 'conflict'],
      ['S', 'uninstall', 'queued'],
    ]);
    expect(server.where.get('S')).toBe('C');
  });

  it('stops without failing anything when the key is rejected', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    server.failNext(
      'getDevice',
      new AppError({
        kind: 'unauthorized',
        message: 'Key rejected.',
        nextStep: 'Sign in.',
        status: 401,
      }),
    );
    await outbox.enqueue(install('S', 'A'));
    await outbox.enqueue(install('T', 'A'));
    expect(await replayOutbox(outbox, server)).toEqual({
      done: 0,
      failed: 0,
      conflicts: 0,
      remaining: 2,
    });
    expect(outbox.list()[0]).toMatchObject({
      state: 'queued',
      lastError: { kind: 'unauthorized' },
    });
  });

  it('joins a running replay instead of starting a second one', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    await outbox.enqueue(install('S', 'A'));
    await outbox.enqueue(install('T', 'B'));
    const first = replayOutbox(outbox, server);
    const second = replayOutbox(outbox, server);
    expect(second).toBe(first);
    expect(await first).toMatchObject({ done: 2 });
    expect(server.calls.filter((c) => c.op === 'getDevice')).toHaveLength(2);
    // Finished runs do not block the next one.
    await outbox.enqueue(uninstall('S', 'A'));
    expect(await replayOutbox(outbox, server)).toMatchObject({ done: 1 });
  });

  it('picks up, in the same run, an item queued while the run is going', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    await outbox.enqueue(install('S', 'A'));
    const run = replayOutbox(outbox, server, {
      onEvent: (e) =>
        void (e.type === 'syncing' && e.item.serial === 'S' && outbox.enqueue(install('T', 'B'))),
    });
    expect(await run).toEqual({ done: 2, failed: 0, conflicts: 0, remaining: 0 });
    expect(server.where.get('T')).toBe('B');
    expect(outbox.list()).toEqual([]);
  });

  it('survives a restart in the middle of a replay', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null });
    const item = await outbox.enqueue(install('S', 'A'));
    await outbox.update(item.id, { state: 'syncing' });
    await server.install('S', 'A'); // the request went out just before the crash
    const reopened = await openOutbox(path, recordingLogger());
    expect(await replayOutbox(reopened, server)).toMatchObject({ done: 1, remaining: 0 });
    expect(server.mutations()).toHaveLength(1);
  });
});
