/**
 * The replay queue driven alone (sync/replay-queue.ts) over a real work.db and an in-memory
 * server: one replay at a time, a row a crash left 'syncing' sent again, and how a stopped
 * run is passed on (offline; a direct send's other stop retried by the engine).
 */
import { describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../../electron/shared';
import type { Logger } from '../../../electron/common/logger';
import type { SignedInScope } from '../../../electron/core/service/context';
import type { ReplayApi } from '../../../electron/core/sync/replay';
import { createReplayQueue } from '../../../electron/core/sync/replay-queue';
import { InMemoryDevices } from './in-memory-devices';
import { intent, useWorkDb } from './work-db';

const work = useWorkDb();
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The server, with how many of its calls were in flight at once at most. */
function overlapping(server: InMemoryDevices): ReplayApi & { most: () => number } {
  let now = 0;
  let most = 0;
  const timed =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      most = Math.max(most, ++now);
      await new Promise((resolve) => setImmediate(resolve));
      try {
        return await call(...args);
      } finally {
        now--;
      }
    };
  return Object.assign(Object.create(server) as ReplayApi, {
    getDevice: timed((s: string) => server.getDevice(s)),
    install: timed((s: string, l: string) => server.install(s, l)),
    most: () => most,
  });
}

function queue(api: ReplayApi) {
  const heard: string[] = [];
  let scope: SignedInScope | null = {
    record: { organizationId: 'org' },
    store: { work: { intents: work.intents } },
  } as unknown as SignedInScope;
  const replays = createReplayQueue({
    current: () => scope,
    log: quiet,
    api: () => api,
    hooks: {
      event: (_scope, event) => void heard.push(`${event.type} ${event.intent.serial}`),
      damaged: () => void heard.push('damaged'),
      offline: () => void heard.push('offline'),
      retryLater: (stoppedBy: AppErrorShape) => void heard.push(`retry ${stoppedBy.kind}`),
    },
  });
  return { ...replays, heard, signOut: () => void (scope = null) };
}

describe('replay queue', () => {
  it('runs one replay at a time: a second waits, and finds the queue sent', async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null, S2: null });
    const api = overlapping(server);
    const q = queue(api);
    work.intents.add(intent('install', 'S1', 'A'));
    work.intents.add(intent('install', 'S2', 'A'));
    const [first, second] = await Promise.all([q.replay(), q.replay('device:S2')]);
    expect(api.most()).toBe(1);
    expect(first).toMatchObject({ done: 2, remaining: 0 });
    expect(second).toMatchObject({ done: 0, remaining: 0 });
    expect(server.applied.map((c) => `${c.op} ${c.serial}`)).toEqual(['install S1', 'install S2']);
  });

  it("sends again a row a crash left 'syncing', after reading the device's state", async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null });
    const queued = work.intents.add(intent('install', 'S1', 'A'));
    work.db.prepare(`UPDATE intents SET state = 'syncing' WHERE id = ?`).run(queued.id);
    const result = await queue(server).replay();
    expect(result).toMatchObject({ done: 1, remaining: 0 });
    expect(server.where.get('S1')).toBe('A');
  });

  const stops = (q: ReturnType<typeof queue>) =>
    q.heard.filter((h) => h === 'offline' || h.startsWith('retry'));

  it("leaves a sync run's own stop (a 429) to the engine: nothing passed on", async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null });
    const q = queue(server);
    work.intents.add(intent('install', 'S1', 'A'));
    server.failNext('install', 'rate_limited', 'S1');
    expect((await q.replay())?.stoppedBy).toMatchObject({ kind: 'rate_limited' });
    expect(stops(q)).toEqual([]);
  });

  it("has a direct send's 429 retried by the engine", async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null });
    const q = queue(server);
    work.intents.add(intent('install', 'S1', 'A'));
    server.failNext('install', 'rate_limited', 'S1');
    expect((await q.replay('device:S1'))?.stoppedBy).toMatchObject({ kind: 'rate_limited' });
    expect(stops(q)).toEqual(['retry rate_limited']);
  });

  it('says offline when a send found no network, in a run or alone', async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null });
    const q = queue(server);
    work.intents.add(intent('install', 'S1', 'A'));
    server.failNext('getDevice', 'offline', 'S1');
    expect((await q.replay())?.stoppedBy).toMatchObject({ kind: 'offline' });
    expect(stops(q)).toEqual(['offline']);
  });

  it('answers null, sending nothing, when nobody is signed in', async () => {
    const server = new InMemoryDevices({ A: 'Aisle' }, { S1: null });
    const q = queue(server);
    work.intents.add(intent('install', 'S1', 'A'));
    q.signOut();
    expect(await q.replay()).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
