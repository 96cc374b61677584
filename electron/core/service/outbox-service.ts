/**
 * The technician's view of the queue (list, retry, discard, resolve a conflict) and what a
 * replay's events do locally: the server's answer goes into the cached rows, the activity log
 * records what happened, and a store created offline trades its temporary id for the real one.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ActivityEntry, ActivityFact, OutboxItem } from '../../shared';
import { guarded } from '../db/storage-error';
import { doneFact, labelOf, newActivityOf } from './activity-facts';
import type { Intent } from '../store/intent-rows';
import type { ReplayEvent } from '../sync/replay';
import { discard, resolveConflict, retry } from '../sync/resolution';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { reapplyNamed, reapplyPending, serialsOf } from './local-changes';
import { readEitherCase } from './serial-spelling';

/** What crosses to the renderer: the intent without its payload and key fingerprint. */
export const toItem = (intent: Intent): OutboxItem => {
  const { payload: _payload, keyFingerprint: _fingerprint, accepted: _accepted, ...item } = intent;
  return item;
};

/**
 * Queue rows read per turn of the event loop when the whole queue is listed (decision record
 * 70): 5,000 queued actions (a pallet installed offline) read and parsed at once held the
 * thread 84–143 ms, at every change of the queue.
 */
const LIST_PAGE = 250;

/**
 * The whole queue, oldest first, a page per turn. A row changed meanwhile may show as it was
 * when its page was read; the change announces the queue again (`outboxChanged`).
 */
export async function listOutbox(ctx: ServiceContext): Promise<OutboxItem[]> {
  const scope = ctx.current();
  if (!scope) return [];
  const items: OutboxItem[] = [];
  for (let after = 0; ;) {
    const page = guarded(() => scope.store.work.intents.listAfter(after, LIST_PAGE));
    for (const intent of page.intents) items.push(toItem(intent));
    if (page.intents.length < LIST_PAGE) return items;
    after = page.lastSeq;
    await nextTurn();
    // Another account's queue now (signed out meanwhile): this one is no longer anyone's view.
    if (ctx.current() !== scope) return items;
  }
}

/**
 * An action's state in the activity log: one row per action, written when it is first known
 * (at the time the technician acted) and changed in place as the action goes on (queued →
 * done, conflict, failed…), so the log never shows a queued row beside its done one.
 */
function recordActivity(
  ctx: ServiceContext,
  scope: SignedInScope,
  intent: Intent,
  result: ActivityEntry['result'],
  fact: ActivityFact,
): void {
  const { activity } = scope.store.work;
  try {
    const earlier = activity.ofIntent(intent.id);
    if (earlier) {
      // Sent after waiting: when it went, beside when the technician acted.
      const sentAt =
        result === 'done' && earlier.result !== 'done' ? new Date().toISOString() : earlier.sentAt;
      const { locationId, locationName } = intent;
      activity.change(earlier.id, { result, fact, sentAt, locationId, locationName });
    } else {
      activity.add(newActivityOf(intent, result, fact, labelOf(intent, scope.store.cache)));
    }
  } catch (error) {
    ctx.options.log.warn('could not record an activity entry', { error: String(error) });
  }
}

/**
 * The activity line of an intent that waits in the queue: for the connection, or — accepted by
 * the server for later — for the server.
 */
export const recordQueued = (
  ctx: ServiceContext,
  scope: SignedInScope,
  intent: Intent,
  fact: ActivityFact = intent.accepted ? { kind: 'accepted' } : { kind: 'queued' },
) => recordActivity(ctx, scope, intent, 'queued', fact);

export function retryItem(ctx: ServiceContext, id: string): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  guarded(() => retry(scope.store.work.intents, id));
  ctx.outboxChanged();
  if (ctx.isOnline()) void ctx.replay().catch(() => undefined);
  return listOutbox(ctx);
}

export function discardItem(ctx: ServiceContext, id: string): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  const intent = guarded(() => discard(scope.store.work.intents, id));
  recordActivity(ctx, scope, intent, 'failed', { kind: 'discarded' });
  undoLocally(ctx, scope, intent);
  ctx.outboxChanged();
  return listOutbox(ctx);
}

export function resolveItem(
  ctx: ServiceContext,
  id: string,
  resolution: 'move_here' | 'leave_there',
): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  const { intent, outcome } = guarded(() =>
    resolveConflict(scope.store.work.intents, id, resolution),
  );
  if (outcome === 'discarded') undoLocally(ctx, scope, intent);
  ctx.outboxChanged();
  if (outcome === 'requeued' && ctx.isOnline()) void ctx.replay().catch(() => undefined);
  return listOutbox(ctx);
}

