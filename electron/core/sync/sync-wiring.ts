/**
 * The sync engine as the core runs it: the signed-in scope's queue and lists, the full lists'
 * pace (a managed setting) and when they last ran (the scope's cache), held back by the link,
 * on the core's timers; its progress and reports pushed to the renderer. A run that ended well
 * settles the accuracy audits stopped offline.
 */
import { traitsOf } from '../../shared/error-traits';
import { describeError } from '../../common/logger';
import { AppError } from '../app-error';
import type { CoreOptions } from '../core';
import { isDamage } from '../db/storage-error';
import { settleAudits } from '../service/audit-service';
import type { ServiceContext } from '../service/context';
import type { LinkInfo } from './link-state';
import { fullRefreshMs, holdFor, lastFullRefresh } from '../service/refresh-policy';
import { listJobs } from '../service/sync-service';
import type { ReplayResult } from './replay';
import { createSyncEngine, type SyncEngine } from './sync-engine';

export interface CoreSyncOptions {
  core: CoreOptions;
  /** The service context (read when the engine needs it: the context holds the engine). */
  ctx(): ServiceContext;
  /** The replay queue's turn for a run (sync/replay-queue.ts). */
  replay(signal: AbortSignal): Promise<ReplayResult | null>;
  /** What the page last said of the link. */
  link(): LinkInfo;
  /** A download met SQLite damage: the cache is checked. */
  damaged(): void;
}

export function createCoreSync(options: CoreSyncOptions): SyncEngine {
  const { ctx, core } = options;
  return createSyncEngine({
    replay: (signal) => options.replay(signal),
    listJobs: (mode) => listJobs(ctx(), mode),
    fullRefreshMs: () => fullRefreshMs(core),
    lastFullAt: () => {
      const scope = ctx().current();
      return scope ? lastFullRefresh(scope.store.cache) : null;
    },
    holdFull: () => holdFor(options.link()),
    ...(core.timers ? { timers: core.timers } : {}),
    isOnline: () => ctx().isOnline(),
    onState: (state) => ctx().emit({ type: 'sync-progress', state }),
    onReport: (report) => {
      ctx().emit({ type: 'sync', report });
      // An audit stopped offline compares by itself once its counts can be read.
      if (report.stoppedBy === null)
        void settleAudits(ctx()).catch((error: unknown) =>
          core.log.warn('audits not settled', { error: describeError(error) }),
        );
    },
    onJobError: (error) => {
      if (isDamage(error)) options.damaged();
      // A download that found no network says so, like any other request would.
      if (error instanceof AppError && traitsOf(error.kind).connectivity) ctx().reportOffline();
    },
  });
}
