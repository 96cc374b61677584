/**
 * Install, uninstall and move: sent at once when online; queued in the outbox when offline,
 * when the request fails for lack of connection (it may or may not have reached the server —
 * replay checks the device's state first, so that is safe), or when an earlier action for the
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
  send(scope: SignedInScope): Promise<Device>;
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

export function moveDevice(ctx: ServiceContext, serial: string, fromLocationId: string, toLocationId: string) {
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
    send: async (scope) => {
      await scope.api.uninstallDevice(serial, fromLocationId);
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
  try {
    const device = await tracked(ctx, () => action.send(scope));
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
    if (isConnectivityError(error)) return queue(ctx, scope, action, name);
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

async function queue(ctx: ServiceContext, scope: SignedInScope, action: Action, name: string | null): Promise<ActionResult> {
  const item = await scope.outbox.enqueue({
    kind: action.kind,
    serial: action.serial,
    locationId: action.locationId,
    locationName: name,
    fromLocationId: action.fromLocationId,
  });
  await ctx.activity.add({
    action: action.kind,
    serial: action.serial,
    locationId: action.locationId,
    locationName: name,
    result: 'queued',
    detail: 'Queued: it will be sent when the connection is back.',
  });
  if (ctx.isOnline()) void ctx.sync().catch(() => undefined);
  return { status: 'queued', item };
}

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
