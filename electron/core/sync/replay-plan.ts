/**
 * What a queued device intent still needs, decided from the device's state on the server right
 * now. This is what makes replay idempotent: an intent the server already applied (its answer
 * lost, or a 502 after the work was done) is seen as done, never sent twice; a device someone
 * else put elsewhere is a conflict for the technician, never silently moved. A crash between
 * the two steps of a move finds the device uninstalled and finishes the install.
 */
import type { OutboxItem } from '../../shared';
import { ownValue } from '../../shared/own-key';
import type { Device, LocationRef } from '../api/records';
import { AppError } from '../app-error';

/** `serial`: another device than the intent's own (a replace's broken device). */
export type Step =
  | { op: 'install'; locationId: string; serial?: string }
  | { op: 'uninstall'; locationId: string | undefined; serial?: string }
  | { op: 'update'; changes: ReplaceChanges };

/** What a replace carries over from the broken device to its successor. */
export interface ReplaceChanges {
  name?: string | null;
  update_interval_s?: number;
}

/** An install's payload (kept when a conflict turns it into a move): what the device is given
 * once it is there — the label typed while installing. */
export interface PlacementPayload {
  changes: ReplaceChanges;
}

/** A replace intent's payload: the broken device and what its successor takes over. */
export interface ReplacePayload {
  replaces: string;
  changes: ReplaceChanges;
}

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
    code: 'queue_no_target',
    params: { action: item.kind, serial: item.serial ?? '' },
  });

/**
 * `changes`: what an install (or the move a conflict made of it) gives the device once it is
 * there. They are PUT after the placement, and only while the device does not show them, so a
 * crash between the install and the PUT resumes with the PUT alone.
 */
export function planFor(item: OutboxItem, device: Device, changes?: ReplaceChanges): Plan {
  const at = device.location ?? null;
  const then = (...placement: Step[]): Plan => {
    const steps =
      changes && !changesApplied(changes, device)
        ? [...placement, { op: 'update' as const, changes }]
        : placement;
    return steps.length === 0 ? { type: 'done' } : { type: 'act', steps };
  };
  switch (item.kind) {
    case 'install': {
      if (!item.locationId) throw malformed(item);
      if (at === null) return then({ op: 'install', locationId: item.locationId });
      return at.id === item.locationId ? then() : { type: 'conflict', location: refOf(at) };
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
      if (at === null) return then({ op: 'install', locationId: to });
      if (at.id === to) return then();
      if (at.id === item.fromLocationId)
        return then({ op: 'uninstall', locationId: at.id }, { op: 'install', locationId: to });
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
    : step.op === 'uninstall'
      ? (device.location ?? null) === null
      : changesApplied(step.changes, device);

export const changesApplied = (changes: object, device: Device): boolean =>
  Object.entries(changes).every(
    ([field, value]) =>
      (ownValue(device as Record<string, unknown>, field) ?? null) === (value ?? null),
  );

/**
 * Replace, from the state of both devices now: take the broken one out if it is still here,
 * put the new one in (from where a resolved conflict allows it to come), then give it the
 * broken one's label and interval. Every step is skipped once the state shows it, so a crash
 * between any two resumes where it stopped and sends nothing twice. The new device being at
 * another store is a conflict checked first: the broken one stays until the technician decides.
 */
export function planReplace(
  item: OutboxItem,
  payload: ReplacePayload,
  old: Device,
  next: Device,
): Plan {
  const here = item.locationId;
  if (!here) throw malformed(item);
  const nextAt = next.location ?? null;
  if (nextAt !== null && nextAt.id !== here && nextAt.id !== item.fromLocationId)
    return { type: 'conflict', location: refOf(nextAt) };
  const steps: Step[] = [];
  if (old.location?.id === here)
    steps.push({ op: 'uninstall', locationId: here, serial: payload.replaces });
  if (nextAt?.id !== here) {
    if (nextAt !== null) steps.push({ op: 'uninstall', locationId: nextAt.id });
    steps.push({ op: 'install', locationId: here });
  }
  if (!changesApplied(payload.changes, next))
    steps.push({ op: 'update', changes: payload.changes });
  return steps.length === 0 ? { type: 'done' } : { type: 'act', steps };
}
