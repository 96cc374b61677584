/**
 * Training mode's walk test can pass: nobody walks past a practice device, so the training
 * service counts simulated passes in the device's foot traffic (`simulateWalkThrough`), as it
 * simulates check-ins. It is a core operation that works in training mode only, not an HTTP
 * route of the shipped training server. Real core, real training server, real SQLite files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { hostSandbox, signInAndSync, uninstalledSerials } from '../../helpers/store-world';

let root: string;
let harness: CoreHarness;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-training-walk-'));
  harness = await startCoreHarness({ dataDir: join(root, 'core') });
}, 60_000);

afterAll(async () => {
  await harness?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('simulated walk-throughs', () => {
  it('count in a training device’s foot traffic, so the walk test can pass', async () => {
    await harness.call('startTraining');
    await harness.call('syncNow');
    const [serial] = await uninstalledSerials(harness, 1);
    const at = (await harness.call('listLocations')).value[0]!.id;
    const from = new Date(Date.now() - 60_000).toISOString();
    await harness.call('installDevice', { serial: serial!, locationId: at });
    await harness.call('startWalkTest', { serial: serial!, locationId: at });
    // A range that ends in the future: every pass counted so far falls inside it.
    const range = {
      serial: serial!,
      from,
      to: new Date(Date.now() + 5 * 60_000).toISOString(),
      granularity: 'minute' as const,
    };
    const before = (await harness.call('deviceFootTraffic', range)).total;

    expect(await harness.call('simulateWalkThrough', { serial: serial! })).toEqual({
      serial,
      added: 1,
    });
    await harness.call('simulateWalkThrough', { serial: serial!, count: 2 });
    const after = (await harness.call('deviceFootTraffic', range)).total;
    expect(after - before).toBeGreaterThanOrEqual(3);

    // The core counts the simulated passes itself, from the walk test's start.
    const reading = await harness.call('readVerification', { serial: serial! });
    expect(reading.walk?.counted).toBeGreaterThanOrEqual(3);
    const recorded = await harness.call('recordVerification', {
      serial: serial!,
      locationId: at,
      walkTestExpected: 3,
    });
    expect(recorded).toMatchObject({ walkTest: { passed: true } });
  });

  it('people crossing for a practice audit count in and out, a few of them missed, in 10-second buckets', async () => {
    const [serial] = await uninstalledSerials(harness, 1);
    const at = (await harness.call('listLocations')).value[0]!.id;
    await harness.call('installDevice', { serial: serial!, locationId: at });
    const audit = await harness.call('startAudit', { serial: serial!, locationId: at });
    expect(audit).toMatchObject({ bucketMs: 10_000, bucketSeen: true, plannedEnd: null });
    await harness.call('simulateCrossing', { serial: serial!, in: 0, out: 0 });
    const range = {
      serial: serial!,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 5 * 60_000).toISOString(),
      granularity: 'minute' as const,
    };
    const people = async () => {
      const { series } = await harness.call('deviceFootTraffic', range);
      return {
        in: series.reduce((n, b) => n + (b.in ?? 0), 0),
        out: series.reduce((n, b) => n + (b.out ?? 0), 0),
      };
    };
    const before = await people();
    expect(await harness.call('simulateCrossing', { serial: serial!, in: 40, out: 30 })).toEqual({
      in: 40,
      out: 30,
    });
    const after = await people();
    // 3 % missed, as a well-mounted counter does.
    expect({ in: after.in - before.in, out: after.out - before.out }).toEqual({ in: 39, out: 29 });
  });

  it('refuse a serial the training organization does not have', async () => {
    const answer = await harness.core.invoke('simulateWalkThrough', { serial: 'NOPE-000000' });
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'not_found', code: 'device_not_found', params: { serial: 'NOPE-000000' } },
    });
  });

  it('are refused outside training mode: a real device is walked past for real', async () => {
    const host = await hostSandbox(join(root, 'sandbox.json'));
    try {
      await harness.call('signOut', {});
      await signInAndSync(harness, host.sandbox);
      const [serial] = await uninstalledSerials(harness, 1);
      const answer = await harness.core.invoke('simulateWalkThrough', { serial: serial! });
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'validation', code: 'training_only' },
      });
      const crossing = { serial: serial!, in: 1, out: 1 };
      expect(await harness.core.invoke('simulateCrossing', crossing)).toMatchObject({
        ok: false,
        error: { kind: 'validation', code: 'training_only' },
      });
    } finally {
      await harness.call('signOut', {});
      await host.close();
    }
  });
});
