/**
 * What the sync engine says of itself (SyncState): running or not, sending the queue, each
 * task's progress, when the full lists last came, the next attempt and a hold by the link.
 * Progress can come thousands of times a second: the renderer hears of it at most every
 * `progressEveryMs`; a task's start and end are said at once.
 */
import type { SyncHold, SyncState, SyncTask } from '../../../shared';
import type { Timers } from '../connectivity';
import type { SyncJob } from './sync-job';

export interface SyncStatusOptions {
  timers: Timers;
  now(): number;
  progressEveryMs: number;
  onState(state: SyncState): void;
  /** What the other parts know: a run going on, the next attempt, a hold by the link. */
  running(): boolean;
  nextAttemptAt(): number | null;
  held(): SyncHold | null;
}

export class SyncStatus {
  readonly #options: SyncStatusOptions;
  /** The run's tasks, in the order its jobs run. */
  tasks: SyncTask[] = [];
  /** The run is sending the queue (before its downloads): said, so it never looks idle. */
  sending = false;
  lastCompletedAt: string | null = null;
  #lastEmit = 0;
  #emitTimer: unknown = null;

  constructor(options: SyncStatusOptions) {
    this.#options = options;
  }

  /** A run begins with these jobs: each a task waiting. */
  begin(jobs: readonly SyncJob[]): SyncTask[] {
    this.tasks = jobs.map((job) => ({
      resource: job.resource,
      locationId: job.locationId,
      fetched: 0,
      total: null,
      bytes: 0,
      state: 'waiting',
      error: null,
    }));
    return this.tasks;
  }

  /** Every list was downloaded now. */
  completed(): void {
    this.lastCompletedAt = new Date(this.#options.now()).toISOString();
  }

  snapshot(): SyncState {
    const nextAttemptAt = this.#options.nextAttemptAt();
    return {
      running: this.#options.running(),
      sending: this.sending,
      tasks: this.tasks.map((t) => ({ ...t })),
      lastCompletedAt: this.lastCompletedAt,
      nextAttemptAt: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
      held: this.#options.held(),
    };
  }

  emitNow(): void {
    this.#lastEmit = this.#options.now();
    this.#clear();
    this.#options.onState(this.snapshot());
  }

  /** Progress: said within `progressEveryMs`, once for all that came meanwhile. */
  emitSoon(): void {
    if (this.#emitTimer !== null) return;
    const { timers, now, progressEveryMs } = this.#options;
    const wait = Math.max(0, progressEveryMs - (now() - this.#lastEmit));
    this.#emitTimer = timers.setTimeout(() => this.emitNow(), wait);
  }

  stop(): void {
    this.#clear();
  }

  #clear(): void {
    if (this.#emitTimer !== null) this.#options.timers.clearTimeout(this.#emitTimer);
    this.#emitTimer = null;
  }
}
