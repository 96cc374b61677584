/**
 * Runs sync by itself: at start, when the connection comes back, after a server's Retry-After,
 * with backoff after failures, and every few minutes while online; "Sync now" runs it at once.
 * One run at a time (a second caller joins the first). A run drains the outbox, then runs its
 * list jobs in order, reporting each as a task with progress; cancel stops the downloads and
 * keeps what they stored (their checkpoints resume it next time).
 *
 * Composed of named parts (engine/sync-parts.ts): the schedule, the full lists' policy, the
 * state it reports, the cancel, and the run itself; this file holds the one-run-at-a-time
 * rule that joins them.
 *
 * The full lists are not part of every run (decision record 32: at a million devices each refresh is
 * hundreds of megabytes): a run refreshes them when asked (Sync now, Make available offline),
 * when their last refresh is older than `fullRefreshMs` (hours, a managed setting), and after
 * the app was offline for a while — and a scheduled one waits while the link is metered or very
 * slow (`holdFull`). What is on screen is kept fresh by the reads (read-service.ts), not here.
 */
import type { AppErrorShape, SyncHold, SyncReport, SyncState } from '../../shared';
import type { Timers } from './connectivity';
import { FullRefresh } from './engine/full-refresh';
import { RunCancellation } from './engine/run-cancellation';
import type { RefreshMode, SyncJob } from './engine/sync-job';
import type { RunWork, SyncParts } from './engine/sync-parts';
import { SyncRun } from './engine/sync-run';
import { SyncSchedule } from './engine/sync-schedule';
import { SyncStatus } from './engine/sync-status';

export type { RefreshMode, SyncJob } from './engine/sync-job';

export interface SyncEngineOptions extends RunWork {
  isOnline(): boolean;
  onState(state: SyncState): void;
  /** A run (the queue; the full lists if due) at least this often while online. */
  refreshEveryMs?: number;
  /** The full lists are refreshed when their last refresh is older than this. */
  fullRefreshMs?: () => number;
  /** When the full lists were last refreshed (kept across restarts); null: never. */
  lastFullAt?: () => number | null;
  /** Why a full refresh that is due by itself must wait now (the link), or null. */
  holdFull?: () => SyncHold | null;
  /** Back online after at least this long offline: the full lists are refreshed. */
  offlineFullAfterMs?: number;
  /** First backoff after a failure; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  timers?: Timers;
  now?: () => number;
  /** Progress events at most this often. */
  progressEveryMs?: number;
}

export interface SyncEngine {
  /**
   * Runs now (or joins the run in progress); `extra` jobs run after the outbox. `asked` (the
   * default: Sync now, Make available offline) refreshes the full lists whatever the schedule
   * or the link; `scheduled` only when they are due and the link allows.
   */
  run(extra?: SyncJob[], mode?: RefreshMode): Promise<SyncReport>;
  /** Stops the running run: the sending after the action on the wire, and the list
   * downloads (what they stored is kept). */
  cancel(): void;
  state(): SyncState;
  /** Start the schedule: a run now, then periodic ones. */
  start(): void;
  /** The connection is back after `offlineMs`: run now (the full lists too after a while). */
  reconnected(offlineMs?: number): void;
  /** A send outside a run was stopped (5xx, 429): try again after its backoff or Retry-After. */
  retryLater(stoppedBy: AppErrorShape): void;
  stop(): void;
}

/** The full lists' pace when nobody set one (managed `FullRefreshHours`). */
export const DEFAULT_FULL_REFRESH_MS = 12 * 3_600_000;
/** Offline at least this long, then back: the full lists are refreshed. */
const OFFLINE_FULL_AFTER_MS = 5 * 60_000;

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The run going on, as the engine keeps it (its answer settles once the run is forgotten). */
interface Running {
  readonly lists: boolean;
  readonly result: Promise<SyncReport>;
}

