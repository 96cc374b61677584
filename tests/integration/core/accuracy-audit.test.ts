/**
 * Accuracy audits through the real core against the real sandbox (HTTP, SQLite files, the
 * keychain): the sandbox's "minute" buckets are 1 s long, so whole buckets pass in seconds.
 * Pass, fail (with its reason and the visit log), not enough people, and an audit stopped
 * offline that compares by itself once the server answers again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccuracyAudit } from '../../../electron/shared';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import { moreCrossingsToSettle, percentInterval } from '../../../electron/shared/audit-evidence';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import {
  hostSandbox,
  signInAndSync,
  uninstalledSerials,
  waitFor,
  type SandboxHost,
} from '../../helpers/store-world';

let root: string;
let host: SandboxHost;
let harness: CoreHarness;
let locationId: string;

/** Until the wall clock reaches `ms`: a timer may fire a millisecond early by Date.now(), which
 * put people crossing at a window's start into the bucket before it. */
async function sleepUntil(ms: number): Promise<void> {
  while (Date.now() < ms) await new Promise((r) => setTimeout(r, ms - Date.now()));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-audit-'));
  host = await hostSandbox(join(root, 'sandbox.json'), { minuteBucketS: 1 });
  harness = await startCoreHarness({
    dataDir: join(root, 'core'),
    // A sample of 40 crossings and no minimum time: a pass mark of 95 % as shipped.
    managed: { ...NOT_MANAGED, auditMinCrossings: 40, auditMinMinutes: 0 },
  });
  await signInAndSync(harness, host.sandbox);
  locationId = (await harness.call('listLocations')).value[0]!.id;
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** An installed device that counts only the people crossing from now on. */
async function quietDevice(): Promise<string> {
  const [serial] = await uninstalledSerials(harness, 1);
  await harness.call('installDevice', { serial, locationId });
  host.sandbox.peopleCross(serial!, { in: 0, out: 0 });
  return serial!;
}

/** Starts an audit, waits for its window, and counts `people` by hand as they cross. */
async function countPeople(
  serial: string,
  people: { in: number; out: number },
  errorPercent: number,
): Promise<AccuracyAudit> {
  const audit = await harness.call('startAudit', { serial, locationId });
  expect(audit).toMatchObject({ state: 'counting', bucketMs: 1_000, bucketSeen: true });
  await sleepUntil(audit.window.start);
  host.sandbox.peopleCross(serial, people, errorPercent);
  for (let i = 0; i < people.in; i++)
    await harness.call('auditTap', { auditId: audit.id, direction: 'in' });
  for (let i = 0; i < people.out; i++)
    await harness.call('auditTap', { auditId: audit.id, direction: 'out' });
  return audit;
}

/** Stops, waits for the window's end, makes the device check in, and reads the result. */
async function finish(audit: AccuracyAudit, serial: string): Promise<AccuracyAudit> {
  const stopped = await harness.call('stopAudit', { auditId: audit.id });
  expect(stopped.state).toBe('pending');
  await sleepUntil(stopped.window.end! + 50);
  const waiting = await harness.call('getAudit', { auditId: audit.id });
  // The device has not checked in since the window ended: its counts may be incomplete.
  expect(waiting).toMatchObject({ state: 'pending', waitingFor: 'checkin' });
  host.sandbox.checkIn(serial);
  const done = await harness.call('getAudit', { auditId: audit.id });
  if (!done) throw new Error('the audit is gone');
  return done;
}

describe('accuracy audit against the sandbox', () => {
  it('passes when each direction and the total reach 95 %, and the log says it with its numbers', async () => {
    const serial = await quietDevice();
    const audit = await countPeople(serial, { in: 30, out: 20 }, 3);
    // A mistaken tap taken back.
    await harness.call('auditTap', { auditId: audit.id, direction: 'in' });
    const undone = await harness.call('auditTap', { auditId: audit.id, direction: 'undo' });
    expect(undone.tally).toEqual({ in: 30, out: 20 });
    const done = await finish(audit, serial);
    expect(done.state).toBe('done');
    expect(done.result).toMatchObject({
      outcome: 'passed',
      manual: { in: 30, out: 20 },
      device: { in: 29, out: 19 },
      accuracy: { in: 96.6, out: 95, overall: 96 },
    });
    const entry = (await harness.call('listActivity', {})).find((e) => e.action === 'audit');
    expect(entry).toMatchObject({ serial, result: 'audit_passed' });
    expect(entry?.audit?.result?.accuracy?.overall).toBe(96);
  });

  it('fails when the device misses too many; the reason is kept with it', async () => {
    const serial = await quietDevice();
    const done = await finish(await countPeople(serial, { in: 30, out: 20 }, 20), serial);
    expect(done.result).toMatchObject({ outcome: 'failed', device: { in: 24, out: 16 } });
    expect(done.result?.accuracy).toEqual({ in: 80, out: 80, overall: 80 });
    const refused = await harness.core.invoke('auditReason', { auditId: done.id, reason: ' ' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } });
    await harness.call('auditReason', { auditId: done.id, reason: 'Door held open by a pallet' });
    const entries = await harness.call('listActivity', {});
    const entry = entries.find((e) => e.audit?.auditId === done.id);
    expect(entry).toMatchObject({ result: 'audit_failed' });
    expect(entry?.audit?.reason).toBe('Door held open by a pallet');
  });

  it('fails an audit whose errors cancel out on totals: bucket by bucket, with its interval, in the chained record', async () => {
    const serial = await quietDevice();
    const audit = await harness.call('startAudit', { serial, locationId });
    await sleepUntil(audit.window.start + 100);
    // First bucket: the device counts five more than the hand; the next, five fewer.
    host.sandbox.peopleCross(serial, { in: 25, out: 0 }, 0);
    for (let i = 0; i < 20; i++)
      await harness.call('auditTap', { auditId: audit.id, direction: 'in' });
    await sleepUntil(audit.window.start + 1_100);
    host.sandbox.peopleCross(serial, { in: 15, out: 0 }, 0);
    for (let i = 0; i < 20; i++)
      await harness.call('auditTap', { auditId: audit.id, direction: 'in' });
    const done = await finish(audit, serial);
    expect(done.result).toMatchObject({
      outcome: 'failed',
      manual: { in: 40, out: 0 },
      device: { in: 40, out: 0 },
      // 10 of 40 wrong, though the totals agree.
      accuracy: { in: 75, out: 100, overall: 75 },
      interval: percentInterval(30, 40),
    });
    const flagged = done.result?.buckets?.filter((b) => b.flagged) ?? [];
    expect(flagged.map((b) => [b.manual.in, b.device.in])).toEqual([
      [20, 25],
      [20, 15],
    ]);
    // What the visit shows comes from its chained record: the buckets and interval are in it.
    const receipt = await harness.call('visitReceipt', { visitId: done.visitId });
    expect(receipt?.proof).toMatchObject({ broken: null, cache: null });
    const entry = receipt?.entries.find((e) => e.audit?.auditId === done.id);
    expect(entry?.result).toBe('audit_failed');
    expect(entry?.audit?.result).toEqual(done.result);
  });

  it('under IT’s interval rule, fails a pass on its percentage whose interval starts below the mark, saying what would settle it', async () => {
    const strict = await startCoreHarness({
      dataDir: join(root, 'strict'),
      managed: {
        ...NOT_MANAGED,
        auditMinCrossings: 40,
        auditMinMinutes: 0,
        auditPassRule: 'lower_bound',
      },
    });
    try {
      await signInAndSync(strict, host.sandbox);
      const [serial] = await uninstalledSerials(strict, 1);
      await strict.call('installDevice', { serial: serial!, locationId });
      host.sandbox.peopleCross(serial!, { in: 0, out: 0 });
      const audit = await strict.call('startAudit', { serial: serial!, locationId });
      expect(audit.thresholds).toMatchObject({ percent: 95, rule: 'lower_bound' });
      await sleepUntil(audit.window.start + 100);
      host.sandbox.peopleCross(serial!, { in: 25, out: 25 }, 3);
      for (const direction of ['in', 'out'] as const)
        for (let i = 0; i < 25; i++)
          await strict.call('auditTap', { auditId: audit.id, direction });
      await strict.call('stopAudit', { auditId: audit.id });
      await sleepUntil(audit.window.start + 2_100);
      host.sandbox.checkIn(serial!);
      const done = await strict.call('getAudit', { auditId: audit.id });
      // 48 of 50 (96 %) reaches 95 %; its interval (86.5–98.9 %) does not.
      expect(done?.result).toMatchObject({
        outcome: 'failed',
        accuracy: { overall: 96 },
        interval: percentInterval(48, 50),
        moreCrossings: moreCrossingsToSettle(48, 50, 95),
      });
      expect(done?.result?.moreCrossings).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });

  it('says "not enough people" at the window’s end when too few were counted, without waiting for a check-in', async () => {
    const serial = await quietDevice();
    const audit = await countPeople(serial, { in: 10, out: 5 }, 20);
    const stopped = await harness.call('stopAudit', { auditId: audit.id });
    // Counting goes on to the bucket's end: people may still cross.
    expect(stopped).toMatchObject({ state: 'pending', waitingFor: 'window_end' });
    await sleepUntil(stopped.window.end! + 50);
    // The device has not checked in since: its counts could not change the verdict.
    const done = await harness.call('getAudit', { auditId: audit.id });
    expect(done).toMatchObject({ state: 'done', waitingFor: null });
    expect(done?.result).toMatchObject({
      outcome: 'not_enough',
      manual: { in: 10, out: 5 },
      device: null,
    });
    const entry = (await harness.call('listActivity', {})).find(
      (e) => e.audit?.auditId === audit.id,
    );
    expect(entry?.result).toBe('audit_not_enough');
  });

  it('says "not enough people" at Stop when the minimum time cannot be reached any more, and says ahead how long an audit takes', async () => {
    const timed = await startCoreHarness({
      dataDir: join(root, 'timed'),
      managed: { ...NOT_MANAGED, auditMinCrossings: 40, auditMinMinutes: 10 },
    });
    try {
      await signInAndSync(timed, host.sandbox);
      const [serial] = await uninstalledSerials(timed, 1);
      await timed.call('installDevice', { serial, locationId });
      // One-second buckets, a device checking in every update interval, 10 minutes to count.
      const plan = await timed.call('planAudit', { serial: serial! });
      const interval = (plan.updateIntervalS ?? 300) * 1000;
      expect(plan).toMatchObject({ bucketMs: 1_000, countMs: 600_000, slotMs: 900_000 });
      expect(plan.totalMs).toBe(1_000 + 600_000 + 1_000 + interval);
      expect(plan.fits).toBe(plan.totalMs <= 900_000);
      const audit = await timed.call('startAudit', { serial: serial!, locationId });
      await sleepUntil(audit.window.start + 1_100);
      await timed.call('auditTap', { auditId: audit.id, direction: 'in' });
      const stopped = await timed.call('stopAudit', { auditId: audit.id });
      expect(stopped).toMatchObject({
        state: 'done',
        result: { outcome: 'not_enough', device: null },
      });
    } finally {
      await timed.close();
    }
  });

  it('plans a whole run where the server counts by the hour, and says how long', async () => {
    const serial = await quietDevice();
    host.sandbox.setMinuteBucketSeconds(3_600);
    try {
      const audit = await harness.call('startAudit', { serial, locationId });
      const hour = 3_600_000;
      expect(audit).toMatchObject({ bucketMs: hour, state: 'counting' });
      expect(audit.window.start % hour).toBe(0);
      expect(audit.window.start).toBeGreaterThan(Date.now());
      // The policy's sample has no minimum time here: one whole hour, from the next one.
      expect(audit.plannedEnd).toBe(audit.window.start + hour);
    } finally {
      host.sandbox.setMinuteBucketSeconds(1);
    }
  });

  it('stopped offline, stays pending in the visit log and compares by itself when the server is back', async () => {
    const serial = await quietDevice();
    const audit = await countPeople(serial, { in: 25, out: 25 }, 3);
    const audits = async () =>
      (await harness.call('visitRecord', { visitId: audit.visitId })).filter(
        (e) => e.kind === 'accuracy_audit',
      ).length;
    const chainedBefore = await audits();
    await host.down();
    const stopped = await harness.call('stopAudit', { auditId: audit.id });
    await sleepUntil(stopped.window.end! + 50);
    expect(await harness.call('getAudit', { auditId: audit.id })).toMatchObject({
      state: 'pending',
      waitingFor: 'counts',
      tally: { in: 25, out: 25 },
    });
    const pending = (await harness.call('listActivity', {})).find(
      (e) => e.audit?.auditId === audit.id,
    );
    expect(pending).toMatchObject({
      result: 'audit_pending',
      audit: { manual: { in: 25, out: 25 } },
    });
    await host.back();
    host.sandbox.checkIn(serial);
    // No one reads the audit: the sync run after the connection is back settles it.
    await harness.call('syncNow');
    const settled = await waitFor(
      async () => {
        const entry = (await harness.call('listActivity', {})).find(
          (e) => e.audit?.auditId === audit.id,
        );
        return entry?.result === 'audit_pending' ? null : entry;
      },
      10_000,
      'the audit settled by the sync run',
    );
    expect(settled).toMatchObject({ result: 'audit_passed' });
    expect(settled?.audit?.result?.device).toEqual({ in: 24, out: 24 });
    // The visit's chained record keeps both states of the audit's log row: pending, then passed.
    expect((await audits()) - chainedBefore).toBe(2);
  });
});
