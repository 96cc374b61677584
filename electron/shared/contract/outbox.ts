/** The outbox and sync: queued actions, their retries and conflicts, the list downloads. */
import type { AppErrorShape, SavedError } from './errors';
import { Empty, Id } from './fields';
import type { LocationRefView } from './views';
import { op } from './operation';
import { z } from 'zod';

export type OutboxKind =
  | 'install'
  | 'uninstall'
  | 'move'
  | 'update_device'
  | 'create_location'
  | 'delete_location'
  | 'replace';

export type OutboxState = 'queued' | 'syncing' | 'failed' | 'conflict' | 'done';

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  /** null for location intents. */
  serial: string | null;
  /** Target location for install/move; the location uninstalled from for uninstall; the
   * location created or deleted for location intents (a `local-` id until the server names it). */
  locationId: string | null;
  locationName: string | null;
  fromLocationId: string | null;
  createdAt: string;
  state: OutboxState;
  attempts: number;
  lastError: SavedError | null;
  /** Set in state "conflict": where the device actually is. */
  conflictLocation: LocationRefView | null;
  /** Steps of a multi-step intent already applied on the server (a move's uninstall). */
  stepsDone: number;
  /** Waiting for another intent first (an install at a store created offline). */
  waitingFor: string | null;
  /** replace: the broken device taken out (`serial` is the one put in). */
  replaces: string | null;
  /**
   * When the server accepted a step of it for later (202, a pending status, a task id) that a
   * read does not show yet: the action is waiting for the server, never sent again meanwhile.
   * In state "conflict" with `lastError.code` 'accepted_not_applied': it never showed.
   */
  acceptedAt: string | null;
}

export type SyncResource = 'organizations' | 'locations' | 'devices' | 'location' | 'foot_traffic';

/** One list download of a sync: how far it got. */
export interface SyncTask {
  resource: SyncResource;
  /** For per-store downloads. */
  locationId: string | null;
  fetched: number;
  /** null while the server has not said how many there are. */
  total: number | null;
  /** Downloaded so far (answers' bodies; a page answered "not modified" costs none). */
  bytes: number;
  state: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  error: AppErrorShape | null;
}

/**
 * Why the scheduled refresh of the full lists waits (decision record 32): the browser says the user asked
 * to save data, or the link is very slow. "Sync now" refreshes them anyway.
 */
export type SyncHold = 'save_data' | 'slow_link';

export interface SyncState {
  running: boolean;
  /** The run is sending queued actions (before it downloads the lists). */
  sending: boolean;
  tasks: SyncTask[];
  /** When the last full refresh of the lists finished. */
  lastCompletedAt: string | null;
  /** When the next automatic attempt is due (after Retry-After or a backoff), if one is. */
  nextAttemptAt: string | null;
  /** The full lists are due but wait for a better link; null when they do not. */
  held: SyncHold | null;
}

export interface SyncReport {
  done: number;
  failed: number;
  conflicts: number;
  remaining: number;
  /** What stopped the run before it finished (no network, the server…); null when it did. */
  stoppedBy: AppErrorShape | null;
}

export const outboxOperations = {
  listOutbox: op(Empty).returns<OutboxItem[]>(),
  retryOutboxItem: op(z.object({ id: Id }).strict()).returns<OutboxItem[]>(),
  discardOutboxItem: op(z.object({ id: Id }).strict()).returns<OutboxItem[]>(),
  resolveConflict: op(
    z.object({ id: Id, resolution: z.enum(['move_here', 'leave_there']) }).strict(),
  ).returns<OutboxItem[]>(),
  /** Drains the outbox and refreshes the lists now (joins a sync in progress). */
  syncNow: op(Empty).returns<SyncReport>(),
  syncStatus: op(Empty).returns<SyncState>(),
  /** Stops the list downloads of the running sync; what was fetched is kept and resumed later. */
  cancelSync: op(Empty).returns<SyncState>(),
  /** Downloads a store (devices, details, foot traffic) plus inventory and device list. */
  makeAvailableOffline: op(z.object({ locationId: Id }).strict()).returns<SyncState>(),
};
