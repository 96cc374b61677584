/**
 * The sync engine's named parts, wired by one typed object: when the next run comes
 * (SyncSchedule), when a run refreshes the full lists (FullRefresh), what the engine says of
 * itself (SyncStatus), the running run's cancel (RunCancellation), and the work a run does
 * (RunWork: the queue's sending, the lists' downloads, where the report goes).
 */
import type { SyncReport } from '../../../shared';
import type { ReplayResult } from '../replay';
import type { FullRefresh } from './full-refresh';
import type { RunCancellation } from './run-cancellation';
import type { RefreshMode, SyncJob } from './sync-job';
import type { SyncSchedule } from './sync-schedule';
import type { SyncStatus } from './sync-status';

export interface RunWork {
  /**
   * Drains the outbox; null when nobody is signed in. `signal` is the run's cancel: it stops
   * the sending between actions (the one on the wire finishes, the rest stay queued).
   */
  replay(signal: AbortSignal): Promise<ReplayResult | null>;
  /** The full lists' downloads (empty when signed out). */
  listJobs(mode: RefreshMode): SyncJob[];
  /** A run ended with a report (the outbox part). */
  onReport(report: SyncReport): void;
  /** A list job failed (besides being reported in its task). */
  onJobError?: ((error: unknown) => void) | undefined;
}

export interface SyncParts {
  readonly schedule: SyncSchedule;
  readonly fullRefresh: FullRefresh;
  readonly status: SyncStatus;
  readonly cancellation: RunCancellation;
  readonly work: RunWork;
}
