/**
 * Replay against the real sandbox server over HTTP, through a deliberately tiny fetch-based
 * DeviceActions (the real API client is tested elsewhere; this pins replay's behaviour with
 * the server's real rules, including "applied, but the answer was lost").
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Device, ErrorBody } from '../../../electron/core/api/wire';
import { AppError } from '../../../electron/core/app-error';
import { openOutbox, type Outbox } from '../../../electron/core/store/outbox-store';
import {
  replayOutbox,
  resolveConflict,
  type DeviceActions,
} from '../../../electron/core/sync/replay';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { recordingLogger, tempDir } from '../../unit/store/test-helpers';

let sandbox: RunningSandbox;
let auth: string;
let outbox: Outbox;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, devices: 40 });
  const user = sandbox.users.find((u) => u.organizations.length > 0);
  if (!user?.organizations[0]) throw new Error('sandbox has no user with an organization');
  auth = `Basic ${Buffer.from(`${user.organizations[0].id}:${user.api_key}`).toString('base64')}`;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = await tempDir());
  outbox = await openOutbox(join(dir, 'outbox.json'), recordingLogger());
  sandbox.clearFaults();
});
afterEach(() => cleanup());

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new AppError({ kind: 'offline', message: 'No answer.', nextStep: 'Wait.' }, { cause: e });
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return json;
  const error = ErrorBody.safeParse(json);
  const details = error.success ? error.data.error.details : undefined;
  const location = z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .safeParse(details?.location);
  const kind = res.status === 404 ? 'not_found' : res.status === 409 ? 'conflict' : 'server';
  throw new AppError({
    kind,
    message: error.success ? error.data.error.message : `HTTP ${res.status}`,
    nextStep: 'See the test.',
    status: res.status,
    ...(location.success && location.data ? { location: location.data } : {}),
  });
}

const one = z.object({ data: Device });
const actions: DeviceActions = {
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
};

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

describe('replayOutbox against the sandbox over HTTP', () => {
  it('replays installs, moves, conflicts and unknown serials as the server sees them', async () => {
    const [l1, l2] = await locations();
    const [s1, s2, s3] = await uninstalledSerials();
    if (!l1 || !l2 || !s1 || !s2 || !s3) throw new Error('sandbox seed too small');
    await actions.install(s2, l1);
    await actions.install(s3, l2); // someone else put it at l2 while we were offline

    await outbox.enqueue({
      kind: 'install',
      serial: s1,
      locationId: l1,
      locationName: null,
      fromLocationId: null,
    });
    await outbox.enqueue({
      kind: 'move',
      serial: s2,
      locationId: l2,
      locationName: null,
      fromLocationId: l1,
    });
    await outbox.enqueue({
      kind: 'install',
      serial: s3,
      locationId: l1,
      locationName: null,
      fromLocationId: null,
    });
    await outbox.enqueue({
      kind: 'install',
      serial: 'NO-SUCH-SERIAL',
      locationId: l1,
      locationName: null,
      fromLocationId: null,
    });

    expect(await replayOutbox(outbox, actions)).toEqual({
      done: 2,
      failed: 1,
      conflicts: 1,
      remaining: 0,
    });
    expect(sandbox.deviceLocation(s1)?.id).toBe(l1);
    expect(sandbox.deviceLocation(s2)?.id).toBe(l2);
    expect(sandbox.deviceLocation(s3)?.id).toBe(l2);
    expect(outbox.list()).toMatchObject([
      { serial: s3, state: 'conflict', conflictLocation: { id: l2 } },
      { serial: 'NO-SUCH-SERIAL', state: 'failed', lastError: { kind: 'not_found', status: 404 } },
    ]);

    const conflict = outbox.list()[0];
    await resolveConflict(outbox, conflict?.id ?? '', 'move_here');
    expect(await replayOutbox(outbox, actions)).toMatchObject({ done: 1, conflicts: 0 });
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
    await outbox.enqueue({
      kind: 'install',
      serial,
      locationId: l1,
      locationName: null,
      fromLocationId: null,
    });

    expect(await replayOutbox(outbox, actions)).toEqual({
      done: 0,
      failed: 0,
      conflicts: 0,
      remaining: 1,
    });
    expect(outbox.list()[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: { kind: 'offline' },
    });
    expect(sandbox.deviceLocation(serial)?.id).toBe(l1);

    expect(await replayOutbox(outbox, actions)).toEqual({
      done: 1,
      failed: 0,
      conflicts: 0,
      remaining: 0,
    });
    expect(posts('install', serial)).toBe(1);
  });
});
