/**
 * "Needs follow-up": what a visit leaves open, listed together so a supervisor forgets none of
 * it — an action that did not get done (still queued, failed, in conflict) and a device placed
 * here whose verification is not "Verified" (its walk test failed, it did not check in, or
 * nobody verified it). Built on the receipt's devices and said in the receipt's words (pure,
 * unit-tested): one list for Activity, the receipt and the CSV.
 */
import type { ActivityEntry } from '$shared';
import {
  auditCellText,
  receiptActionText,
  receiptStores,
  walkTestText,
  type ReceiptDevice,
  type ReceiptStore,
} from './receipt';
import { m } from '../words/i18n';
import { verificationWords } from '../words/verification-text';
import { silentCheckText } from '../words/silent-text';

export interface FollowUp {
  store: ReceiptStore;
  device: ReceiptDevice;
  /** Whether its verification is open (see `followUps`). */
  verificationOpen: boolean;
}

/**
 * Every device of the visit with something open, in the receipt's order. Only a device's last
 * placement is expected to be verified: one installed and then uninstalled or moved on in the
 * same visit is not left "Not checked" where it no longer is.
 */
export function followUps(entries: readonly ActivityEntry[]): FollowUp[] {
  const stores = receiptStores(entries);
  const last = new Map<string, ReceiptDevice>();
  for (const device of stores.flatMap((s) => s.devices).sort((a, b) => a.at.localeCompare(b.at)))
    last.set(device.serial, device);
  return stores.flatMap((store) =>
    store.devices.flatMap((device) => {
      const verificationOpen =
        last.get(device.serial) === device &&
        device.action !== 'uninstall' &&
        device.verification !== 'verified';
      return device.result !== 'done' || verificationOpen || auditOpen(device)
        ? [{ store, device, verificationOpen }]
        : [];
    }),
  );
}

/** A failed audit is open (with its reason or without), as one still to be compared is not. */
const auditOpen = (device: ReceiptDevice): boolean => device.audit?.result === 'audit_failed';

/** What is open about one device, each part in the words the receipt uses for it. */
export const followUpWords = ({ device, verificationOpen }: FollowUp): string =>
  [
    ...(device.result === 'done' ? [] : [receiptActionText(device)]),
    ...(verificationOpen ? [verificationWords(device.verification)] : []),
    ...(verificationOpen && device.walkTest?.passed === false
      ? [walkTestText(device.walkTest)]
      : []),
    ...(auditOpen(device) ? [auditCellText(device)] : []),
    ...(verificationOpen && device.silentCheck ? [silentCheckText(device.silentCheck)] : []),
  ].join(m.follow_up_separator());

/**
 * Which CSV row says a device's follow-up: the device's last entry in the visit (its last
 * placement or verification there). Entry id → the words.
 */
export function followUpByEntry(entries: readonly ActivityEntry[]): Map<string, string> {
  const cells = new Map<string, string>();
  for (const followUp of followUps(entries)) {
    const { serial, action } = followUp.device;
    const row = entries.findLast(
      (e) =>
        e.serial === serial &&
        e.locationId === followUp.store.locationId &&
        (e.action === action || e.action === 'verify' || e.action === 'audit'),
    );
    if (!row) continue;
    const said = followUpWords(followUp);
    const before = cells.get(row.id);
    cells.set(row.id, before ? `${before}${m.follow_up_separator()}${said}` : said);
  }
  return cells;
}
