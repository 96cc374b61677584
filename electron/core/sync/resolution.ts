/**
 * What the technician can do with an intent the replay could not finish: decide a conflict,
 * retry a failure, or discard. Each returns the intent as it was acted on so the service can
 * record it in the activity log and put the local rows right.
 */
import { AppError } from '../app-error';
import type { Intent, IntentRows } from '../store/intent-rows';

export type ConflictResolution = 'move_here' | 'leave_there';

const intentMissing = (): AppError => new AppError({ kind: 'not_found', code: 'queue_item_gone' });

/** The item changed meanwhile (another window, the replay): `code` says what it no longer is. */
const wrongState = (
  intent: Intent,
  code: 'queue_item_not_in_conflict' | 'queue_item_not_failed' | 'queue_item_being_sent',
): AppError =>
  new AppError({ kind: 'validation', code, params: { action: intent.kind, state: intent.state } });

function find(intents: IntentRows, id: string): Intent {
  const intent = intents.get(id);
  if (!intent) throw intentMissing();
  return intent;
}

/**
 * move_here: the device should end up where the technician wanted it, so the intent becomes a
 * move from where it actually is (for an uninstall: an uninstall from there) and is queued
 * again; a change the server accepted and never applied, with the device at no store, is
 * queued again as it was ("Send again": the technician's choice, never the app's).
 * leave_there: the intent is dropped.
 */
export function resolveConflict(
  intents: IntentRows,
  id: string,
  resolution: ConflictResolution,
): { intent: Intent; outcome: 'requeued' | 'discarded' } {
  const intent = find(intents, id);
  const notApplied = intent.lastError?.code === 'accepted_not_applied';
  if (intent.state !== 'conflict' || (!intent.conflictLocation && !notApplied))
    throw wrongState(intent, 'queue_item_not_in_conflict');
  if (resolution === 'leave_there') {
    intents.remove(id);
    return { intent, outcome: 'discarded' };
  }
  const there = intent.conflictLocation;
  const requeued = intents.update(id, {
    ...(there === null
      ? {}
      : intent.kind === 'uninstall'
        ? { locationId: there.id, locationName: there.name, fromLocationId: null }
        : intent.kind === 'replace'
          ? { fromLocationId: there.id } // the new device may now be taken from there
          : { kind: 'move' as const, fromLocationId: there.id }),
    state: 'queued',
    stepsDone: 0,
    conflictLocation: null,
    lastError: null,
    accepted: null,
  });
  return { intent: requeued, outcome: 'requeued' };
}

/** Queues a failed intent again (e.g. after fixing access rights). */
export function retry(intents: IntentRows, id: string): Intent {
  const intent = find(intents, id);
  if (intent.state !== 'failed') throw wrongState(intent, 'queue_item_not_failed');
  return intents.update(id, { state: 'queued', lastError: null });
}

/** Drops an intent in any state except while it is being sent. */
export function discard(intents: IntentRows, id: string): Intent {
  const intent = find(intents, id);
  if (intent.state === 'syncing') throw wrongState(intent, 'queue_item_being_sent');
  intents.remove(id);
  return intent;
}
