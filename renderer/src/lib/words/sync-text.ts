/** What the sync indicator says about a SyncState (pure, unit-tested). */
import type { AppErrorShape, SyncHold, SyncResource, SyncState, SyncTask } from '$shared';
import { traitsOf } from '$shared/error-traits';
import { errorWords } from './error-text';
import { formatBytes, formatNumber } from './format';
import { m } from './i18n';

const DOWNLOADING: Record<SyncResource, () => string> = {
  organizations: m.sync_downloading_organizations,
  locations: m.sync_downloading_locations,
  devices: m.sync_downloading_devices,
  location: m.sync_downloading_location,
  foot_traffic: m.sync_downloading_foot_traffic,
};

const COULD_NOT: Record<SyncResource, () => string> = {
  organizations: m.sync_failed_organizations,
  locations: m.sync_failed_locations,
  devices: m.sync_failed_devices,
  location: m.sync_failed_location,
  foot_traffic: m.sync_failed_foot_traffic,
};

/** The task the indicator shows: the one running, else the next one waiting. */
export const currentTask = (state: SyncState | null): SyncTask | null => {
  if (!state?.running) return null;
  return (
    state.tasks.find((t) => t.state === 'running') ??
    state.tasks.find((t) => t.state === 'waiting') ??
    null
  );
};

/** A run sends the queue before it downloads: while it does, that is what it says. */
export const isSending = (state: SyncState | null): boolean =>
  state?.running === true && state.sending;

/** "Downloading devices" (also the progress bar's accessible name). */
export const taskLabel = (task: SyncTask): string => DOWNLOADING[task.resource]();

/**
 * "12,300 of 100,000 · 3.4 MB", "12,300 so far" while the server has not said how many, or "";
 * with what was downloaded once anything was (a page answered "not modified" costs nothing).
 */
export const taskCount = (task: SyncTask): string => {
  const count =
    task.total !== null
      ? m.sync_count_of({ fetched: formatNumber(task.fetched), total: formatNumber(task.total) })
      : task.fetched > 0
        ? m.sync_count_so_far({ fetched: formatNumber(task.fetched) })
        : '';
  if (task.bytes === 0) return count;
  const size = formatBytes(task.bytes);
  return count ? m.sync_count_and_bytes({ count, size }) : size;
};

const HELD: Record<SyncHold, () => string> = {
  save_data: m.sync_held_save_data,
  slow_link: m.sync_held_slow_link,
};

/** Why the full lists wait (data saver, a very slow link), or null when they do not. */
export const heldText = (state: SyncState | null): string | null =>
  state?.held ? HELD[state.held]() : null;

/** "Downloading devices: 12,300 of 100,000" (the separator is the language's: fr " : "). */
export const taskWithCount = (label: string, count: string): string =>
  count ? `${label}${m.sync_count_suffix({ count })}` : label;

const keyOf = (task: SyncTask): string => `${task.resource}/${task.locationId ?? ''}`;

/** Tasks that failed or were cancelled since the previous state (not ones already reported:
 * every later progress event repeats them). Nothing is new on the first state read. */
export const newlyEnded = (previous: SyncState | null, next: SyncState): SyncTask[] => {
  if (previous === null) return [];
  const before = new Map(previous.tasks.map((t) => [keyOf(t), t.state]));
  return next.tasks.filter(
    (t) => (t.state === 'failed' || t.state === 'cancelled') && before.get(keyOf(t)) !== t.state,
  );
};

/** What to say about downloads that ended early: each failure with its reason, and one
 * sentence for any number of cancelled ones (a cancel stops every download at once; one that
 * came while the queue was being sent stopped the sending, which is what it says then).
 * One the network stopped is not said here: the badge beside it says Offline, and "Sync now"
 * says why where it was asked ("Could not download organizations" repeated it). */
export const endedText = (tasks: readonly SyncTask[], whileSending = false): string => {
  const failed = tasks
    .filter((t) => t.state === 'failed' && !(t.error && traitsOf(t.error.kind).connectivity))
    .map((t) => `${COULD_NOT[t.resource]()} ${t.error ? errorWords(t.error).message : ''}`.trim());
  const cancelled = tasks.some((t) => t.state === 'cancelled')
    ? [whileSending ? m.sync_sending_stopped() : m.sync_stopped()]
    : [];
  return [...failed, ...cancelled].join(' ');
};

/**
 * What to say as the sync state moves on: downloads that ended early (endedText), and a Cancel
 * that stopped the sending of a run with no downloads (decision record 32: most runs only send the queue,
 * so there is no cancelled download to say it by).
 */
export const endedNotice = (
  previous: SyncState | null,
  next: SyncState,
  cancelledWhileSending: boolean,
): string => {
  const ended = endedText(newlyEnded(previous, next), cancelledWhileSending);
  if (ended !== '' || !cancelledWhileSending) return ended;
  const runEnded = previous?.running === true && !next.running;
  return runEnded && next.tasks.length === 0 ? m.sync_sending_stopped() : '';
};

/**
 * "Next sync in 12 s" / "Next sync in 3 min"; null when none is due or it is due now (the
 * core clears it when it tries; a time in the past must not say "Next sync in 0 s" forever).
 * Offline it says nothing: sync runs as soon as the connection is back, whatever the time
 * (the schedule's "15 min" then was untrue), and the badge already says Offline.
 */
export const nextSyncText = (
  nextAttemptAt: string | null,
  now: number,
  online: boolean,
): string | null => {
  if (nextAttemptAt === null || !online) return null;
  const at = Date.parse(nextAttemptAt);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds <= 0) return null;
  if (seconds < 120) return m.sync_next_sync_seconds({ seconds });
  return m.sync_next_sync_minutes({ minutes: Math.ceil(seconds / 60) });
};

export type OfflineProgress =
  | { status: 'running' }
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'failed'; error: AppErrorShape | null };

/**
 * Where "Make available offline" stands, from the sync state after it was asked for. It
 * downloads the store and the inventory and device lists, so it is done only when the whole
 * run is: any failed task means something the technician expects offline is missing.
 */
export const offlineProgress = (state: SyncState): OfflineProgress => {
  if (state.running || state.tasks.some((t) => t.state === 'running' || t.state === 'waiting'))
    return { status: 'running' };
  const failed = state.tasks.find((t) => t.state === 'failed');
  if (failed) return { status: 'failed', error: failed.error };
  if (state.tasks.some((t) => t.state === 'cancelled')) return { status: 'cancelled' };
  return { status: 'done' };
};
