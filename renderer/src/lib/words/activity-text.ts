/**
 * An activity entry's detail in the technician's language, from the kind and parameters the
 * core recorded (`ActivityEntry.fact`). One place for the Activity log, the Verify screen and
 * the CSV export (pure, unit-tested per locale). Entries written before facts existed have
 * only their English `detail`, shown as it is: nothing else is left of what they said.
 */
import type { ActivityEntry, ActivityFact, WalkTestResult } from '$shared';
import { auditDetail } from './audit-text';
import { errorWords } from './error-text';
import { absoluteTime, formatNumber, MISSING } from './format';
import { m } from './i18n';
import { checklistText, incompleteText } from './quality-text';
import { isolated } from './bidi';
import { outboxDamageText } from './storage-text';
import { silentCheckText } from './silent-text';

const walkTestWords = (walk: WalkTestResult): string => {
  const counts = { counted: formatNumber(walk.counted), expected: formatNumber(walk.expected) };
  return walk.passed
    ? m.activity_walk_passed(counts)
    : m.activity_walk_failed({ ...counts, reason: isolated(walk.reason ?? '') });
};

/** An accepted change that never showed, and where the device is (null: at no store). */
export const notAppliedWords = (location: { id: string; name: string | null } | string | null) => {
  const where = typeof location === 'string' ? location : (location?.name ?? location?.id ?? null);
  return where === null
    ? m.activity_not_applied_nowhere()
    : m.activity_not_applied({ location: isolated(where) });
};

/** Names and notes from a person or a server, isolated for direction inside the sentence. */
const factWords = (fact: ActivityFact, walkTest: WalkTestResult | null): string => {
  const location = 'location' in fact && fact.location ? isolated(fact.location) : null;
  switch (fact.kind) {
    case 'queued':
      return m.activity_queued();
    case 'created_offline':
      return m.activity_created_offline();
    case 'discarded':
      return m.activity_discarded();
    case 'installed':
      return location ? m.activity_installed({ location }) : m.activity_installed_unnamed();
    case 'moved':
      return location ? m.activity_moved({ location }) : m.activity_moved_unnamed();
    case 'replaced': {
      const at = location ?? MISSING;
      return fact.old
        ? m.activity_replaced({ old: isolated(fact.old), location: at })
        : m.activity_replaced_unnamed({ location: at });
    }
    case 'uninstalled':
      return location ? m.activity_uninstalled_from({ location }) : m.activity_uninstalled();
    case 'device_saved':
      return m.activity_device_saved();
    case 'location_created':
      return m.activity_location_created({ location: fact.name ? isolated(fact.name) : MISSING });
    case 'location_deleted':
      return location
        ? m.activity_location_deleted({ location })
        : m.activity_location_deleted_unnamed();
    case 'conflict':
      return m.activity_conflict({ location: location ?? '' });
    case 'accepted':
      return m.activity_accepted();
    case 'not_applied':
      return notAppliedWords(fact.location);
    case 'failed':
      return errorWords(fact.error).message;
    case 'verification':
      return [
        fact.checkedIn ? m.activity_checked_in() : m.activity_no_checkin(),
        walkTest ? walkTestWords(walkTest) : '',
        fact.note ? isolated(fact.note) : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'outbox_damaged':
      return outboxDamageText(fact);
    case 'mounting_checklist':
      return checklistText(fact.checks);
    case 'visit_incomplete':
      return incompleteText(fact);
    case 'silent_check':
      return silentCheckText(fact);
  }
};

/**
 * What the entry says beside its action and result; for an action that waited in the queue,
 * also when it was sent (the entry's time is when the technician acted).
 */
export const activityDetail = (
  entry: Pick<ActivityEntry, 'fact' | 'detail' | 'walkTest'> &
    Partial<Pick<ActivityEntry, 'sentAt' | 'audit'>>,
): string => {
  const said = entry.audit
    ? auditDetail(entry.audit)
    : entry.fact
      ? factWords(entry.fact, entry.walkTest)
      : entry.detail;
  return entry.sentAt
    ? `${said} ${m.activity_sent_at({ time: absoluteTime(entry.sentAt) })}`
    : said;
};

/**
 * The old serial of a replacement: recorded with it from the start (so a replace still queued
 * names it too), else from its fact, or read from an old entry's English.
 */
export const replacedSerial = (
  entry: Pick<ActivityEntry, 'fact' | 'detail'> & Partial<Pick<ActivityEntry, 'replaces'>>,
): string | null =>
  entry.replaces ??
  (entry.fact?.kind === 'replaced'
    ? entry.fact.old
    : (/Replaced (\S+) at /.exec(entry.detail)?.[1] ?? null));
