/**
 * What a visit's receipt lists, from its activity entries (pure, unit-tested): per store, each
 * device installed / moved / replaced / uninstalled, and its last verification and walk test.
 */
import type { ActivityEntry, WalkTestResult } from '../../../electron/contract';

export interface ReceiptDevice {
  serial: string;
  /** "Installed", "Moved here", "Replaced FTC-1", "Uninstalled", with "(queued)" etc. */
  action: string;
  at: string;
  verification: 'Verified' | 'Not verified' | 'Not checked';
  walkTest: WalkTestResult | null;
}

export interface ReceiptStore {
  locationId: string | null;
  name: string;
  devices: ReceiptDevice[];
}

const PLACEMENT = new Set<ActivityEntry['action']>(['install', 'move', 'replace', 'uninstall']);

const actionText = (entry: ActivityEntry): string => {
  const verb =
    entry.action === 'install'
      ? 'Installed'
      : entry.action === 'move'
        ? 'Moved here'
        : entry.action === 'uninstall'
          ? 'Uninstalled'
          : `Replaced ${/Replaced (\S+)/.exec(entry.detail)?.[1] ?? 'a device'}`;
  return entry.result === 'done' ? verb : `${verb} (${entry.result.replace('_', ' ')})`;
};

export function receiptStores(entries: readonly ActivityEntry[]): ReceiptStore[] {
  const stores = new Map<string, ReceiptStore>();
  const storeOf = (entry: ActivityEntry): ReceiptStore => {
    const key = entry.locationId ?? entry.locationName ?? '';
    let store = stores.get(key);
    if (!store) {
      store = {
        locationId: entry.locationId,
        name: entry.locationName ?? 'Unknown store',
        devices: [],
      };
      stores.set(key, store);
    }
    return store;
  };
  for (const entry of entries) {
    if (entry.serial === null) continue;
    if (PLACEMENT.has(entry.action)) {
      // A queued action that was later sent shows once, as its latest state.
      const store = storeOf(entry);
      const earlier = store.devices.findIndex(
        (d) => d.serial === entry.serial && d.action.startsWith(actionText(entry).split(' (')[0]!),
      );
      const device: ReceiptDevice = {
        serial: entry.serial,
        action: actionText(entry),
        at: entry.at,
        verification: earlier >= 0 ? store.devices[earlier]!.verification : 'Not checked',
        walkTest: earlier >= 0 ? store.devices[earlier]!.walkTest : null,
      };
      if (earlier >= 0) store.devices[earlier] = device;
      else store.devices.push(device);
    } else if (entry.action === 'verify') {
      const device = storeOf(entry).devices.findLast((d) => d.serial === entry.serial);
      if (device) {
        device.verification = entry.result === 'verified' ? 'Verified' : 'Not verified';
        device.walkTest = entry.walkTest;
      }
    }
  }
  return [...stores.values()].filter((s) => s.devices.length > 0);
}

export const walkTestText = (walk: WalkTestResult | null): string =>
  walk === null
    ? 'No walk test'
    : walk.passed
      ? `Passed (${walk.counted} of ${walk.expected})`
      : `Failed (${walk.counted} of ${walk.expected}): ${walk.reason ?? ''}`;
