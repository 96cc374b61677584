/**
 * Install, uninstall and move: sent at once when online; queued in the outbox when offline,
 * when the request fails for lack of connection or its answer is unreadable (either way it may
 * or may not have been applied — replay checks the device's state first, so that is safe),
 * when a move got half-way (uninstalled, not yet installed), or when an earlier action for the
 * same device is still waiting (order per device matters).
 */
import type { ActionResult, LocationRef, OutboxKind } from '../../contract';
import { AppError, isConnectivityError } from '../app-error';
import { Device } from '../api/wire';
import { applyDeviceChange } from './cache-patch';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { locationName } from './location-names';
import { tracked } from './read-service';

interface Action {
  kind: OutboxKind;
  serial: string;
  locationId: string | null;
  fromLocationId: string | null;
  /** `applied` reports a device state reached half-way (a move's uninstall step). */
  send(scope: SignedInScope, applied: (device: Device) => void): Promise<Device>;
}

export function installDevice(ctx: ServiceContext, serial: string, locationId: string) {
  return run(ctx, {
    kind: 'install',
    serial,
    locationId,
    fromLocationId: null,
    send: (scope) => scope.api.installDevice(serial, locationId),
  });
}

export function uninstallDevice(ctx: ServiceContext, serial: string, locationId?: string) {
  return run(ctx, {
    kind: 'uninstall',
    serial,
    locationId: locationId ?? null,
    fromLocationId: null,
    send: (scope) => scope.api.uninstallDevice(serial, locationId),
  });
}

export function moveDevice(
  ctx: ServiceContext,
  serial: string,
  fromLocationId: string,
  toLocationId: string,
) {
  if (fromLocationId === toLocationId) {
    throw new AppError({
      kind: 'validation',
      message: 'The device is already meant to be at this location.',
      nextStep: 'Choose "Install here" instead.',
      fields: { toLocationId: 'is the same as the current location' },
    });
  }
  return run(ctx, {
    kind: 'move',
    serial,
    locationId: toLocationId,
    fromLocationId,
    // Uninstall-then-install is the only move the API offers. If the install part fails
    // for lack of connection, the queued move finds the device uninstalled and finishes it.
    send: async (scope, applied) => {
      applied(await scope.api.uninstallDevice(serial, fromLocationId));
      return scope.api.installDevice(serial, toLocationId);
    },
  });
}

async function run(ctx: ServiceContext, action: Action): Promise<ActionResult> {
  const scope = requireScope(ctx);
  const name = action.locationId ? await locationName(scope, action.locationId) : null;
  const waiting = scope.outbox
    .list()
    .some((item) => item.serial === action.serial && item.state !== 'done');
  if (!ctx.isOnline() || waiting) return queue(ctx, scope, action, name);

  const before = await knownLocation(scope, action.serial);
  let halfway: Device | null = null;
  try {
    const device = await tracked(ctx, () => action.send(scope, (d) => (halfway = d)));
    await applyDeviceChange(scope, before, device);
    await ctx.activity.add({
      action: action.kind,
      serial: action.serial,
      locationId: action.locationId,
      locationName: name,
      result: 'done',
      detail: describeDone(action.kind, name),
    });
    return { status: 'done', device };
  } catch (error) {
    if (halfway) await applyDeviceChange(scope, before, halfway);
    if (isConnectivityError(error) || isUnreadableAnswer(error))
      return queue(ctx, scope, action, name);
    // Half a move must not be dropped: keep it to be finished, marked failed unless the
    // failure is one that passes (5xx, 429), so the technician sees why.
    if (halfway && !(error instanceof AppError && error.kind === 'conflict')) {
      return queue(ctx, scope, action, name, isPassing(error) ? null : error);
    }
    await ctx.activity.add({
      action: action.kind,
      serial: action.serial,
      locationId: action.locationId,
      locationName: name,
      result: error instanceof AppError && error.kind === 'conflict' ? 'conflict' : 'failed',
      detail: error instanceof Error ? error.message : 'Failed',
    });
    throw error;
  }
}

async function queue(
  ctx: ServiceContext,
  scope: SignedInScope,
  action: Action,
  name: string | null,
  failedWith: unknown = null,
): Promise<ActionResult> {
  let item = await scope.outbox.enqueue({
    kind: action.kind,
    serial: action.serial,
    locationId: action.locationId,
    locationName: name,
    fromLocationId: action.fromLocationId,
  });
  if (failedWith instanceof AppError) {
    item = await scope.outbox.update(item.id, { state: 'failed', lastError: failedWith.toShape() });
  }
  await ctx.activity.add({
    action: action.kind,
    serial: action.serial,
    locationId: action.locationId,
    locationName: name,
    result: failedWith instanceof AppError ? 'failed' : 'queued',
    detail:
      failedWith instanceof AppError
        ? `Uninstalled, but the install did not go through: ${failedWith.message} Retry it under Activity.`
        : 'Queued: it will be sent when the connection is back.',
  });
  if (ctx.isOnline()) void ctx.sync().catch(() => undefined);
  return { status: 'queued', item };
}

/** A 2xx whose body was cut or garbled, or a proxy page: the server may have acted. */
const isUnreadableAnswer = (error: unknown): boolean =>
  error instanceof AppError && error.kind === 'bad_response';

const isPassing = (error: unknown): boolean =>
  error instanceof AppError && (error.kind === 'server' || error.kind === 'rate_limited');

async function knownLocation(scope: SignedInScope, serial: string): Promise<LocationRef | null> {
  const cached = await scope.cache.get(`device:${serial}`, Device);
  return cached?.value.location ?? null;
}

function describeDone(kind: OutboxKind, name: string | null): string {
  const where = name ?? 'the location';
  if (kind === 'install') return `Installed at ${where}.`;
  if (kind === 'move') return `Moved to ${where}.`;
  return name ? `Uninstalled from ${name}.` : 'Uninstalled.';
}
