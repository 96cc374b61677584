/**
 * A device that does not check in: the likely causes in the order the evidence suggests
 * (decision record 73). The strongest clue is the store's other devices: when they check in,
 * the store's network reaches the vendor and this device's own power, cable or port come
 * first; when none does, the store's network (DHCP, the firewall's HTTPS and time ports)
 * comes first. Pure and shared: the core orders the guide by it, unit-tested alone.
 */

/** Causes the shipped guide has: the catalogs word each (`silent_cause_<id>_*`). */
export const SHIPPED_CAUSES = [
  'power',
  'cable_poe',
  'switch_port',
  'dhcp',
  'firewall',
  'time_server',
  'store_uplink',
] as const;
export type ShippedCause = (typeof SHIPPED_CAUSES)[number];

/** Where a cause lies: at the device (power, cable, port) or in the store's network. */
type CauseScope = 'device' | 'store';

/** An IT file's own words for a cause, per language (a catalog's language tag). */
export interface CauseText {
  title: string;
  look: string;
}

/** One cause of a guide: a shipped one by its id, or IT's own with its words. */
export interface GuideCause {
  id: string;
  scope: CauseScope;
  /** IT's own words per language; null: the catalogs' (a shipped cause). */
  text: Record<string, CauseText> | null;
}

/** A guide: causes per device type (`device_type_name`), and for any other type. */
export interface SilentGuide {
  deviceTypes: ReadonlyMap<string, GuideCause[]>;
  otherDeviceTypes: GuideCause[];
}

/** What the store's other devices say (none placed there: nothing to compare with). */
export type StoreEvidence = 'others_checking_in' | 'none_checking_in' | 'no_others';

/** The store's other installed devices: how many there are and how many check in now. */
export const storeEvidence = (others: number, checkingIn: number): StoreEvidence =>
  others === 0 ? 'no_others' : checkingIn > 0 ? 'others_checking_in' : 'none_checking_in';

/**
 * The guide's causes, most likely first: the scope the store's evidence points at comes first,
 * each scope keeping the guide's own order (IT wrote them in the order to look). Without
 * others to compare with, the guide's order stands.
 */
export const orderCauses = (
  causes: readonly GuideCause[],
  evidence: StoreEvidence,
): GuideCause[] => {
  if (evidence === 'no_others') return [...causes];
  const first: CauseScope = evidence === 'others_checking_in' ? 'device' : 'store';
  return [...causes.filter((c) => c.scope === first), ...causes.filter((c) => c.scope !== first)];
};

/** A guide's causes for a device type (its own list, else the list for other types). */
export const causesFor = (guide: SilentGuide, deviceType: string | null): GuideCause[] =>
  (deviceType !== null ? guide.deviceTypes.get(deviceType) : undefined) ?? guide.otherDeviceTypes;

/** A guide file that could not be used (named in Settings; the shipped guide is kept). */
export interface GuideFileProblem {
  code: 'guide_file_unreadable' | 'guide_file_not_json' | 'guide_file_invalid';
  params: { file: string; at: string; problem: string };
}
