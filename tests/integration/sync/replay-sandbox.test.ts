/**
 * Replay against the real sandbox server over HTTP, through a deliberately tiny fetch-based
 * ReplayApi (the real API client is tested elsewhere; this pins replay's behaviour with the
 * server's real rules, including "applied, but the answer was lost" and "applied, then a 502"),
 * over a real SQLite outbox.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Device, ErrorBody } from '../../../electron/core/api/wire';
import { AppError } from '../../../electron/core/app-error';
import type { ErrorKind } from '../../../electron/shared';
import type { IntentRows, NewIntent } from '../../../electron/core/store/intent-rows';
import { replayIntents, type ReplayApi } from '../../../electron/core/sync/replay';
import { resolveConflict } from '../../../electron/core/sync/resolution';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { openWorkDb, type WorkDb } from '../../unit/sync/work-db';

let sandbox: RunningSandbox;
let auth: string;
let work: WorkDb;
let outbox: IntentRows;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, devices: 40 });
  const user = sandbox.users.find((u) => u.organizations.length > 0);
  if (!user?.organizations[0]) throw new Error('sandbox has no user with an organization');
  auth = `Basic ${Buffer.from(`${user.organizations[0].id}:${user.api_key}`).toString('base64')}`;
});
afterAll(() => sandbox.close());
beforeEach(() => {
  work = openWorkDb();
  outbox = work.intents;
  sandbox.clearFaults();
});
afterEach(() => work.db.close());

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new AppError(
      { kind: 'offline', code: 'offline', params: { host: new URL(sandbox.baseUrl).host } },
      { cause: e },
    );
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return json;
  const error = ErrorBody.safeParse(json);
  const details = error.success ? error.data.error.details : undefined;
  const location = z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .safeParse(details?.location);
  const kind: ErrorKind =
    res.status === 404 ? 'not_found' : res.status === 409 ? 'conflict' : 'server';
  throw new AppError({
    kind,
    ...(kind === 'not_found'
      ? { code: 'device_not_found', params: { serial: path.split('/').pop() ?? '' } }
      : kind === 'server'
        ? { code: 'server', params: { status: res.status } }
        : { code: kind }),
    status: res.status,
    ...(location.success && location.data ? { location: location.data } : {}),
  });
}

const one = z.object({ data: Device });
const notUsed = (what: string) => () =>
  Promise.reject(new Error(`${what} is not part of these tests`));
const actions: ReplayApi = {
  getDevice: async (serial) => one.parse(await call('GET', `/devices/${serial}`)).data,
  install: async (serial, locationId) =>
    one.parse(await call('POST', `/devices/${serial}/install`, { location_id: locationId })).data,
  uninstall: async (serial, locationId) =>
    one.parse(
      await call(
        'POST',
        `/devices/${serial}/uninstall`,
        locationId ? { location_id: locationId } : {},
      ),
    ).data,
  updateDevice: notUsed('updateDevice'),
  createLocation: notUsed('createLocation'),
  findLocation: notUsed('findLocation'),
  deleteLocation: notUsed('deleteLocation'),
  getLocation: notUsed('getLocation'),
};

const placement = (
  kind: 'install' | 'move',
  serial: string,
  locationId: string,
  fromLocationId: string | null = null,
): NewIntent => ({
  kind,
  serial,
  locationId,
  locationName: null,
  fromLocationId,
  keyFingerprint: 'test',
});

async function locations(): Promise<string[]> {
  const body = z
    .object({ data: z.array(z.object({ id: z.string() })) })
    .parse(await call('GET', '/locations'));
  return body.data.map((l) => l.id);
}

async function uninstalledSerials(): Promise<string[]> {
  const body = z
    .object({ data: z.array(Device) })
    .parse(await call('GET', '/uninstalled-devices?per_page=20'));
  return body.data.map((d) => d.serial_number);
}

const posts = (what: 'install' | 'uninstall', serial: string): number =>
  sandbox
    .requestLog()
    .filter((r) => r.method === 'POST' && r.path.includes(`/devices/${serial}/${what}`)).length;

describe('replayIntents against the sandbox over HTTP', () => {
  it('replays installs, moves, conflicts and unknown serials as the server sees them', async () => {
    const [l1, l2] = await locations();
    const [s1, s2, s3] = await uninstalledSerials();
    if (!l1 || !l2 || !s1 || !s2 || !s3) throw new Error('sandbox seed too small');
    await actions.install(s2, l1);
    await actions.install(s3, l2); // someone else put it at l2 while we were offline

    outbox.add(placement('install', s1, l1));
    outbox.add(placement('move', s2, l2, l1));
    outbox.add(placement('install', s3, l1));
    outbox.add(placement('install', 'NO-SUCH-SERIAL', l1));

    expect(await replayIntents(outbox, actions)).toEqual({
      done: 2,
      failed: 1,
      conflicts: 1,
      remaining: 0,
      stoppedBy: null,
    });
    expect(sandbox.deviceLocation(s1)?.id).toBe(l1);
    expect(sandbox.deviceLocation(s2)?.id).toBe(l2);
    expect(sandbox.deviceLocation(s3)?.id).toBe(l2);
    expect(outbox.list()).toMatchObject([
      { serial: s3, state: 'conflict', conflictLocation: { id: l2 } },
      { serial: 'NO-SUCH-SERIAL', state: 'failed', lastError: { kind: 'not_found', status: 404 } },
    ]);

    const conflict = outbox.list()[0];
    resolveConflict(outbox, conflict?.id ?? '', 'move_here');
    expect(await replayIntents(outbox, actions)).toMatchObject({ done: 1, conflicts: 0 });
    expect(sandbox.deviceLocation(s3)?.id).toBe(l1);
  });

  it('does not install twice when the server applied the install but the answer was dropped', async () => {
    const [l1] = await locations();
    const [serial] = await uninstalledSerials();
    if (!l1 || !serial) throw new Error('sandbox seed too small');
    sandbox.setFaults({
      pathPattern: '/devices/.+/install',
      methods: ['POST'],
      failNext: { count: 1, kind: 'drop', afterHandling: true },
    });
    outbox.add(placement('install', serial, l1));

    // The lost answer is an unknown outcome: the device is read back, which settles it.
    expect(await replayIntents(outbox, actions)).toEqual({
      done: 1,
      failed: 0,
      conflicts: 0,
      remaining: 0,
      stoppedBy: null,
    });
    expect(outbox.list()).toEqual([]);
    expect(sandbox.deviceLocation(serial)?.id).toBe(l1);
    expect(posts('install', serial)).toBe(1);

    expect(await replayIntents(outbox, actions)).toMatchObject({ done: 0, remaining: 0 });
    expect(posts('install', serial)).toBe(1);
  });

  it('settles a move whose uninstall got a 502 after the server applied it, without sending it twice', async () => {
    const [l1, l2] = await locations();
    const [serial] = await uninstalledSerials();
    if (!l1 || !l2 || !serial) throw new Error('sandbox seed too small');
    await actions.install(serial, l1);
    sandbox.setFaults({
      pathPattern: '/devices/.+/uninstall',
      methods: ['POST'],
      failNext: { count: 1, kind: 'error', status: 502, afterHandling: true },
    });
    outbox.add(placement('move', serial, l2, l1));

    expect(await replayIntents(outbox, actions)).toMatchObject({ done: 1, remaining: 0 });
    expect(sandbox.deviceLocation(serial)?.id).toBe(l2);
    expect(posts('uninstall', serial)).toBe(1);
    expect(posts('install', serial)).toBe(2); // ours before the test, and the move's
  });

  it('keeps an install queued after a 502 the server did not act on, and sends it once later', async () => {
    const [l1] = await locations();
    const [serial] = await uninstalledSerials();
    if (!l1 || !serial) throw new Error('sandbox seed too small');
    sandbox.setFaults({
      pathPattern: '/devices/.+/install',
      methods: ['POST'],
      failNext: { count: 1, kind: 'error', status: 503, afterHandling: false },
    });
    outbox.add(placement('install', serial, l1));

    expect(await replayIntents(outbox, actions)).toMatchObject({
      done: 0,
      failed: 0,
      remaining: 1,
      stoppedBy: { kind: 'server', status: 503 },
    });
    expect(outbox.list()[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: { kind: 'server', status: 503 },
    });
    expect(sandbox.deviceLocation(serial)).toBeNull();

    expect(await replayIntents(outbox, actions)).toMatchObject({ done: 1, remaining: 0 });
    expect(sandbox.deviceLocation(serial)?.id).toBe(l1);
    // The first POST was refused, the second applied: one install landed.
    expect(posts('install', serial)).toBe(2);
  });
});
