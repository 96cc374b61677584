/**
 * Runs sync by itself: at start, when the connection comes back, after a server's Retry-After,
 * with backoff after failures, and every few minutes while online; "Sync now" runs it at once.
 * One run at a time (a second caller joins the first). A run drains the outbox, then runs its
 * list jobs in order, reporting each as a task with progress; cancel stops the downloads and
 * keeps what they stored (their checkpoints resume it next time).
 *
 * The full lists are not part of every run (decision record 32: at a million devices each refresh is
 * hundreds of megabytes): a run refreshes them when asked (Sync now, Make available offline),
 * when their last refresh is older than `fullRefreshMs` (hours, a managed setting), and after
 * the app was offline for a while — and a scheduled one waits while the link is metered or very
 * slow (`holdFull`). What is on screen is kept fresh by the reads (read-service.ts), not here.
 */
import type {
  AppErrorShape,
  SyncHold,
  SyncReport,
  SyncResource,
  SyncState,
  SyncTask,
} from '../../shared';
import { traitsOf } from '../../shared/error-traits';
import { AppError } from '../app-error';
import type { Timers } from './connectivity';
import type { ReplayResult } from './replay';

export interface SyncJob {
  resource: SyncResource;
  locationId: string | null;
  run(
    signal: AbortSignal,
    progress: (fetched: number, total: number | null, bytes?: number) => void,
  ): Promise<void>;
}

/** Why a run refreshes the full lists: the technician asked, or they were due by themselves. */
export type RefreshMode = 'asked' | 'scheduled';

export interface SyncEngineOptions {
  /**
   * Drains the outbox; null when nobody is signed in. `signal` is the run's cancel: it stops
   * the sending between actions (the one on the wire finishes, the rest stay queued).
   */
  replay(signal: AbortSignal): Promise<ReplayResult | null>;
  /** The full lists' downloads (empty when signed out). */
  listJobs(mode: RefreshMode): SyncJob[];
  isOnline(): boolean;
  onState(state: SyncState): void;
  /** A run ended with a report (the outbox part). */
  onReport(report: SyncReport): void;
  /** A list job failed (besides being reported in its task). */
  onJobError?: (error: unknown) => void;
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

const NOTHING: SyncReport = { done: 0, failed: 0, conflicts: 0, remaining: 0, stoppedBy: null };

/** The full lists' pace when nobody set one (managed `FullRefreshHours`). */
export const DEFAULT_FULL_REFRESH_MS = 12 * 3_600_000;
/** Offline at least this long, then back: the full lists are refreshed. */
const OFFLINE_FULL_AFTER_MS = 5 * 60_000;

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const shapeOf = (e: unknown): AppErrorShape =>
  e instanceof AppError ? e.toShape() : { kind: 'internal', code: 'download_failed' };

// eslint-disable-next-line max-lines-per-function -- one state machine (run, schedule, backoff, progress) whose timers share its state
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const refreshEveryMs = options.refreshEveryMs ?? 15 * 60_000;
  const fullRefreshMs = options.fullRefreshMs ?? (() => DEFAULT_FULL_REFRESH_MS);
  const offlineFullAfterMs = options.offlineFullAfterMs ?? OFFLINE_FULL_AFTER_MS;
  const backoffMs = options.backoffMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
  const progressEveryMs = options.progressEveryMs ?? 100;

  let running: Promise<SyncReport> | null = null;
  let controller: AbortController | null = null;
  let tasks: SyncTask[] = [];
  let lastCompletedAt: string | null = null;
  /** The run is sending the queue (before its downloads): said, so it never looks idle. */
  let sending = false;
  let nextAttemptAt: number | null = null;
  let timer: unknown = null;
  let failures = 0;
  let stopped = false;
  /** A send outside the run (a technician's action) stopped while the run was going. */
  let stoppedMeanwhile: AppErrorShape | null = null;
  let lastEmit = 0;
  let emitTimer: unknown = null;
  /** Back from a long time offline: the next run refreshes the full lists. */
  let fullOwed = false;
  /** A due full refresh the link held back (said in the state until it runs). */
  let held: SyncHold | null = null;
  /** The run going on refreshes the full lists. */
  let runningLists = false;

