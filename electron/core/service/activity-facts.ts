/**
 * What an activity entry says, as a kind with parameters: the renderer words it in the
 * technician's language (renderer/src/lib/words/activity-text.ts).
 */
import type { ActivityEntry, ActivityFact } from '../../shared';
import type { Location } from '../api/records';
import type { NewActivityEntry } from '../store/activity-rows';
import type { CacheStore } from '../store/account-store';
import type { Intent } from '../store/intent-rows';
import { guarded } from '../db/storage-error';
import type { SignedInScope } from './context';

/** What a sent intent did. */
export const doneFact = (intent: Intent, location?: Location): ActivityFact => {
  const where = intent.locationName;
  switch (intent.kind) {
    case 'install':
      return { kind: 'installed', location: where };
    case 'move':
      return { kind: 'moved', location: where };
    case 'replace':
      return { kind: 'replaced', old: intent.replaces, location: where };
    case 'uninstall':
      return { kind: 'uninstalled', location: where };
    case 'update_device':
      return { kind: 'device_saved' };
    case 'create_location':
      return { kind: 'location_created', name: location?.name ?? where };
    case 'delete_location':
      return { kind: 'location_deleted', location: where };
  }
};

/**
 * The device's label when the action is taken: the one given while installing (or the broken
 * device's, which a replacement takes over), else the device's own as this computer knows it.
 */
export const labelOf = (intent: Intent, cache: CacheStore): string | null => {
  const changes =
    intent.kind === 'install' || intent.kind === 'move' || intent.kind === 'replace'
      ? intent.payload?.changes
      : undefined;
  if (typeof changes?.name === 'string' && changes.name !== '') return changes.name;
  if (intent.serial === null) return null;
  const name = cache.devices.get(intent.serial)?.device.name;
  return typeof name === 'string' && name !== '' ? name : null;
};

/** The first row of an action: the time the technician acted is the intent's. */
export const newActivityOf = (
  intent: Intent,
  result: ActivityEntry['result'],
  fact: ActivityFact,
  label: string | null = null,
): NewActivityEntry => ({
  at: intent.createdAt,
  action: intent.kind,
  serial: intent.serial,
  locationId: intent.locationId,
  locationName: intent.locationName,
  result,
  fact,
  intentId: intent.id,
  replaces: intent.replaces,
  label,
});

/**
 * Records what the technician did to a device at a store in the visit in progress, named by
 * the store's cached name as Activity and the record show it. A storage failure is said as
 * one (guarded), never as a lost entry.
 */
export const recordAtStore = (
  scope: SignedInScope,
  at: { serial: string; locationId: string },
  entry: Omit<NewActivityEntry, 'serial' | 'locationId' | 'locationName'>,
): ActivityEntry =>
  guarded(() =>
    scope.store.work.activity.add({
      ...entry,
      serial: at.serial,
      locationId: at.locationId,
      locationName: scope.store.cache.locations.nameOf(at.locationId),
    }),
  );
