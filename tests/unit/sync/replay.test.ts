import { describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/core/app-error';
import type { NewIntent } from '../../../electron/core/store/intent-rows';
import { replayIntents, type ReplayEvent } from '../../../electron/core/sync/replay';
import { InMemoryDevices, offlineError } from './in-memory-devices';
import { intent, openWorkDb, tempWorkDir, useWorkDb } from './work-db';

const work = useWorkDb();

const LOCATIONS = { A: 'Aisle', B: 'Back office', C: 'Cafe' };
const install = (serial: string, locationId: string): NewIntent =>
  intent('install', serial, locationId);
const uninstall = (serial: string, locationId: string | null): NewIntent =>
  intent('uninstall', serial, locationId);
const move = (serial: string, from: string, to: string): NewIntent =>
  intent('move', serial, to, from);

const report = (done: number, failed: number, conflicts: number, remaining: number) => ({
  done,
  failed,
  conflicts,
  remaining,
  stoppedBy: null,
});
const mutationLog = (server: InMemoryDevices) =>
  server.mutations().map((c) => `${c.op} ${c.locationId ?? '-'}`);

describe('replayIntents against an in-memory server (no sandbox)', () => {
  describe.each([
    // [name, intent, device's location before, expected mutations, expected final location]
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
      // Nothing queued yet: nothing done.
      expect(await replayIntents(work.intents, server, { onEvent: (e) => events.push(e) })).toEqual(
        report(0, 0, 0, 0),
      );

      work.intents.add(input);
      expect(await replayIntents(work.intents, server, { onEvent: (e) => events.push(e) })).toEqual(
        report(1, 0, 0, 0),
      );
      expect(mutationLog(server)).toEqual(expected);
      expect(server.where.get('S')).toBe(after);
      expect(work.intents.list()).toEqual([]);
      // A move that uninstalled first reports the step before it is done.
      const types = events.map((e) => e.type);
      expect(types).toEqual(
        expected.length === 2 ? ['syncing', 'step', 'done'] : ['syncing', 'done'],
      );
      const done = events.at(-1);
      expect(
        done?.type === 'done' && [
          done.before?.location?.id ?? null,
          done.device?.location?.id ?? null,
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
      work.intents.add(input);
      expect(await replayIntents(work.intents, server)).toEqual(report(0, 0, 1, 0));
      expect(server.mutations()).toEqual([]);
      expect(work.intents.list()[0]).toMatchObject({
        state: 'conflict',
        conflictLocation: { id: actual, name: LOCATIONS[actual] },
        attempts: 1,
      });
    });
  });

  it('stops at a connectivity error, re-queues that intent and leaves later ones untouched', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S1: null, S2: null, S3: null }).failNext(
      'getDevice',
      'offline',
      'S2',
    );
    work.intents.add(install('S1', 'A'));
    const second = work.intents.add(install('S2', 'A'));
    work.intents.add(install('S3', 'A'));
    const events: ReplayEvent[] = [];
    const first = await replayIntents(work.intents, server, { onEvent: (e) => events.push(e) });
    expect(first).toMatchObject({
      done: 1,
      failed: 0,
      conflicts: 0,
      remaining: 2,
      stoppedBy: { kind: 'offline' },
    });
    expect(
      work.intents.list().map((i) => [i.serial, i.state, i.attempts, i.lastError?.kind ?? null]),
    ).toEqual([
      ['S2', 'queued', 1, 'offline'],
      ['S3', 'queued', 0, null],
    ]);
    expect(server.calls.some((c) => c.serial === 'S3')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'deferred', intent: { id: second.id } });
    // Back online: the rest goes through in order.
    expect(await replayIntents(work.intents, server)).toEqual(report(2, 0, 0, 0));
    expect(server.mutations().map((c) => c.serial)).toEqual(['S1', 'S2', 'S3']);
  });

  it('marks an unknown serial failed with the error and carries on with the next intent', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S2: null });
    work.intents.add(install('UNKNOWN', 'A'));
    work.intents.add(install('S2', 'A'));
    expect(await replayIntents(work.intents, server)).toEqual(report(1, 1, 0, 0));
    expect(work.intents.list()).toMatchObject([
      {
        serial: 'UNKNOWN',
        state: 'failed',
        lastError: { kind: 'not_found', status: 404, code: 'device_not_found' },
      },
    ]);
    expect(server.where.get('S2')).toBe('A');
  });

  it('never sends an install twice when the server applied it but the answer was lost', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', 'lost_answer');
    work.intents.add(install('S', 'A'));
    // The lost answer is settled by reading the device back, in the same run.
    expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
    expect(server.where.get('S')).toBe('A');
    expect(await replayIntents(work.intents, server)).toEqual(report(0, 0, 0, 0));
    expect(server.mutations()).toHaveLength(1);
    expect(server.redundantMutations).toBe(0);
  });

  describe("a first try is planned from the server's answer of moments ago (recentDevice)", () => {
    const answered = (at: string | null) => ({
      serial_number: 'S',
      device_type_name: 'Counter',
      location: at === null ? null : { id: at, name: LOCATIONS[at as keyof typeof LOCATIONS] },
    });

    it('sends the install without reading the device again', async () => {
      const server = new InMemoryDevices(LOCATIONS, { S: null });
      server.recentDevice = (serial) => (serial === 'S' ? answered(null) : null);
      work.intents.add(install('S', 'A'));
      expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
      expect(server.calls.map((c) => `${c.op} ${c.locationId ?? '-'}`)).toEqual(['install A']);
      expect(server.where.get('S')).toBe('A');
    });

    it('makes a conflict of what that answer shows, sending nothing', async () => {
      const server = new InMemoryDevices(LOCATIONS, { S: 'B' });
      server.recentDevice = () => answered('B');
      work.intents.add(install('S', 'A'));
      expect(await replayIntents(work.intents, server)).toEqual(report(0, 0, 1, 0));
      expect(server.calls).toEqual([]);
    });

    it('reads again on a later try, so a send that landed unheard is not sent twice', async () => {
      const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', 'lost_answer');
      // The install lands but its answer is lost, and the read that would settle it fails.
      const read = server.getDevice.bind(server);
      let reads = 0;
      server.getDevice = (serial: string) =>
        ++reads === 1 ? Promise.reject(offlineError()) : read(serial);
      // "Not installed", as the scan saw it: no longer true, and a later try must not trust it.
      server.recentDevice = () => answered(null);
      work.intents.add(install('S', 'A'));
      expect(await replayIntents(work.intents, server)).toMatchObject({ done: 0, remaining: 1 });
      expect(server.where.get('S')).toBe('A');
      expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
      expect(server.mutations()).toHaveLength(1);
      expect(server.redundantMutations).toBe(0);
    });
  });

  it('leaves a lost answer queued when the device cannot be read back either', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null }).failNext('install', 'lost_answer');
    // check (ok) → install (applied, answer lost) → read back (offline): outcome still unknown.
    const read = server.getDevice.bind(server);
    let reads = 0;
    server.getDevice = (serial: string) =>
      ++reads === 2 ? Promise.reject(offlineError()) : read(serial);
    work.intents.add(install('S', 'A'));
    expect(await replayIntents(work.intents, server)).toMatchObject({
      done: 0,
      failed: 0,
      remaining: 1,
      stoppedBy: { kind: 'offline' },
    });
    expect(work.intents.list()[0]).toMatchObject({
      state: 'queued',
      lastError: { kind: 'offline' },
    });
    expect(server.where.get('S')).toBe('A');
    // Next run: the check sees it installed and counts it done without sending it again.
    expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
    expect(server.mutations()).toHaveLength(1);
    expect(server.redundantMutations).toBe(0);
  });

  describe('a 502 after the server applied the change is settled by reading, never sent twice', () => {
    it.each([
      ['install', install('S', 'A'), null, 'install', ['install A'], 'A'],
      ['uninstall', uninstall('S', 'A'), 'A', 'uninstall', ['uninstall A'], null],
      [
        "a move's uninstall step",
        move('S', 'A', 'B'),
        'A',
        'uninstall',
        ['uninstall A', 'install B'],
        'B',
      ],
      [
        "a move's install step",
        move('S', 'A', 'B'),
        'A',
        'install',
        ['uninstall A', 'install B'],
        'B',
      ],
    ] as const)('%s', async (_name, input, before, failing, expected, after) => {
      const server = new InMemoryDevices(LOCATIONS, { S: before }).failNext(
        failing,
        'applied_then_502',
      );
      work.intents.add(input);
      expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
      expect(mutationLog(server)).toEqual(expected);
      expect(server.where.get('S')).toBe(after);
      expect(server.redundantMutations).toBe(0);
      expect(work.intents.list()).toEqual([]);
    });
  });

  it('keeps an intent queued (not failed) after a 502 the server did not act on, and sends it once later', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null }).failNext(
      'install',
      'server_error',
      'S',
    );
    const first = work.intents.add(install('S', 'A'));
    work.intents.add(install('T', 'B'));
    expect(await replayIntents(work.intents, server)).toMatchObject({
      done: 0,
      failed: 0,
      remaining: 2,
      stoppedBy: { kind: 'server', status: 502 },
    });
    expect(work.intents.list()[0]).toMatchObject({
      id: first.id,
      state: 'queued',
      attempts: 1,
      lastError: { kind: 'server', status: 502 },
    });
    // The run stopped: T was not tried against a server in trouble.
    expect(server.calls.some((c) => c.serial === 'T')).toBe(false);
    expect(await replayIntents(work.intents, server)).toEqual(report(2, 0, 0, 0));
    expect(server.applied.map((c) => c.serial)).toEqual(['S', 'T']);
    expect(server.redundantMutations).toBe(0);
  });

  it('stops at a 429, keeps the intent queued with Retry-After, and leaves later ones untouched', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null }).failNext(
      'install',
      'rate_limited',
      'S',
    );
    work.intents.add(install('S', 'A'));
    work.intents.add(install('T', 'B'));
    const events: ReplayEvent[] = [];
    expect(
      await replayIntents(work.intents, server, { onEvent: (e) => events.push(e) }),
    ).toMatchObject({
      done: 0,
      failed: 0,
      remaining: 2,
      stoppedBy: { kind: 'rate_limited', retryAfterS: 30 },
    });
    expect(
      work.intents.list().map((i) => [i.serial, i.state, i.lastError?.retryAfterS ?? null]),
    ).toEqual([
      ['S', 'queued', 30],
      ['T', 'queued', null],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'deferred', error: { kind: 'rate_limited' } });
    expect(server.calls.some((c) => c.serial === 'T')).toBe(false);
    expect(await replayIntents(work.intents, server)).toEqual(report(2, 0, 0, 0));
    expect(server.applied.map((c) => c.serial)).toEqual(['S', 'T']);
  });

  it('finishes a move whose uninstall went through before the connection dropped', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'A' }).failNext('install', 'offline');
    work.intents.add(move('S', 'A', 'B'));
    expect(await replayIntents(work.intents, server)).toMatchObject({
      remaining: 1,
      stoppedBy: { kind: 'offline' },
    });
    expect(server.where.get('S')).toBeNull();
    expect(work.intents.list()[0]).toMatchObject({ state: 'queued', attempts: 1, stepsDone: 1 });
    expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 0, 0));
    // The install that never reached the server is sent again; the uninstall is not.
    expect(mutationLog(server)).toEqual(['uninstall A', 'install B', 'install B']);
    expect(server.applied.map((c) => c.op)).toEqual(['uninstall', 'install']);
    expect(server.where.get('S')).toBe('B');
    expect(work.intents.list()).toEqual([]);
  });

  it('resumes a move interrupted by a crash after its uninstall by installing', async () => {
    const { path, cleanup } = await tempWorkDir();
    try {
      const before = openWorkDb(path);
      const server = new InMemoryDevices(LOCATIONS, { S: 'A' });
      const queued = before.intents.add(move('S', 'A', 'B'));
      before.intents.update(queued.id, { state: 'syncing', attempts: 1 });
      await server.uninstall('S', 'A'); // sent just before the crash…
      before.intents.update(queued.id, { stepsDone: 1 }); // …and recorded
      before.db.close();

      const after = openWorkDb(path);
      try {
        expect(after.intents.requeueInterrupted()).toBe(1);
        expect(after.intents.list()[0]).toMatchObject({ state: 'queued', stepsDone: 1 });
        expect(await replayIntents(after.intents, server)).toEqual(report(1, 0, 0, 0));
        expect(mutationLog(server)).toEqual(['uninstall A', 'install B']);
        expect(server.where.get('S')).toBe('B');
        expect(after.intents.list()).toEqual([]);
      } finally {
        after.db.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('turns a 409 from a race between check and install into a conflict', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null });
    // A field beyond the reference's own, as a server may send one.
    const cafe = { id: 'C', name: 'Cafe', extra: 1 };
    const raced = new AppError({
      kind: 'conflict',
      code: 'installed_elsewhere',
      status: 409,
      location: cafe,
    });
    server.failNext('install', raced);
    work.intents.add(install('S', 'A'));
    expect(await replayIntents(work.intents, server)).toMatchObject({ conflicts: 1 });
    expect(work.intents.list()[0]).toMatchObject({
      state: 'conflict',
      conflictLocation: { id: 'C', name: 'Cafe' },
    });
    expect(work.intents.list()[0]?.conflictLocation).not.toHaveProperty('extra');
  });

  it('holds back later actions on a device whose earlier action needs the technician', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: 'C', T: null });
    work.intents.add(install('S', 'A'));
    work.intents.add(uninstall('S', 'A'));
    work.intents.add(install('T', 'B'));
    expect(await replayIntents(work.intents, server)).toEqual(report(1, 0, 1, 1));
    expect(work.intents.list().map((i) => [i.serial, i.kind, i.state])).toEqual([
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
        code: 'unauthorized',
        status: 401,
      }),
    );
    work.intents.add(install('S', 'A'));
    work.intents.add(install('T', 'A'));
    expect(await replayIntents(work.intents, server)).toMatchObject({
      done: 0,
      failed: 0,
      conflicts: 0,
      remaining: 2,
      stoppedBy: { kind: 'unauthorized' },
    });
    expect(work.intents.list()[0]).toMatchObject({
      state: 'queued',
      lastError: { kind: 'unauthorized' },
    });
  });

  it('never sends an intent twice when two runs overlap', async () => {
    // The core serialises runs (create-core's replay queue); even without that, an intent
    // being sent is marked 'syncing' before the first await, so a second run passes it by.
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    work.intents.add(install('S', 'A'));
    work.intents.add(install('T', 'B'));
    const [a, b] = await Promise.all([
      replayIntents(work.intents, server),
      replayIntents(work.intents, server),
    ]);
    expect(a.done + b.done).toBe(2);
    expect(
      server
        .mutations()
        .map((c) => c.serial)
        .sort(),
    ).toEqual(['S', 'T']);
    expect(server.calls.filter((c) => c.op === 'getDevice')).toHaveLength(2);
    expect(work.intents.list()).toEqual([]);
    // Finished runs do not block the next one.
    work.intents.add(uninstall('S', 'A'));
    expect(await replayIntents(work.intents, server)).toMatchObject({ done: 1 });
  });

  it('runs only the given lane when asked to', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    work.intents.add(install('S', 'A'));
    work.intents.add(install('T', 'B'));
    expect(await replayIntents(work.intents, server, { lane: 'device:T' })).toMatchObject({
      done: 1,
      remaining: 1,
    });
    expect(server.where.get('T')).toBe('B');
    expect(server.calls.some((c) => c.serial === 'S')).toBe(false);
  });

  it('picks up, in the same run, an intent queued while the run is going', async () => {
    const server = new InMemoryDevices(LOCATIONS, { S: null, T: null });
    work.intents.add(install('S', 'A'));
    const run = replayIntents(work.intents, server, {
      onEvent: (e) =>
        void (
          e.type === 'syncing' &&
          e.intent.serial === 'S' &&
          work.intents.add(install('T', 'B'))
        ),
    });
    expect(await run).toEqual(report(2, 0, 0, 0));
    expect(server.where.get('T')).toBe('B');
    expect(work.intents.list()).toEqual([]);
  });

  it('survives a restart in the middle of a replay', async () => {
    const { path, cleanup } = await tempWorkDir();
    try {
      const before = openWorkDb(path);
      const server = new InMemoryDevices(LOCATIONS, { S: null });
      const queued = before.intents.add(install('S', 'A'));
      before.intents.update(queued.id, { state: 'syncing' });
      await server.install('S', 'A'); // the request went out just before the crash
      before.db.close();

      const after = openWorkDb(path);
      try {
        after.intents.requeueInterrupted();
        expect(await replayIntents(after.intents, server)).toMatchObject({
          done: 1,
          remaining: 0,
        });
        expect(server.mutations()).toHaveLength(1);
      } finally {
        after.db.close();
      }
    } finally {
      await cleanup();
    }
  });
});
