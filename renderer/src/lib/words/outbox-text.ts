/** Plain words for queued actions (the outbox) and this visit's activity (pure, unit-tested). */
import type {
  ActivityEntry,
  OutboxItem,
  AuditResult,
  OutboxKind,
  VerificationResult,
} from '$shared';
import { isVerificationResult } from '$shared/verification-result';
import { absoluteTime } from './format';
import { m } from './i18n';
import { verificationWords } from './verification-text';
import { auditResultWords, isAuditResult } from './audit-text';

const ACTION_NAMES: Record<ActivityEntry['action'], () => string> = {
  install: m.action_install,
  uninstall: m.action_uninstall,
  move: m.action_move,
  replace: m.action_replace,
  update_device: m.action_update_device,
  create_location: m.action_create_location,
  delete_location: m.action_delete_location,
  verify: m.action_verify,
  storage: m.action_storage,
  checklist: m.action_checklist,
  finish_visit: m.action_finish_visit,
  audit: m.action_audit,
  silent_check: m.action_silent_check,
};

/** What an action of each kind is, as the Activity table's "Action" column says it (a kind
 * this build does not know, from a newer version's log, is shown as it is). */
export const actionName = (action: ActivityEntry['action']): string =>
  (ACTION_NAMES[action] as (() => string) | undefined)?.() ?? action;

/** "An install", "a change to its settings"…: for "… of this device is waiting to sync". */
export const kindPhrase = (kind: OutboxKind): string => {
  switch (kind) {
    case 'install':
      return m.outbox_phrase_install();
    case 'uninstall':
      return m.outbox_phrase_uninstall();
    case 'move':
      return m.outbox_phrase_move();
    case 'replace':
      return m.outbox_phrase_replace();
    case 'update_device':
      return m.outbox_phrase_update_device();
    case 'create_location':
      return m.outbox_phrase_create_location();
    case 'delete_location':
      return m.outbox_phrase_delete_location();
  }
};

/** Kinds that change where a device is installed (the device screen's actions race them). */
export const movesDevice = (kind: OutboxKind): boolean =>
  kind === 'install' || kind === 'uninstall' || kind === 'move' || kind === 'replace';

/** Names a store from its id and the name the item kept ("Name (City)" where known). */
export type StoreNamer = (ref: { id: string; name: string }) => string;

/** The store an item acts on, named by `named`; null when the item has no name for it. */
export const itemStoreName = (item: OutboxItem, named?: StoreNamer): string | null => {
  if (item.locationName === null) return null;
  if (!named || item.locationId === null) return item.locationName;
  return named({ id: item.locationId, name: item.locationName });
};

/** One line saying what a queued action will do. */
export const describeOutboxItem = (item: OutboxItem, named?: StoreNamer): string => {
  const serial = item.serial ?? m.outbox_a_device();
  const store = itemStoreName(item, named);
  const location = store ?? m.outbox_a_location();
  switch (item.kind) {
    case 'install':
      return m.outbox_install({ serial, location });
    case 'uninstall':
      return m.outbox_uninstall({ serial, location: store ?? m.outbox_its_location() });
    case 'move':
      return m.outbox_move({ serial, location });
    case 'replace':
      return m.outbox_replace({ old: item.replaces ?? m.outbox_a_device(), serial, location });
    case 'update_device':
      return m.outbox_update_device({ serial });
    case 'create_location':
      return m.outbox_create_location({ location: item.locationName ?? m.outbox_no_name() });
    case 'delete_location':
      return m.outbox_delete_location({ location: item.locationName ?? item.locationId ?? '' });
  }
};

/** Names a store from a reference, or says `fallback` when there is none. */
type RefNamer = (ref: { id: string; name: string | null } | null, fallback?: string) => string;

/** An accepted change that never showed (a conflict): since when, and where the device is. */
export const notAppliedText = (item: OutboxItem, named: RefNamer): string => {
  const said = {
    time: absoluteTime(item.acceptedAt ?? item.createdAt),
    serial: item.serial ?? m.outbox_the_device(),
  };
  return item.conflictLocation
    ? m.outbox_not_applied({ ...said, location: named(item.conflictLocation, '') })
    : m.outbox_not_applied_nowhere(said);
};

/**
 * A conflict's two choices: where the technician wanted it (or, for a change the server
 * accepted and never made, send it again), or as the server has it.
 */
export const conflictChoices = (
  item: OutboxItem,
  named: RefNamer,
): { here: string; there: string } =>
  item.lastError?.code === 'accepted_not_applied'
    ? { here: m.outbox_send_again(), there: m.outbox_leave_as_is() }
    : {
        here: m.outbox_move_to({
          location: itemStoreName(item, named) ?? m.outbox_planned_location(),
        }),
        there: m.outbox_leave_at({
          location: named(item.conflictLocation, m.outbox_current_location()),
        }),
      };

/** How far a queued action got, or what it waits for; null when there is nothing to add. */
export const outboxProgress = (item: OutboxItem): string | null => {
  if (item.waitingFor !== null) return m.outbox_waits_for_store();
  if (item.kind === 'move' && item.stepsDone >= 1) return m.outbox_move_half_done();
  if (item.kind === 'replace' && item.stepsDone >= 1) return m.outbox_replace_half_done();
  return null;
};

const RESULT_WORDS: Record<
  Exclude<ActivityEntry['result'], VerificationResult | AuditResult>,
  () => string
> = {
  done: m.result_done,
  queued: m.result_queued,
  failed: m.result_failed,
  conflict: m.result_conflict,
  incomplete: m.result_incomplete,
};

/**
 * An entry's result as the log's badge and the CSV say it: "Waiting for the server" for an
 * action the server accepted and has not applied yet (the queue's badge says the same).
 */
export const entryResultWords = (entry: Pick<ActivityEntry, 'result' | 'fact'>): string =>
  entry.result === 'queued' && entry.fact?.kind === 'accepted'
    ? m.result_accepted()
    : resultWords(entry.result);

/** An activity entry's result in words (the log's badge, the CSV, the receipt); a
 * verification's is said by verification-text.ts, as everywhere else. */
export const resultWords = (result: ActivityEntry['result']): string =>
  isVerificationResult(result)
    ? verificationWords(result)
    : isAuditResult(result)
      ? auditResultWords(result)
      : ((RESULT_WORDS[result] as (() => string) | undefined)?.() ?? result);
