/**
 * One sync run (engine/sync-run.ts) with the real parts around it: the queue first, then the
 * jobs in order; the first failed list stops the rest (lists depend on one another) and is
 * the run's stop; a cancelled download is no failure; the lists' time is kept only when all
 * came; the report goes out with what stopped the run.
 */
import { describe, expect, it } from 'vitest';
import type { SyncReport } from '../../../../electron/shared';
import { AppError } from '../../../../electron/core/app-error';
import { FullRefresh } from '../../../../electron/core/sync/engine/full-refresh';
import { RunCancellation } from '../../../../electron/core/sync/engine/run-cancellation';
import type { SyncJob } from '../../../../electron/core/sync/engine/sync-job';
import type { RunWork, SyncParts } from '../../../../electron/core/sync/engine/sync-parts';
import { SyncRun } from '../../../../electron/core/sync/engine/sync-run';
import { SyncSchedule } from '../../../../electron/core/sync/engine/sync-schedule';
import { SyncStatus } from '../../../../electron/core/sync/engine/sync-status';
import type { ReplayResult } from '../../../../electron/core/sync/replay';
import { CompressedClock } from '../../../helpers/compressed-clock';

const noStop: ReplayResult = { done: 2, failed: 0, conflicts: 0, remaining: 0, stoppedBy: null };

function parts(work: Partial<RunWork> & { lists?: SyncJob[] } = {}) {
  const clock = new CompressedClock();
  const order: string[] = [];
  const reports: SyncReport[] = [];
  const jobErrors: unknown[] = [];
  const fullRefresh = new FullRefresh({
    now: () => clock.now(),
    fullRefreshMs: () => 3_600_000,
    lastFullAt: () => null,
    offlineFullAfterMs: 60_000,
  });
  const schedule = new SyncSchedule({
    timers: clock,
    now: () => clock.now(),
    refreshEveryMs: 900_000,
    backoffMs: 5_000,
    maxBackoffMs: 300_000,
    isOnline: () => true,
    fullDueAt: () => fullRefresh.dueAt(),
    due: () => undefined,
  });
  const status = new SyncStatus({
    timers: clock,
    now: () => clock.now(),
    progressEveryMs: 100,
    onState: () => undefined,
    running: () => true,
    nextAttemptAt: () => schedule.nextAttemptAt,
    held: () => fullRefresh.held,
  });
  const wired: SyncParts = {
    schedule,
    fullRefresh,
    status,
    cancellation: new RunCancellation(),
    work: {
      replay: () => {
        order.push('replay');
        return Promise.resolve(noStop);
      },
      listJobs: () => work.lists ?? [],
      onReport: (r) => reports.push(r),
      onJobError: (e) => jobErrors.push(e),
      ...work,
    },
  };
  const listJob = (resource: SyncJob['resource'], run?: SyncJob['run']): SyncJob => ({
    resource,
    locationId: null,
    run: (signal, progress) => {
      order.push(resource);
      progress(5, 10, 300);
      return run ? run(signal, progress) : Promise.resolve();
    },
  });
  /** The timers planned, in ms from now, to the second (the clock runs on in real time). */
  const planned = () => clock.pending().map((ms) => Math.round(ms / 1_000) * 1_000);
  return { clock, wired, order, reports, jobErrors, listJob, planned };
}

describe('sync run', () => {
  it('sends the queue, then downloads the lists in order, and keeps when they all came', async () => {
    const p = parts();
    p.wired.work.listJobs = () => [p.listJob('locations'), p.listJob('devices')];
    const run = new SyncRun(p.wired, [], 'scheduled');
    expect(run.lists).toBe(true);
    expect(p.wired.status.sending, 'said as sending while the queue goes').toBe(true);
    const report = await run.result;
    expect(p.order).toEqual(['replay', 'locations', 'devices']);
    expect(report).toMatchObject({ done: 2, stoppedBy: null });
    expect(p.reports).toEqual([report]);
    const state = p.wired.status.snapshot();
    expect(state.sending).toBe(false);
    expect(state.tasks.map((t) => [t.state, t.fetched, t.total, t.bytes])).toEqual([
      ['done', 5, 10, 300],
      ['done', 5, 10, 300],
    ]);
    expect(state.lastCompletedAt).not.toBeNull();
  });

  it('stops at the first failed list: the rest wait, the failure is the run’s stop and plans a backoff', async () => {
    const p = parts();
    const broken = new AppError({ kind: 'server', code: 'server', params: { status: 502 } });
    p.wired.work.listJobs = () => [
      p.listJob('locations', () => Promise.reject(broken)),
      p.listJob('devices'),
    ];
    const report = await new SyncRun(p.wired, [], 'scheduled').result;
    expect(p.order).toEqual(['replay', 'locations']);
    const state = p.wired.status.snapshot();
    expect(state.tasks.map((t) => t.state)).toEqual(['failed', 'waiting']);
    expect(state.tasks[0]?.error).toMatchObject({ kind: 'server', code: 'server' });
    expect(report.stoppedBy).toMatchObject({ kind: 'server' });
    expect(p.jobErrors).toEqual([broken]);
    expect(state.lastCompletedAt, 'not all came').toBeNull();
    expect(p.planned()).toEqual([5_000]);
  });

  it('cancelled, a download is no failure: the rest are cancelled, no error, the usual pace next', async () => {
    const p = parts();
    p.wired.work.listJobs = () => [
      p.listJob('locations', (signal) => {
        p.wired.cancellation.cancel();
        return Promise.reject(signal.reason as Error);
      }),
      p.listJob('devices'),
    ];
    const report = await new SyncRun(p.wired, [], 'scheduled').result;
    const state = p.wired.status.snapshot();
    expect(state.tasks.map((t) => [t.state, t.error])).toEqual([
      ['cancelled', null],
      ['cancelled', null],
    ]);
    expect(report.stoppedBy).toBeNull();
    expect(p.jobErrors).toEqual([]);
    expect(state.lastCompletedAt).toBeNull();
    expect(p.planned()).toEqual([900_000]);
  });

  it('runs the jobs it was given after the queue, without the full lists when they are not due', async () => {
    const p = parts();
    p.wired.work.listJobs = () => [p.listJob('devices')];
    p.wired.fullRefresh.refreshed();
    const due = new FullRefresh({
      now: () => 0,
      fullRefreshMs: () => 10,
      lastFullAt: () => 0,
      offlineFullAfterMs: 1,
    });
    const run = new SyncRun(
      { ...p.wired, fullRefresh: due },
      [p.listJob('locations')],
      'scheduled',
    );
    expect(run.lists).toBe(false);
    await run.result;
    expect(p.order).toEqual(['replay', 'locations']);
    expect(p.wired.status.snapshot().lastCompletedAt, 'no full lists in this run').toBeNull();
  });
});
