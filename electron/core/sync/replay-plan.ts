/**
 * What a queued device intent still needs, decided from the device's state on the server right
 * now. This is what makes replay idempotent: an intent the server already applied (its answer
 * lost, or a 502 after the work was done) is seen as done, never sent twice; a device someone
 * else put elsewhere is a conflict for the technician, never silently moved. A crash between
 * the two steps of a move finds the device uninstalled and finishes the install.
 */
import type { LocationRef, OutboxItem } from '../../contract';
import type { Device } from '../api/wire';
import { AppError } from '../app-error';

export type Step =
  { op: 'install'; locationId: string } | { op: 'uninstall'; locationId: string | undefined };

export type Plan =
  { type: 'done' } | { type: 'conflict'; location: LocationRef } | { type: 'act'; steps: Step[] };

/** Only id and name: the server may add fields we should not persist into the outbox. */
export const refOf = (location: LocationRef): LocationRef => ({
  id: location.id,
  name: location.name,
});

const malformed = (item: OutboxItem): AppError =>
  new AppError({
    kind: 'validation',
    message: `The queued ${item.kind} of ${item.serial ?? 'a device'} has no target location.`,
    nextStep: 'Discard it and do the action again.',
  });

export function planFor(item: OutboxItem, device: Device): Plan {
  const at = device.location ?? null;
  switch (item.kind) {
    case 'install': {
      if (!item.locationId) throw malformed(item);
      if (at === null)
        return { type: 'act', steps: [{ op: 'install', locationId: item.locationId }] };
      return at.id === item.locationId
        ? { type: 'done' }
        : { type: 'conflict', location: refOf(at) };
    }
    case 'uninstall': {
      if (at === null) return { type: 'done' };
      if (item.locationId === null || at.id === item.locationId) {
        return {
          type: 'act',
          steps: [{ op: 'uninstall', locationId: item.locationId ?? undefined }],
        };
      }
      return { type: 'conflict', location: refOf(at) };
    }
    case 'move': {
      const to = item.locationId;
      if (!to) throw malformed(item);
      if (at === null) return { type: 'act', steps: [{ op: 'install', locationId: to }] };
      if (at.id === to) return { type: 'done' };
      if (at.id === item.fromLocationId) {
        return {
          type: 'act',
          steps: [
            { op: 'uninstall', locationId: at.id },
            { op: 'install', locationId: to },
          ],
        };
      }
      return { type: 'conflict', location: refOf(at) };
    }
    default:
      throw new Error(`planFor: ${item.kind} is not a device placement intent`);
  }
}

/** Whether the device's state shows `step` as applied (settling an unknown outcome). */
export const stepApplied = (step: Step, device: Device): boolean =>
  step.op === 'install'
    ? device.location?.id === step.locationId
    : (device.location ?? null) === null;