/** A dropped intent's optimistic effect goes: the conflict's known location, or a re-read. */
function undoLocally(ctx: ServiceContext, scope: SignedInScope, intent: Intent): void {
  const cache = scope.store.cache;
  if (intent.serial !== null && intent.conflictLocation) {
    const found = cache.devices.get(intent.serial);
    if (found)
      cache.devices.put({ ...found.device, location: intent.conflictLocation }, found.fetchedAt);
  } else if (intent.kind === 'create_location' && intent.locationId) {
    cache.locations.remove(intent.locationId);
  } else if (intent.serial !== null && ctx.isOnline()) {
    const serial = intent.serial;
    void readEitherCase(serial, (s) => scope.api.getDevice(s))
      .then((device) => cache.devices.put(device, new Date().toISOString()))
      // Unread, or the account's files closed meanwhile: the next list refresh puts it right.
      .catch(() => undefined);
  }
  if (intent.replaces !== null) undoReplaceOfOld(ctx, scope, intent, intent.replaces);
  cache.queries.invalidate();
  ctx.emit({ type: 'data-updated', resource: 'devices' });
}

/** A dropped replace leaves the broken device where the server has it (or had it). */
function undoReplaceOfOld(
  ctx: ServiceContext,
  scope: SignedInScope,
  intent: Intent,
  old: string,
): void {
  const cache = scope.store.cache;
  const found = cache.devices.get(old);
  if (found && intent.stepsDone === 0 && intent.locationId !== null) {
    const location = { id: intent.locationId, name: intent.locationName ?? '' };
    cache.devices.put({ ...found.device, location }, found.fetchedAt);
  } else if (ctx.isOnline()) {
    void readEitherCase(old, (s) => scope.api.getDevice(s))
      .then((device) => cache.devices.put(device, new Date().toISOString()))
      .catch(() => undefined);
  }
}

/** Applies a replay event to the local rows and the activity log. */
export function onReplayEvent(ctx: ServiceContext, scope: SignedInScope, event: ReplayEvent): void {
  const cache = scope.store.cache;
  const { intents } = scope.store.work;
  const now = new Date().toISOString();
  const { intent } = event;
  switch (event.type) {
    case 'step':
      cache.devices.put(event.device, now);
      break;
    case 'done': {
      cache.db.transaction(() => {
        if (event.device) cache.devices.put(event.device, now);
        if (intent.kind === 'create_location' && event.location && intent.locationId) {
          // The temporary id gives way to the server's in the cached rows (the queue followed
          // when the intent completed).
          cache.locations.rename(intent.locationId, event.location, now);
          cache.devices.renameLocation(intent.locationId, {
            id: event.location.id,
            name: event.location.name,
          });
          scope.created.set(intent.locationId, event.location);
          // A deletion queued behind the create now names the real id: keep the store hidden.
          reapplyPending(
            cache,
            intents.list().filter((i) => i.kind === 'delete_location'),
          );
        }
        if (intent.kind === 'delete_location' && intent.locationId)
          cache.locations.remove(intent.locationId);
        if (intent.serial !== null) reapplyNamed(cache, intents, serialsOf(intent));
      })();
      // Recorded as the server spells the serial (a queued one may be as typed).
      recordActivity(
        ctx,
        scope,
        { ...intent, serial: event.device?.serial_number ?? intent.serial },
        'done',
        doneFact(intent, event.location),
      );
      break;
    }
    case 'conflict': {
      const where = event.location ? (event.location.name ?? event.location.id) : null;
      recordActivity(
        ctx,
        scope,
        intent,
        'conflict',
        intent.lastError?.code === 'accepted_not_applied'
          ? { kind: 'not_applied', location: where }
          : { kind: 'conflict', location: where ?? '' },
      );
      break;
    }
    case 'accepted':
      // Not done until the server shows it: the rows show the device as the server has it.
      if (event.device) cache.devices.put(event.device, now);
      if (intent.kind !== 'update_device') recordQueued(ctx, scope, intent);
      break;
    case 'failed':
      recordActivity(ctx, scope, intent, 'failed', { kind: 'failed', error: event.error });
      break;
    default:
      break;
  }
  cache.queries.invalidate();
  // 'syncing' and 'deferred' change only the queue; the others changed rows or the log.
  ctx.outboxChanged(event.type !== 'syncing' && event.type !== 'deferred');
}
