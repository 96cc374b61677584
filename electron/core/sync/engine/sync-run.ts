/**
 * One sync run: the queue is sent first (said as "sending", so the run never looks idle),
 * then its jobs run in order, each a task with progress. Lists depend on one another (devices
 * name stores): the first failure stops the rest. Cancel stops the sending and the downloads
 * and keeps what they stored (their checkpoints resume it next time); a cancelled download is
 * no failure. The next run is planned when this one ends, whatever stopped it.
 */
import type { AppErrorShape, SyncReport, SyncTask } from '../../../shared';
import { AppError } from '../../app-error';
import type { ReplayResult } from '../replay';
import type { RefreshMode, SyncJob } from './sync-job';
import type { SyncParts } from './sync-parts';
import type { SyncStatus } from './sync-status';

const shapeOf = (e: unknown): AppErrorShape =>
  e instanceof AppError ? e.toShape() : { kind: 'internal', code: 'download_failed' };

const reportOf = (replayed: ReplayResult | null): SyncReport =>
  replayed
    ? {
        done: replayed.done,
        failed: replayed.failed,
        conflicts: replayed.conflicts,
        remaining: replayed.remaining,
        stoppedBy: replayed.stoppedBy,
      }
    : { done: 0, failed: 0, conflicts: 0, remaining: 0, stoppedBy: null };

/** What the downloads came to: the first failure (none when cancelled). */
interface Downloads {
  stoppedBy: AppErrorShape | null;
}

/** Runs `jobs` in order into their `tasks`, saying each start and end, progress throttled. */
async function download(
  jobs: readonly SyncJob[],
  tasks: readonly SyncTask[],
  signal: AbortSignal,
  status: SyncStatus,
  onJobError?: (error: unknown) => void,
): Promise<Downloads> {
  let stoppedBy: AppErrorShape | null = null;
  for (const [index, job] of jobs.entries()) {
    const task = tasks[index] as SyncTask;
    if (signal.aborted) {
      task.state = 'cancelled';
      continue;
    }
    if (stoppedBy) continue;
    task.state = 'running';
    status.emitNow();
    try {
      await job.run(signal, (fetched, total, bytes) => {
        task.fetched = fetched;
        task.total = total;
        if (bytes !== undefined) task.bytes = bytes;
        status.emitSoon();
      });
      task.state = 'done';
    } catch (error) {
      // A cancelled download is no failure (and no sign of being offline).
      if (!signal.aborted) onJobError?.(error);
      task.state = signal.aborted ? 'cancelled' : 'failed';
      task.error = signal.aborted ? null : shapeOf(error);
      stoppedBy ??= task.error;
    }
    status.emitNow();
  }
  return { stoppedBy };
}

export class SyncRun {
  /** This run refreshes the full lists. */
  readonly lists: boolean;
  readonly result: Promise<SyncReport>;

  /** Starts at once: the sending begins before the constructor returns. */
  constructor(parts: SyncParts, extra: readonly SyncJob[], mode: RefreshMode) {
    const signal = parts.cancellation.begin();
    const listJobs = parts.fullRefresh.wanted(mode) ? parts.work.listJobs(mode) : [];
    this.lists = listJobs.length > 0;
    this.result = this.#run(parts, signal, [...extra, ...listJobs]);
  }

  async #run(parts: SyncParts, signal: AbortSignal, jobs: SyncJob[]): Promise<SyncReport> {
    const { status, work } = parts;
    const tasks = status.begin(jobs);
    // Said by the engine once the run is registered: emitted from here it would say "not
    // running".
    status.sending = true;
    let replayed: ReplayResult | null;
    try {
      replayed = await work.replay(signal);
    } finally {
      status.sending = false;
    }
    const report = reportOf(replayed);
    const downloads = await download(jobs, tasks, signal, status, work.onJobError);
    if (!signal.aborted && downloads.stoppedBy === null && this.lists) {
      status.completed();
      parts.fullRefresh.refreshed();
    }
    // Cancel stops the downloads, not the engine: the next try (the queue's backoff, else the
    // periodic refresh) is planned all the same. A cancelled list is no failure (the stop is
    // only the outbox's then). Said with the counts: "0 actions synced" alone read as a sync
    // that went well.
    report.stoppedBy = parts.schedule.afterRun(report.stoppedBy ?? downloads.stoppedBy);
    work.onReport(report);
    return report;
  }
}