/** The parts made from the options (defaults filled in); `due` runs a scheduled run. */
function syncParts(options: SyncEngineOptions, running: () => boolean, due: () => void): SyncParts {
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const refreshEveryMs = options.refreshEveryMs ?? 15 * 60_000;
  const fullRefresh: FullRefresh = new FullRefresh({
    now,
    fullRefreshMs: options.fullRefreshMs ?? (() => DEFAULT_FULL_REFRESH_MS),
    // The account's own record when there is one: the engine outlives a switch of account.
    lastFullAt:
      options.lastFullAt ??
      (() => (status.lastCompletedAt === null ? null : Date.parse(status.lastCompletedAt))),
    holdFull: options.holdFull,
    offlineFullAfterMs: options.offlineFullAfterMs ?? OFFLINE_FULL_AFTER_MS,
  });
  const schedule = new SyncSchedule({
    timers,
    now,
    refreshEveryMs,
    backoffMs: options.backoffMs ?? 5_000,
    maxBackoffMs: options.maxBackoffMs ?? 5 * 60_000,
    isOnline: () => options.isOnline(),
    fullDueAt: () => fullRefresh.dueAt(),
    due,
  });
  const status: SyncStatus = new SyncStatus({
    timers,
    now,
    progressEveryMs: options.progressEveryMs ?? 100,
    onState: (state) => options.onState(state),
    running,
    nextAttemptAt: () => schedule.nextAttemptAt,
    held: () => fullRefresh.held,
  });
  return { schedule, fullRefresh, status, cancellation: new RunCancellation(), work: options };
}

/** Two sends' counts as one answer; what remains is the later one's. */
const joined = (first: SyncReport, then: SyncReport): SyncReport => ({
  done: first.done + then.done,
  failed: first.failed + then.failed,
  conflicts: first.conflicts + then.conflicts,
  remaining: then.remaining,
  stoppedBy: then.stoppedBy ?? first.stoppedBy,
});

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  let running: Running | null = null;
  const scheduled = () => void engine.run([], 'scheduled').catch(() => undefined);
  const parts = syncParts(options, () => running !== null, scheduled);
  const { schedule, fullRefresh, status, cancellation } = parts;

  /** A run asked for while one is going on. */
  const join = (going: Running, extra: SyncJob[], mode: RefreshMode): Promise<SyncReport> => {
    // Jobs asked for while a run is going (Make available offline) run right after it.
    if (extra.length > 0) return going.result.then(() => engine.run(extra, mode));
    // Sync now while the run going on only sends the queue: the lists right after it. Its
    // answer counts what that run sent too, which may be the very actions it was pressed for.
    if (mode === 'asked' && !going.lists)
      return going.result.then((before) =>
        engine
          .run(extra, mode)
          .then((after) => ({ ...joined(before, after), stoppedBy: after.stoppedBy })),
      );
    // "Sync now" (or the connection returning) during a run, e.g. a long download that
    // began while the server was away: the run's own replay came first, before actions
    // queued since. Send the queue now (replays take turns) instead of after the download.
    // The run's cancel stops this sending too.
    return Promise.all([going.result, options.replay(cancellation.current())]).then(
      ([report, replayed]) => (replayed ? joined(report, replayed) : report),
    );
  };

  const engine: SyncEngine = {
    run(extra = [], mode = 'asked') {
      if (running) return join(running, extra, mode);
      const run = new SyncRun(parts, extra, mode);
      const result = run.result.finally(() => {
        running = null;
        cancellation.end();
        status.emitNow();
      });
      running = { lists: run.lists, result };
      status.emitNow();
      return result;
    },
    cancel: () => cancellation.cancel(),
    state: () => status.snapshot(),
    start() {
      schedule.start();
      // A run still finishing for an earlier scope is left to end; this one follows it.
      const after = running?.result ?? Promise.resolve();
      void after
        .then(() => {
          if (options.isOnline()) return engine.run([], 'scheduled');
          schedule.atUsualPace();
          return undefined;
        })
        .catch(() => undefined);
    },
    retryLater: (stoppedBy) => schedule.retryLater(stoppedBy, running !== null),
    reconnected(offlineMs = 0) {
      schedule.reconnected();
      fullRefresh.reconnected(offlineMs);
      scheduled();
    },
    stop() {
      schedule.stop();
      cancellation.cancel();
      status.stop();
    },
  };
  return engine;
}
