/** What a sync run is given to do besides sending the queue: downloads, each its own task. */
import type { SyncResource } from '../../../shared';

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
