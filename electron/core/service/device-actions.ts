/**
 * Install, uninstall, move and device edits. Each is first an intent committed locally (the
 * acknowledgement), then — when online — sent at once through the same replay that drains the
 * queue, so a direct send and a replayed one follow one set of rules. The technician is there
 * for a direct send: a conflict or a refusal comes back as an error and the intent is dropped;
 * an unknown outcome, a lost connection or a 5xx leaves it queued, to be settled by reading.
 * A send slower than a few seconds answers "queued" and goes on by itself (send-within.ts).
 */
import type { ActionResult, ParsedInput } from '../../shared';
import type { Device } from '../api/records';
import { installedElsewhere } from '../api/error-mapping';
import { AppError } from '../app-error';
import { traitsOf } from '../../shared/error-traits';
import type { NewIntentPayload } from '../store/intent-payloads';
import type { Intent, NewIntentFields } from '../store/intent-rows';
import { laneOf } from '../sync/replay';
import type { PlacementPayload, ReplacePayload } from '../sync/replay-plan';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { commitIntent, type WithIntent } from './local-changes';
import { recordQueued, toItem } from './outbox-service';
import { sendWithinWait } from './send-within';
import { readEitherCase } from './serial-spelling';

type DeviceIntent = NewIntentPayload &
  Pick<NewIntentFields, 'serial' | 'locationId' | 'fromLocationId'>;

/**
 * A label given while installing travels in the install's own intent (not a second one), so it
 * is sent after the install however that goes: at once, queued offline, after a crash
 * (replay-plan.ts planFor skips the PUT once the device shows it).
 */
export function installDevice(
  ctx: ServiceContext,
  serial: string,
  locationId: string,
  label?: string,
  withIntent?: WithIntent,
) {
  const payload: PlacementPayload | null = label ? { changes: { name: label } } : null;
  return act(
    ctx,
    { kind: 'install', serial, locationId, fromLocationId: null, payload },
    withIntent,
  );
}

export const uninstallDevice = (ctx: ServiceContext, serial: string, locationId?: string) =>
  act(ctx, { kind: 'uninstall', serial, locationId: locationId ?? null, fromLocationId: null });

export function moveDevice(
  ctx: ServiceContext,
  serial: string,
  fromLocationId: string,
  toLocationId: string,
) {
  if (fromLocationId === toLocationId) {
    throw new AppError({
      kind: 'validation',
      code: 'already_here',
      fields: { toLocationId: { code: 'invalid' } },
    });
  }
  return act(ctx, { kind: 'move', serial, locationId: toLocationId, fromLocationId });
}

/**
 * Replace: the broken device must be installed here (as this app last saw it); its label and
 * update interval go with the intent, taken now, so the successor gets them even when the
 * broken one is unreadable later.
 */
export function replaceDevice(ctx: ServiceContext, input: ParsedInput<'replaceDevice'>) {
  const scope = requireScope(ctx);
  // The field marks which of the two scans to do again.
  if (input.newSerial === input.serial)
    throw new AppError({
      kind: 'validation',
      code: 'replace_same_serial',
      fields: { newSerial: { code: 'invalid' } },
    });
  const old = scope.store.cache.devices.get(input.serial)?.device;
  if (old?.location?.id !== input.locationId) {
    throw new AppError({
      kind: 'validation',
      code: 'replace_not_here',
      params: { serial: input.serial },
      fields: { serial: { code: 'invalid' } },
    });
  }
  const changes: ReplacePayload['changes'] = {};
  if (old.name !== undefined && old.name !== null) changes.name = old.name;
  if (typeof old.update_interval_s === 'number') changes.update_interval_s = old.update_interval_s;
  const payload: ReplacePayload = { replaces: input.serial, changes };
  return act(ctx, {
    kind: 'replace',
    serial: input.newSerial,
    locationId: input.locationId,
    fromLocationId: null,
    payload,
  });
}

