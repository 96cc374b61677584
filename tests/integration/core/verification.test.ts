/**
 * A verification is recorded from what the core reads from the server, never from numbers the
 * page sends: whether the device checks in (the tables' rule) and what it counted from the walk
 * test's start — a start the core keeps in the visit's chained record. Real core, real sandbox
 * (its "minute" buckets 1 s long, so a walk test's buckets pass in seconds), real SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { plain } from '../../helpers/plain-text';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  signInAndSync,
  uninstalledSerials,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
let harness: CoreHarness;
let locationId: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-verification-'));
  host = await hostSandbox(join(root, 'sandbox.json'), { minuteBucketS: 1 });
  harness = await startCoreHarness({ dataDir: join(root, 'core') });
  await signInAndSync(harness, host.sandbox);
  locationId = (await harness.call('listLocations')).value[0]!.id;
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Until the next whole second: the sandbox's buckets are a second long. */
const nextBucket = () => new Promise((r) => setTimeout(r, 1_050 - (Date.now() % 1_000)));

/** An installed device that counts only what the test sends across its line from now on. */
async function quietDevice(): Promise<string> {
  const [serial] = await uninstalledSerials(harness, 1);
  await harness.call('installDevice', { serial, locationId });
  host.sandbox.peopleCross(serial!, { in: 0, out: 0 });
  return serial!;
}

describe('verification', () => {
  it('counts from the walk test’s start (kept in the chained record) and records what the core read', async () => {
    const serial = await quietDevice();
    // Customers before the technician starts: not the walk test's, and said as others crossing.
    host.sandbox.walkThrough(serial, 5);
    expect(await harness.call('readVerification', { serial })).toMatchObject({ walk: null });
    await nextBucket();
    const started = await harness.call('startWalkTest', { serial, locationId });
    expect(started.walkTest?.startedAt).toEqual(expect.any(String));
    const visitId = (await harness.call('listVisits'))[0]!.id;
    const kinds = (await harness.call('visitRecord', { visitId })).map((e) => e.kind);
    expect(kinds).toContain('walk_test_started');

    await nextBucket();
    host.sandbox.walkThrough(serial, 3);
    host.sandbox.checkIn(serial);
    const reading = await harness.call('readVerification', { serial });
    expect(reading.walk).toMatchObject({ counted: 3, before: 5, beforeMinutes: 5 });
    expect(reading.device.readAt).not.toBeNull();

    const recorded = await harness.call('recordVerification', {
      serial,
      locationId,
      walkTestExpected: 3,
    });
    expect(recorded).toMatchObject({
      result: 'verified',
      fact: { kind: 'verification', checkedIn: true },
      walkTest: { expected: 3, counted: 3, passed: true, startedAt: started.walkTest?.startedAt },
    });
    // Opened again: the verification is there, as recorded.
    expect(await harness.call('verification', { serial })).toMatchObject({
      recorded: { id: recorded.id, result: 'verified' },
      walkTest: { startedAt: started.walkTest?.startedAt },
    });
  });

  it('refuses the numbers a page would send: what was counted and whether it checked in are the core’s', async () => {
    const serial = await quietDevice();
    const refused = await harness.core.invoke('recordVerification', {
      serial,
      locationId,
      checkedIn: true,
      walkTestCount: 99,
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } });
    // Nothing walked since a start: short of the passes, and recorded only with a reason.
    await harness.call('startWalkTest', { serial, locationId });
    const short = await harness.core.invoke('recordVerification', { serial, locationId });
    expect(short).toMatchObject({
      ok: false,
      error: { code: 'walk_test_short', params: { count: 0, expected: 3 } },
    });
    if (!short.ok)
      expect(errorWords(short.error).message).toBe('The walk test counted 0 of 3 passes.');
  });

  it('a device that checks in but counted short of the passes is “walk test failed”, never verified', async () => {
    const serial = await quietDevice();
    await harness.call('startWalkTest', { serial, locationId });
    await nextBucket();
    host.sandbox.walkThrough(serial, 1);
    host.sandbox.checkIn(serial);
    const recorded = await harness.call('recordVerification', {
      serial,
      locationId,
      walkTestExpected: 5,
      walkTestReason: 'Door propped open by staff',
    });
    expect(recorded).toMatchObject({
      result: 'walk_test_failed',
      walkTest: { expected: 5, counted: 1, passed: false, reason: 'Door propped open by staff' },
    });
    expect(plain(activityDetail(recorded))).toContain(
      'Walk test failed: 1 of 5 counted (Door propped open by staff)',
    );
  });

  it('a device silent since its install is recorded “Not verified”', async () => {
    const serial = await quietDevice();
    host.sandbox.setSilent(serial, true);
    await harness.call('startWalkTest', { serial, locationId });
    await nextBucket();
    host.sandbox.walkThrough(serial, 3);
    const recorded = await harness.call('recordVerification', {
      serial,
      locationId,
      walkTestExpected: 3,
    });
    expect(recorded).toMatchObject({
      result: 'not_verified',
      fact: { checkedIn: false },
      walkTest: { counted: 3, passed: true },
    });
  });

  it('offline: records the reading the core made in the last two minutes; without one it says why', async () => {
    const serial = await quietDevice();
    const never = await quietDevice();
    await harness.call('startWalkTest', { serial, locationId });
    await nextBucket();
    host.sandbox.walkThrough(serial, 4);
    host.sandbox.checkIn(serial);
    await harness.call('readVerification', { serial });
    await host.down();
    try {
      const recorded = await harness.call('recordVerification', {
        serial,
        locationId,
        walkTestExpected: 4,
      });
      expect(recorded).toMatchObject({ result: 'verified', walkTest: { counted: 4 } });
      const refused = await harness.core.invoke('recordVerification', {
        serial: never,
        locationId,
        walkTestReason: 'No server',
      });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'verification_offline' },
      });
    } finally {
      await host.back();
    }
  });
});
