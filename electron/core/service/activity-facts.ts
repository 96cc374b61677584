/**
 * What an activity entry says, as a kind with parameters (the renderer words it in the
 * technician's language: renderer/src/lib/activity-text.ts), and the English sentence kept
 * beside it in `detail` for logs and for versions that read only that column.
 */
import type { ActivityEntry, ActivityFact, WalkTestResult } from '../../contract';
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

const walkTestEnglish = (walk: WalkTestResult): string =>
  walk.passed
    ? `Walk test passed: ${walk.counted} of ${walk.expected} counted.`
    : `Walk test failed: ${walk.counted} of ${walk.expected} counted (${walk.reason}).`;

/** The English `detail` of a fact (as earlier versions wrote it). */
export const englishDetail = (
  fact: ActivityFact,
  walkTest: WalkTestResult | null = null,
): string => {
  const where = (location: string | null) => location ?? 'the location';
  switch (fact.kind) {
    case 'queued':
      return 'Queued: it will be sent when the connection is back.';
    case 'created_offline':
      return 'Created on this computer: it will be sent when the connection is back.';
    case 'discarded':
      return 'Discarded from the queue by the technician.';
    case 'installed':
      return `Installed at ${where(fact.location)}.`;
    case 'moved':
      return `Moved to ${where(fact.location)}.`;
    case 'replaced':
      return `Replaced ${fact.old ?? 'the broken device'} at ${where(fact.location)}.`;
    case 'uninstalled':
      return fact.location ? `Uninstalled from ${fact.location}.` : 'Uninstalled.';
    case 'device_saved':
      return 'Device details saved.';
    case 'location_created':
      return `Created ${where(fact.name)}.`;
    case 'location_deleted':
      return `Deleted ${where(fact.location)}.`;
    case 'conflict':
      return `The device is installed at ${fact.location}.`;
    case 'failed':
      return fact.error.message;
    case 'verification':
      return [
        fact.checkedIn ? 'Checked in after install.' : 'No check-in seen.',
        walkTest ? walkTestEnglish(walkTest) : '',
        fact.note ?? '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'outbox_damaged':
      return `The queue saved on this computer was damaged: ${plural(fact.unreadable, 'queued action')} could not be read. The damaged file was kept at ${fact.keptAt}.`;
    // Newer facts have no English (issue 25): the log keeps their kind.
    case 'mounting_checklist':
    case 'visit_incomplete':
      return fact.kind;
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
  detail: englishDetail(fact),
  fact,
  intentId: intent.id,
  replaces: intent.replaces,
});

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