  /** The account's own record when there is one: the engine outlives a switch of account. */
  const lastFull = (): number | null =>
    options.lastFullAt
      ? options.lastFullAt()
      : lastCompletedAt === null
        ? null
        : Date.parse(lastCompletedAt);
  /** When the full lists are due by themselves (now or earlier when overdue). */
  const fullDueAt = (): number => {
    const last = lastFull();
    return fullOwed || last === null ? now() : last + fullRefreshMs();
  };

  const state = (): SyncState => ({
    running: running !== null,
    sending,
    tasks: tasks.map((t) => ({ ...t })),
    lastCompletedAt,
    nextAttemptAt: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
    held,
  });

  const emitNow = () => {
    lastEmit = now();
    if (emitTimer !== null) timers.clearTimeout(emitTimer);
    emitTimer = null;
    options.onState(state());
  };
  /** Progress can come thousands of times a second: the renderer hears of it every 100 ms. */
  const emitSoon = () => {
    if (emitTimer !== null) return;
    const wait = Math.max(0, progressEveryMs - (now() - lastEmit));
    emitTimer = timers.setTimeout(emitNow, wait);
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer !== null) timers.clearTimeout(timer);
    nextAttemptAt = now() + delayMs;
    timer = timers.setTimeout(() => {
      timer = null;
      nextAttemptAt = null;
      if (options.isOnline()) void engine.run([], 'scheduled').catch(() => undefined);
      else schedule(refreshEveryMs);
    }, delayMs);
  };
  /**
   * The next periodic run: the usual pace, or sooner when the full lists fall due before it.
   * Lists that are overdue already (cancelled, failed, held back by the link) wait the usual
   * pace: a cancelled download must not start again at once.
   */
  const periodic = (): number => {
    const untilDue = fullDueAt() - now();
    return untilDue > 0 ? Math.min(refreshEveryMs, untilDue) : refreshEveryMs;
  };

  const afterRun = (stoppedBy: AppErrorShape | null) => {
    if (stoppedBy === null) {
      failures = 0;
      schedule(periodic());
      return;
    }
    failures += 1;
    // Offline: the connectivity monitor announces the return, which runs sync.
    if (traitsOf(stoppedBy.kind).connectivity) return schedule(refreshEveryMs);
    const backoff = Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1));
    // A server's Retry-After is honoured up to the periodic refresh, which would have come
    // anyway: a longer one (a day, a date far ahead on a skewed clock) must not silence sync,
    // and one past setTimeout's 2^31 ms is run by Node after 1 ms — a request storm.
    schedule(Math.min(refreshEveryMs, Math.max(backoff, (stoppedBy.retryAfterS ?? 0) * 1000)));
  };

  /** Whether this run refreshes the full lists, and says why not when the link holds it. */
  const wantsFull = (mode: RefreshMode): boolean => {
    if (mode === 'asked') return true;
    if (fullDueAt() > now()) return false;
    held = options.holdFull?.() ?? null;
    return held === null;
  };

  async function runOnce(extra: SyncJob[], mode: RefreshMode): Promise<SyncReport> {
    controller = new AbortController();
    const signal = controller.signal;
    const full = wantsFull(mode);
    if (full) held = null;
    const listJobs = full ? options.listJobs(mode) : [];
    runningLists = listJobs.length > 0;
    const jobs = [...extra, ...listJobs];
    tasks = jobs.map((job) => ({
      resource: job.resource,
      locationId: job.locationId,
      fetched: 0,
      total: null,
      bytes: 0,
      state: 'waiting',
      error: null,
    }));
    // Said by run() once the run is registered: emitted from here it would say "not running".
    sending = true;
    let replayed: ReplayResult | null;
    try {
      replayed = await options.replay(signal);
    } finally {
      sending = false;
    }
    const report: SyncReport = replayed
      ? {
          done: replayed.done,
          failed: replayed.failed,
          conflicts: replayed.conflicts,
          remaining: replayed.remaining,
          stoppedBy: replayed.stoppedBy,
        }
      : { ...NOTHING };
    let stoppedBy: AppErrorShape | null = replayed?.stoppedBy ?? null;
    let listsFailed = false;
    for (const [index, job] of jobs.entries()) {
      const task = tasks[index] as SyncTask;
      if (signal.aborted) {
        task.state = 'cancelled';
        continue;
      }
      if (listsFailed) continue;
      task.state = 'running';
      emitNow();
      try {
        await job.run(signal, (fetched, total, bytes) => {
          task.fetched = fetched;
          task.total = total;
          if (bytes !== undefined) task.bytes = bytes;
          emitSoon();
        });
        task.state = 'done';
      } catch (error) {
        // A cancelled download is no failure (and no sign of being offline).
        if (!signal.aborted) options.onJobError?.(error);
        task.state = signal.aborted ? 'cancelled' : 'failed';
        task.error = signal.aborted ? null : shapeOf(error);
        if (!signal.aborted) {
          stoppedBy ??= task.error;
          // Lists depend on one another (devices name stores): stop at the first failure.
          listsFailed = true;
        }
      }
      emitNow();
    }
    if (!signal.aborted && !listsFailed && listJobs.length > 0) {
      lastCompletedAt = new Date(now()).toISOString();
      fullOwed = false;
    }
    // An action sent while this run downloaded met a 5xx or a 429: its retry is this run's to
    // schedule, or it would wait for the next periodic refresh.
    stoppedBy ??= stoppedMeanwhile;
    stoppedMeanwhile = null;
    // Cancel stops the downloads, not the engine: the next try (the queue's backoff, else the
    // periodic refresh) is scheduled all the same. A cancelled list is no failure (stoppedBy
    // holds only the outbox's stop then).
    afterRun(stoppedBy);
    // Said with the counts: "0 actions synced" alone read as a sync that went well.
    report.stoppedBy = stoppedBy;
    options.onReport(report);
    return report;
  }

  /** Two sends' counts as one answer; what remains is the later one's. */
  const joined = (first: SyncReport, then: SyncReport): SyncReport => ({
    done: first.done + then.done,
    failed: first.failed + then.failed,
    conflicts: first.conflicts + then.conflicts,
    remaining: then.remaining,
    stoppedBy: then.stoppedBy ?? first.stoppedBy,
  });

  const engine: SyncEngine = {
    run(extra = [], mode = 'asked') {
      if (running) {
        // Jobs asked for while a run is going (Make available offline) run right after it.
        if (extra.length > 0) return running.then(() => engine.run(extra, mode));
        // Sync now while the run going on only sends the queue: the lists right after it. Its
        // answer counts what that run sent too, which may be the very actions it was pressed for.
        if (mode === 'asked' && !runningLists)
          return running.then((before) =>
            engine
              .run(extra, mode)
              .then((after) => ({ ...joined(before, after), stoppedBy: after.stoppedBy })),
          );
        // "Sync now" (or the connection returning) during a run, e.g. a long download that
        // began while the server was away: the run's own replay came first, before actions
        // queued since. Send the queue now (replays take turns) instead of after the download.
        // The run's cancel stops this sending too.
        const signal = (controller ?? new AbortController()).signal;
        return Promise.all([running, options.replay(signal)]).then(([report, replayed]) =>
          replayed ? joined(report, replayed) : report,
        );
      }
      running = runOnce(extra, mode).finally(() => {
        running = null;
        controller = null;
        emitNow();
      });
      emitNow();
      return running;
    },
    cancel() {
      controller?.abort();
    },
    state,
    start() {
      stopped = false;
      // A run still finishing for an earlier scope is left to end; this one follows it.
      const after = running ?? Promise.resolve();
      void after
        .then(() => {
          if (options.isOnline()) return engine.run([], 'scheduled');
          schedule(refreshEveryMs);
          return undefined;
        })
        .catch(() => undefined);
    },
    retryLater(stoppedBy) {
      if (!running) afterRun(stoppedBy);
      else stoppedMeanwhile ??= stoppedBy;
    },
    reconnected(offlineMs = 0) {
      failures = 0;
      // "After the app was offline": a blip of a lossy link is not that.
      if (offlineMs >= offlineFullAfterMs) fullOwed = true;
      void engine.run([], 'scheduled').catch(() => undefined);
    },
    stop() {
      stopped = true;
      controller?.abort();
      if (timer !== null) timers.clearTimeout(timer);
      if (emitTimer !== null) timers.clearTimeout(emitTimer);
      timer = null;
      emitTimer = null;
    },
  };
  return engine;
}
