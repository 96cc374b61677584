/**
 * Changes that are not queued offline: creating or deleting a location and editing a device's
 * fields need the server's answer (validation, conflicts) while the technician is there.
 */
import { z } from 'zod';
import type { ParsedInput } from '../../contract';
import { Location, type Device } from '../api/wire';
import { requireScope, type ServiceContext } from './context';
import { tracked } from './read-service';

const Locations = z.array(Location);

export async function createLocation(ctx: ServiceContext, input: ParsedInput<'createLocation'>) {
  const scope = requireScope(ctx);
  const location = await tracked(ctx, () => scope.api.createLocation(input));
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

export async function deleteLocation(ctx: ServiceContext, locationId: string) {
  const scope = requireScope(ctx);
  const cached = await scope.cache.get('locations', Locations);
  const name = cached?.value.find((l) => l.id === locationId)?.name ?? null;
  await tracked(ctx, () => scope.api.deleteLocation(locationId));
  if (cached) {
    await scope.cache.set('locations', cached.value.filter((l) => l.id !== locationId), cached.fetchedAt);
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

export async function updateDevice(ctx: ServiceContext, input: ParsedInput<'updateDevice'>): Promise<Device> {
  const scope = requireScope(ctx);
  const device = await tracked(ctx, () => scope.api.updateDevice(input.serial, input.changes));
  await scope.cache.set(`device:${device.serial_number}`, device);
  return device;
}