export function updateDevice(ctx: ServiceContext, input: ParsedInput<'updateDevice'>) {
  const scope = requireScope(ctx);
  const shown = scope.store.cache.devices.get(input.serial)?.device as
    Record<string, unknown> | undefined;
  // Only what the technician changed: the form sends every field, and an edit queued offline
  // would otherwise put back a field someone else changed on the server meanwhile.
  const changes = shown
    ? Object.fromEntries(
        Object.entries(input.changes).filter(
          ([field, value]) =>
            ((Object.hasOwn(shown, field) ? shown[field] : null) ?? null) !== (value ?? null),
        ),
      )
    : input.changes;
  return act(ctx, {
    kind: 'update_device',
    serial: input.serial,
    locationId: null,
    fromLocationId: null,
    payload: changes,
  });
}

async function act(
  ctx: ServiceContext,
  action: DeviceIntent,
  withIntent?: WithIntent,
): Promise<ActionResult<Device>> {
  const scope = requireScope(ctx);
  const locationName = action.locationId
    ? scope.store.cache.locations.nameOf(action.locationId)
    : null;
  const online = ctx.isOnline();
  const intent = commitIntent(
    ctx,
    scope,
    { ...action, locationName, keyFingerprint: scope.record.keyFingerprint },
    online ? undefined : { kind: 'queued' },
    withIntent,
  );
  if (!online) return { status: 'queued', item: toItem(intent) };

  const settled = await sendWithinWait(ctx, laneOf(intent), () => {
    // Told "queued" already: what the send came to is in the queue, and one still waiting
    // gets its queued line in the log, like an action taken offline.
    const left = scope.store.work.intents.get(intent.id);
    if (left?.state === 'queued' && intent.kind !== 'update_device') recordQueued(ctx, scope, left);
  });
  const after = scope.store.work.intents.get(intent.id);
  if (!settled && after !== null) return { status: 'queued', item: toItem(after) };
  if (after === null) {
    // Sent (by this call or by a replay already running): the done handler stored the device,
    // under the server's spelling when the serial was sent as typed.
    const serial = action.serial ?? '';
    const cache = scope.store.cache;
    const device = cache.devices.get(cache.serials.spelling(serial) ?? serial)?.device;
    if (device) return { status: 'done', device };
    return {
      status: 'done',
      device: await tracked(ctx, () => readEitherCase(serial, (s) => scope.api.getDevice(s))),
    };
  }
  // Accepted by the server and never shown: the technician decides in the queue, as offline.
  const notApplied = after.lastError?.code === 'accepted_not_applied';
  if (
    !notApplied &&
    (after.state === 'conflict' || (after.stepsDone === 0 && !worthWaiting(after)))
  ) {
    // The technician is here: tell them now instead of leaving a card in the queue.
    scope.store.work.intents.remove(after.id);
    ctx.outboxChanged();
    await restoreFromServer(ctx, scope, action.serial ?? '');
    ctx.outboxChanged(true);
    throw after.state === 'conflict'
      ? new AppError(installedElsewhere(after.conflictLocation))
      : AppError.fromSaved(after.lastError ?? { kind: 'internal' });
  }
  if (after.state === 'queued' && intent.kind !== 'update_device') {
    recordQueued(ctx, scope, after);
  }
  return { status: 'queued', item: toItem(after) };
}

/**
 * Whether an intent the technician just took stays queued (error-traits.ts `waitsInQueue`).
 * One being sent stays too: a run chained right behind this send (the sync engine's) may have
 * picked it up before its answer is read here, and removing it would drop an acknowledged
 * action mid-send.
 */
export const worthWaiting = (intent: Intent): boolean =>
  intent.state === 'syncing' ||
  (intent.state === 'queued' &&
    (intent.lastError === null || traitsOf(intent.lastError.kind).waitsInQueue));

/** After a refused direct send, the optimistic row is replaced with what the server has. */
async function restoreFromServer(
  ctx: ServiceContext,
  scope: SignedInScope,
  serial: string,
): Promise<void> {
  try {
    const device: Device = await tracked(ctx, () =>
      readEitherCase(serial, (s) => scope.api.getDevice(s)),
    );
    const cache = scope.store.cache;
    cache.devices.put(device, new Date().toISOString());
    cache.queries.invalidate();
  } catch {
    // Not readable now (e.g. unknown serial): the next list refresh puts it right.
  }
}
