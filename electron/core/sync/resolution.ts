/**
 * What the technician can do with an intent the replay could not finish: decide a conflict,
 * retry a failure, or discard. Each returns the intent as it was acted on so the service can
 * record it in the activity log and put the local rows right.
 */
import { AppError } from '../app-error';
import type { Intent, IntentRows } from '../store/intent-rows';

export type ConflictResolution = 'move_here' | 'leave_there';

const intentMissing = (): AppError =>
  new AppError({
    kind: 'not_found',
    message: 'That queued action is no longer in the queue.',
    nextStep: 'Refresh the list of queued actions.',
  });

const wrongState = (intent: Intent, expected: string): AppError =>
  new AppError({
    kind: 'validation',
    message: `This queued ${intent.kind.replace('_', ' ')} is ${intent.state}, not ${expected}.`,
    nextStep: 'Refresh the list of queued actions.',
  });

function find(intents: IntentRows, id: string): Intent {
  const intent = intents.get(id);
  if (!intent) throw intentMissing();
  return intent;
}

/**
 * move_here: the device should end up where the technician wanted it, so the intent becomes a
 * move from where it actually is (for an uninstall: an uninstall from there) and is queued
 * again. leave_there: the intent is dropped.
 */
export function resolveConflict(
  intents: IntentRows,
  id: string,
  resolution: ConflictResolution,
): { intent: Intent; outcome: 'requeued' | 'discarded' } {
  const intent = find(intents, id);
  if (intent.state !== 'conflict' || !intent.conflictLocation)
    throw wrongState(intent, 'in conflict');
  if (resolution === 'leave_there') {
    intents.remove(id);
    return { intent, outcome: 'discarded' };
  }
  const there = intent.conflictLocation;
  const requeued = intents.update(id, {
    ...(intent.kind === 'uninstall'
      ? { locationId: there.id, locationName: there.name, fromLocationId: null }
      : intent.kind === 'replace'
        ? { fromLocationId: there.id } // the new device may now be taken from there
        : { kind: 'move' as const, fromLocationId: there.id }),
    state: 'queued',
    stepsDone: 0,
    conflictLocation: null,
    lastError: null,
  });
  return { intent: requeued, outcome: 'requeued' };
}

/** Queues a failed intent again (e.g. after fixing access rights). */
export function retry(intents: IntentRows, id: string): Intent {
  const intent = find(intents, id);
  if (intent.state !== 'failed') throw wrongState(intent, 'failed');
  return intents.update(id, { state: 'queued', lastError: null });
}

/** Drops an intent in any state except while it is being sent. */
export function discard(intents: IntentRows, id: string): Intent {
  const intent = find(intents, id);
  if (intent.state === 'syncing') throw wrongState(intent, 'waiting (it is being sent right now)');
  intents.remove(id);
  return intent;
}
