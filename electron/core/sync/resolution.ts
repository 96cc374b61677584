/**
 * What the technician can do with an outbox item the replay could not finish: decide a
 * conflict, retry a failure, or discard. Each returns the item as it was acted on so the
 * service can record it in the activity log.
 */
import type { OutboxItem } from '../../contract';
import { AppError } from '../app-error';
import { outboxItemMissing, type Outbox } from '../store/outbox-store';

export type ConflictResolution = 'move_here' | 'leave_there';

export interface ResolutionResult {
  item: OutboxItem;
  outcome: 'requeued' | 'discarded';
}

const wrongState = (item: OutboxItem, expected: string): AppError =>
  new AppError({
    kind: 'validation',
    message: `This queued ${item.kind} of ${item.serial} is ${item.state}, not ${expected}.`,
    nextStep: 'Refresh the list of queued actions.',
  });

function find(outbox: Outbox, id: string): OutboxItem {
  const item = outbox.list().find((i) => i.id === id);
  if (!item) throw outboxItemMissing();
  return item;
}

/**
 * move_here: the device should end up where the technician wanted it, so the item becomes a
 * move from where it actually is (for an uninstall: an uninstall from there) and is queued
 * again. leave_there: the item is dropped.
 */
export async function resolveConflict(
  outbox: Outbox,
  id: string,
  resolution: ConflictResolution,
): Promise<ResolutionResult> {
  const item = find(outbox, id);
  if (item.state !== 'conflict' || !item.conflictLocation) throw wrongState(item, 'in conflict');
  if (resolution === 'leave_there') {
    await outbox.remove(id);
    return { item, outcome: 'discarded' };
  }
  const there = item.conflictLocation;
  const requeued = await outbox.update(id, {
    ...(item.kind === 'uninstall'
      ? { locationId: there.id, locationName: there.name, fromLocationId: null }
      : { kind: 'move' as const, fromLocationId: there.id }),
    state: 'queued',
    conflictLocation: null,
    lastError: null,
  });
  return { item: requeued, outcome: 'requeued' };
}

/** Queues a failed item again (e.g. after fixing access rights or the serial). */
export async function retry(outbox: Outbox, id: string): Promise<OutboxItem> {
  const item = find(outbox, id);
  if (item.state !== 'failed') throw wrongState(item, 'failed');
  return outbox.update(id, { state: 'queued', lastError: null });
}

/** Drops an item in any state except while it is being sent. */
export async function discard(outbox: Outbox, id: string): Promise<OutboxItem> {
  const item = find(outbox, id);
  if (item.state === 'syncing') throw wrongState(item, 'waiting (it is being sent right now)');
  await outbox.remove(id);
  return item;
}
