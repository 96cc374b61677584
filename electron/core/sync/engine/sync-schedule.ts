/**
 * When the next sync run comes by itself: every few minutes while online (sooner when the
 * full lists fall due before that), with doubling backoff after failures, after a server's
 * Retry-After (honoured up to the periodic pace), and the usual pace while offline (the
 * connectivity monitor announces the return, which runs sync). One timer at a time.
 */
import type { AppErrorShape } from '../../../shared';
import { traitsOf } from '../../../shared/error-traits';
import type { Timers } from '../connectivity';

export interface SyncScheduleOptions {
  timers: Timers;
  now(): number;
  /** A run at least this often while online. */
  refreshEveryMs: number;
  /** First backoff after a failure; doubles up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  isOnline(): boolean;
  /** When the full lists fall due by themselves (FullRefresh). */
  fullDueAt(): number;
  /** The time came, online: a scheduled run. */
  due(): void;
}

export class SyncSchedule {
  readonly #options: SyncScheduleOptions;
  #timer: unknown = null;
  #nextAttemptAt: number | null = null;
  #failures = 0;
  #stopped = false;
  /** A send outside the run (a technician's action) stopped while the run was going. */
  #stoppedMeanwhile: AppErrorShape | null = null;

  constructor(options: SyncScheduleOptions) {
    this.#options = options;
  }

  /** When the next run is planned (ms since the epoch), or null. */
  get nextAttemptAt(): number | null {
    return this.#nextAttemptAt;
  }

  /** The next run in `delayMs` (replacing the one planned), unless stopped. */
  in(delayMs: number): void {
    if (this.#stopped) return;
    const { timers, now } = this.#options;
    if (this.#timer !== null) timers.clearTimeout(this.#timer);
    this.#nextAttemptAt = now() + delayMs;
    this.#timer = timers.setTimeout(() => {
      this.#timer = null;
      this.#nextAttemptAt = null;
      if (this.#options.isOnline()) this.#options.due();
      else this.atUsualPace();
    }, delayMs);
  }

  atUsualPace(): void {
    this.in(this.#options.refreshEveryMs);
  }

  /**
   * The next periodic run: the usual pace, or sooner when the full lists fall due before it.
   * Lists that are overdue already (cancelled, failed, held back by the link) wait the usual
   * pace: a cancelled download must not start again at once.
   */
  periodic(): number {
    const { refreshEveryMs, fullDueAt, now } = this.#options;
    const untilDue = fullDueAt() - now();
    return untilDue > 0 ? Math.min(refreshEveryMs, untilDue) : refreshEveryMs;
  }

  /**
   * A run ended, stopped by `stoppedBy` or not: the next one planned. An action sent while
   * the run went on met a 5xx or a 429: its retry is this run's to plan, or it would wait for
   * the next periodic refresh. Answers what stopped the run, that action's stop included.
   */
  afterRun(stoppedBy: AppErrorShape | null): AppErrorShape | null {
    const stop = stoppedBy ?? this.#stoppedMeanwhile;
    this.#stoppedMeanwhile = null;
    this.#plan(stop);
    return stop;
  }

  /** A send outside a run was stopped (5xx, 429): retried after its backoff or Retry-After,
   * planned now or when the run going on ends. */
  retryLater(stoppedBy: AppErrorShape, running: boolean): void {
    if (!running) this.#plan(stoppedBy);
    else this.#stoppedMeanwhile ??= stoppedBy;
  }

  /** The connection is back: failures before it say nothing of the server now. */
  reconnected(): void {
    this.#failures = 0;
  }

  start(): void {
    this.#stopped = false;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #plan(stoppedBy: AppErrorShape | null): void {
    if (stoppedBy === null) {
      this.#failures = 0;
      this.in(this.periodic());
      return;
    }
    this.#failures += 1;
    const { refreshEveryMs, backoffMs, maxBackoffMs } = this.#options;
    // Offline: the connectivity monitor announces the return, which runs sync.
    if (traitsOf(stoppedBy.kind).connectivity) return this.atUsualPace();
    const backoff = Math.min(maxBackoffMs, backoffMs * 2 ** (this.#failures - 1));
    // A server's Retry-After is honoured up to the periodic refresh, which would have come
    // anyway: a longer one (a day, a date far ahead on a skewed clock) must not silence sync,
    // and one past setTimeout's 2^31 ms is run by Node after 1 ms — a request storm.
    this.in(Math.min(refreshEveryMs, Math.max(backoff, (stoppedBy.retryAfterS ?? 0) * 1000)));
  }
}
