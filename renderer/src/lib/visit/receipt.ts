/**
 * What a visit's receipt lists, from its activity entries (pure, unit-tested): per store, each
 * device installed / moved / replaced / uninstalled, and its last verification and walk test.
 * The lists hold kinds; the `…Text` functions word them in the active language.
 */
import type {
  ActivityEntry,
  AuditLogged,
  AuditResult,
  RecordedCheck,
  WalkTestResult,
} from '$shared';
import { auditResultWords, auditText, isAuditResult } from '../words/audit-text';
import { isVerificationResult } from '$shared/verification-result';
import { replacedSerial } from '../words/activity-text';
import { formatNumber } from '../words/format';
import { m } from '../words/i18n';
import { verificationWords, type Verification } from '../words/verification-text';

type Placement = 'install' | 'move' | 'replace' | 'uninstall';

export interface ReceiptDevice {
  serial: string;
  action: Placement;
  /** The broken device a replacement took the place of, where known. */
  replaced: string | null;
  /** Its label when the action was taken (recorded with it). */
  label: string | null;
  /** How the action ended ("done", or still "queued"…). */
  result: ActivityEntry['result'];
  /** Queued because the server accepted it and has not applied it yet. */
  accepted?: boolean;
  at: string;
  verification: Verification;
  walkTest: WalkTestResult | null;
  /** Its mounting checklist, the last one recorded in the visit. */
  checklist: RecordedCheck[] | null;
  /** Its last accuracy audit in the visit, as the log keeps it. */
  audit: { result: AuditResult; logged: AuditLogged } | null;
  /** What was found and done while it did not check in, the last one recorded (a follow-up
   * while its verification is open). */
  silentCheck?: Extract<ActivityEntry['fact'], { kind: 'silent_check' }> | null;
}

export interface ReceiptStore {
  locationId: string | null;
  /** Null when the entries did not name it. */
  name: string | null;
  devices: ReceiptDevice[];
}

const PLACEMENT = new Set<ActivityEntry['action']>(['install', 'move', 'replace', 'uninstall']);

export function receiptStores(entries: readonly ActivityEntry[]): ReceiptStore[] {
  const stores = new Map<string, ReceiptStore>();
  const storeOf = (entry: ActivityEntry): ReceiptStore => {
    const key = entry.locationId ?? entry.locationName ?? '';
    let store = stores.get(key);
    if (!store) {
      store = { locationId: entry.locationId, name: entry.locationName, devices: [] };
      stores.set(key, store);
    }
    return store;
  };
  for (const entry of entries) {
    if (entry.serial === null) continue;
    if (PLACEMENT.has(entry.action)) {
      const action = entry.action as Placement;
      const replaced = action === 'replace' ? replacedSerial(entry) : null;
      // A queued action that was later sent shows once, as its latest state, at the time the
      // technician acted (logs before rows followed their action have a row for each state).
      const store = storeOf(entry);
      const earlier = store.devices.findIndex(
        (d) => d.serial === entry.serial && d.action === action,
      );
      const before = earlier >= 0 ? store.devices[earlier]! : null;
      const stillOpen = before !== null && before.result !== 'done';
      const device: ReceiptDevice = {
        serial: entry.serial,
        action,
        replaced: replaced ?? before?.replaced ?? null,
        label: entry.label ?? before?.label ?? null,
        result: entry.result,
        accepted: entry.result === 'queued' && entry.fact?.kind === 'accepted',
        at: stillOpen ? before.at : entry.at,
        verification: before?.verification ?? 'not_checked',
        walkTest: before?.walkTest ?? null,
        checklist: before?.checklist ?? null,
        audit: before?.audit ?? null,
        silentCheck: before?.silentCheck ?? null,
      };
      if (before) store.devices[earlier] = device;
      else store.devices.push(device);
    } else if (entry.action === 'verify') {
      const device = storeOf(entry).devices.findLast((d) => d.serial === entry.serial);
      if (device) {
        device.verification = isVerificationResult(entry.result) ? entry.result : 'not_verified';
        device.walkTest = entry.walkTest;
      }
    } else if (entry.action === 'checklist' && entry.fact?.kind === 'mounting_checklist') {
      const device = storeOf(entry).devices.findLast((d) => d.serial === entry.serial);
      if (device) device.checklist = entry.fact.checks;
    } else if (entry.action === 'silent_check' && entry.fact?.kind === 'silent_check') {
      const device = storeOf(entry).devices.findLast((d) => d.serial === entry.serial);
      if (device) device.silentCheck = entry.fact;
    } else if (entry.action === 'audit' && entry.audit && isAuditResult(entry.result)) {
      const device = storeOf(entry).devices.findLast((d) => d.serial === entry.serial);
      if (device) device.audit = { result: entry.result, logged: entry.audit };
    }
  }
  return [...stores.values()].filter((s) => s.devices.length > 0);
}

const verb = (device: ReceiptDevice): string => {
  switch (device.action) {
    case 'install':
      return m.receipt_installed();
    case 'move':
      return m.receipt_moved_here();
    case 'uninstall':
      return m.receipt_uninstalled();
    case 'replace':
      return device.replaced
        ? m.receipt_replaced({ old: device.replaced })
        : m.receipt_replaced_unknown();
  }
};

const STATE: Record<'queued' | 'failed' | 'conflict' | 'incomplete', () => string> = {
  queued: m.receipt_state_queued,
  failed: m.receipt_state_failed,
  conflict: m.receipt_state_conflict,
  // A finished visit's own entry, never a placement's: said all the same.
  incomplete: m.result_incomplete,
};

/** "Installed", "Moved here", "Replaced FTC-1", "Uninstalled", with "(queued)" etc. */
export const receiptActionText = (device: ReceiptDevice): string => {
  const { result } = device;
  if (result === 'done') return verb(device);
  if (device.accepted)
    return m.receipt_action_state({ action: verb(device), state: m.receipt_state_accepted() });
  // A placement's result is never a verification's; said in its words all the same.
  const state = isVerificationResult(result)
    ? verificationWords(result)
    : isAuditResult(result)
      ? auditResultWords(result)
      : STATE[result]();
  return m.receipt_action_state({ action: verb(device), state });
};

export const storeName = (store: ReceiptStore): string => store.name ?? m.receipt_unknown_store();

/** The receipt's audit cell: the result with its numbers, or that none was made. */
export const auditCellText = (device: Pick<ReceiptDevice, 'audit'>): string =>
  device.audit ? auditText(device.audit.result, device.audit.logged) : m.receipt_audit_none();

export const walkTestText = (walk: WalkTestResult | null): string => {
  if (walk === null) return m.receipt_walk_none();
  const counts = { counted: formatNumber(walk.counted), expected: formatNumber(walk.expected) };
  return walk.passed
    ? m.receipt_walk_passed(counts)
    : m.receipt_walk_failed({ ...counts, reason: walk.reason ?? '' });
};
