/**
 * What an activity entry says, as a kind with parameters: the renderer words it in the
 * technician's language (renderer/src/lib/words/activity-text.ts).
 */
import type { ActivityEntry, ActivityFact } from '../../shared';
import type { Location } from '../api/wire';
import type { NewActivityEntry } from '../store/activity-rows';
import type { Intent } from '../store/intent-rows';

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

/** The first row of an action: the time the technician acted is the intent's. */
export const newActivityOf = (
  intent: Intent,
  result: ActivityEntry['result'],
  fact: ActivityFact,
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
});
