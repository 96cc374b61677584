/**
 * Changes that are not queued offline: creating or deleting a location and editing a device's
 * fields need the server's answer (validation, conflicts) while the technician is there.
 */
import { z } from 'zod';
import type { ParsedInput } from '../../contract';
import { Location, type Device } from '../api/wire';
import { AppError } from '../app-error';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { tracked } from './read-service';

const Locations = z.array(Location);

export async function createLocation(ctx: ServiceContext, input: ParsedInput<'createLocation'>) {
  const scope = requireScope(ctx);
  const location = await tracked(ctx, () => scope.api.createLocation(input)).catch(
    (error: unknown) => recoverLostCreate(ctx, scope, input, error),
  );
  const cached = await scope.cache.get('locations', Locations);
  if (cached) await scope.cache.set('locations', [...cached.value, location], cached.fetchedAt);
  await scope.cache.set(`location:${location.id}`, location);
  await ctx.activity.add({
    action: 'create_location',
    serial: null,
    locationId: location.id,
    locationName: location.name,
    result: 'done',
    detail: `Created ${location.name}.`,
  });
  return location;
}

/**
 * The answer to a create can be lost after the server acted. Before telling the technician it
 * failed (and inviting a retry that would make a second store), look for the location: same
 * name and street address. If the lookup itself fails, say that it may exist.
 */
async function recoverLostCreate(
  ctx: ServiceContext,
  scope: SignedInScope,
  input: ParsedInput<'createLocation'>,
  error: unknown,
): Promise<Location> {
  if (!(error instanceof AppError) || !['offline', 'timeout', 'bad_response'].includes(error.kind))
    throw error;
  const found = await tracked(ctx, () => scope.api.listLocations({ q: input.name })).then(
    (list) => list.find((l) => sameLocation(l, input)),
    () => undefined,
  );
  if (found) return found;
  throw new AppError({
    kind: error.kind,
    message: `The connection failed while creating ${input.name}; it may or may not have been created.`,
    nextStep: 'When you are back online, check the list of locations before creating it again.',
  });
}

const sameLocation = (l: Location, input: ParsedInput<'createLocation'>): boolean =>
  l.name === input.name &&
  l.address?.line1 === input.address.line1 &&
  l.address?.city === input.address.city &&
  l.address?.country === input.address.country;

export async function deleteLocation(ctx: ServiceContext, locationId: string) {
  const scope = requireScope(ctx);
  const cached = await scope.cache.get('locations', Locations);
  const name = cached?.value.find((l) => l.id === locationId)?.name ?? null;
  await tracked(ctx, () => scope.api.deleteLocation(locationId));
  if (cached) {
    await scope.cache.set(
      'locations',
      cached.value.filter((l) => l.id !== locationId),
      cached.fetchedAt,
    );
  }
  await scope.cache.delete(`location:${locationId}`);
  await scope.cache.delete(`location-devices:${locationId}`);
  await ctx.activity.add({
    action: 'delete_location',
    serial: null,
    locationId,
    locationName: name,
    result: 'done',
    detail: name ? `Deleted ${name}.` : 'Deleted a location.',
  });
  return { deleted: true as const };
}

export async function updateDevice(
  ctx: ServiceContext,
  input: ParsedInput<'updateDevice'>,
): Promise<Device> {
  const scope = requireScope(ctx);
  const device = await tracked(ctx, () => scope.api.updateDevice(input.serial, input.changes));
  await scope.cache.set(`device:${device.serial_number}`, device);
  return device;
}
