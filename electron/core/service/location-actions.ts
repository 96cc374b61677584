/**
 * Creating and deleting a store, as intents like every other change: a new store often has no
 * network on opening day, so it can be created offline (with a temporary `local-` id that the
 * server's id replaces when it answers; installs at it wait for that) and a deletion can be
 * queued. Deleting stays refused while devices are installed there, checked locally first.
 */
import { randomUUID } from 'node:crypto';
import type { LocationResult, ParsedInput } from '../../shared';
import type { Location } from '../api/records';
import { LOCAL_LOCATION_PREFIX } from '../../shared/local-ids';
import { locationHasDevices } from '../api/error-mapping';
import { AppError } from '../app-error';
import { traitsOf } from '../../shared/error-traits';
import { guarded } from '../db/storage-error';
import type { Intent } from '../store/intent-rows';
import { laneOf } from '../sync/replay';
import { requireScope, tracked, type ServiceContext } from './context';
import { worthWaiting } from './device-actions';
import { commitIntent, localLocation } from './local-changes';
import { recordQueued, toItem } from './outbox-service';
import { sendWithinWait } from './send-within';

export async function createLocation(
  ctx: ServiceContext,
  input: ParsedInput<'createLocation'>,
): Promise<LocationResult<Location>> {
  const scope = requireScope(ctx);
  const localId = `${LOCAL_LOCATION_PREFIX}${randomUUID()}`;
  const online = ctx.isOnline();
  const intent = commitIntent(
    ctx,
    scope,
    {
      kind: 'create_location',
      serial: null,
      locationId: localId,
      locationName: input.name,
      fromLocationId: null,
      payload: input,
      keyFingerprint: scope.record.keyFingerprint,
    },
    online ? undefined : { kind: 'created_offline' },
  );
  const queued = (item: Intent = intent): LocationResult<Location> => ({
    status: 'queued',
    location: localLocation(localId, input),
    item: toItem(item),
  });
  if (!online) return queued();

  const settled = await sendWithinWait(ctx, laneOf(intent), () => {
    if (scope.store.work.intents.get(intent.id)?.state === 'queued')
      recordQueued(ctx, scope, intent, { kind: 'created_offline' });
  });
  const after = scope.store.work.intents.get(intent.id);
  const created = scope.created.get(localId);
  if (!settled && after !== null) return queued(after);
  if (after === null && created) return { status: 'done', location: created };
  if (after && !worthWaiting(after)) {
    // A refusal (a field the server rejects) is for the technician to fix in the form now.
    scope.store.work.intents.remove(after.id);
    scope.store.cache.locations.remove(localId);
    ctx.outboxChanged(true);
    throw AppError.fromSaved(after.lastError ?? { kind: 'internal' });
  }
  recordQueued(ctx, scope, intent, { kind: 'created_offline' });
  return queued();
}

/** A create being sent, or sent before without a definite answer: the store may exist. */
const mayHaveReachedServer = (create: Intent): boolean =>
  create.state === 'syncing' ||
  (create.attempts > 0 &&
    create.lastError !== null &&
    traitsOf(create.lastError.kind).outcomeMayBeUnknown);

export async function deleteLocation(
  ctx: ServiceContext,
  locationId: string,
): Promise<{ status: 'done' | 'queued' }> {
  const scope = requireScope(ctx);
  const { cache, work } = scope.store;
  const installed = cache.devices.atLocation(locationId).length;
  if (installed > 0) throw new AppError(locationHasDevices(installed));
  const pending = work.intents.list();
  if (
    pending.some(
      (i) => i.serial !== null && (i.locationId === locationId || i.fromLocationId === locationId),
    )
  ) {
    throw new AppError({
      kind: 'conflict',
      code: 'location_queued',
    });
  }
  const name = cache.locations.nameOf(locationId);

  // A store that never reached the server: forgetting it is the whole deletion. One whose
  // create may have (being sent now, or sent with its answer lost) is deleted there too: the
  // deletion queues behind the create (same lane, it waits for it and takes the real id).
  const create = pending.find((i) => i.kind === 'create_location' && i.locationId === locationId);
  if (create && !mayHaveReachedServer(create)) {
    guarded(() => work.intents.remove(create.id));
    cache.locations.remove(locationId);
    ctx.outboxChanged(true);
    return { status: 'done' };
  }

  const online = ctx.isOnline();
  const intent = commitIntent(
    ctx,
    scope,
    {
      kind: 'delete_location',
      serial: null,
      locationId,
      locationName: name,
      fromLocationId: null,
      keyFingerprint: scope.record.keyFingerprint,
    },
    online ? undefined : { kind: 'queued' },
  );
  if (!online) return { status: 'queued' };
  const stillQueued = () => {
    const left = work.intents.get(intent.id);
    if (left?.state === 'queued') recordQueued(ctx, scope, left);
  };
  let settled = await sendWithinWait(ctx, laneOf(intent), stillQueued);
  let after = work.intents.get(intent.id);
  // Its create was settled by that replay: the deletion now names the real id (another lane).
  if (settled && after !== null && after.locationId !== intent.locationId) {
    settled = await sendWithinWait(ctx, laneOf(after), stillQueued);
    after = work.intents.get(intent.id);
  }
  if (after === null) return { status: 'done' };
  if (!settled) return { status: 'queued' };
  if (!worthWaiting(after)) {
    work.intents.remove(after.id);
    ctx.outboxChanged();
    // Put the store back as the server has it.
    await tracked(ctx, () => scope.api.getLocation(locationId)).then(
      (location) => cache.locations.put(location, new Date().toISOString()),
      () => undefined,
    );
    ctx.outboxChanged(true);
    throw AppError.fromSaved(after.lastError ?? { kind: 'internal' });
  }
  recordQueued(ctx, scope, after);
  return { status: 'queued' };
}
