/** Search and filters for the inventory views; pure so 100,000 devices can be tested fast. */
import type { Device } from '../../../electron/contract';

export interface DeviceFilter {
  query: string;
  type: string;
  firmware: string;
}

export const EMPTY_FILTER: DeviceFilter = { query: '', type: '', firmware: '' };

const haystack = (d: Device): string =>
  [
    d.serial_number,
    d.name,
    d.device_type_name,
    d.firmware_version_name,
    d.board_id,
    d.location?.name,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/**
 * Search text of every device, built once per list (lists are immutable: a refresh is a new
 * array). Rebuilding 100,000 lower-cased strings on every keystroke cost more than a frame.
 */
const haystacks = new WeakMap<readonly Device[], string[]>();
const textsOf = (devices: readonly Device[]): string[] => {
  let texts = haystacks.get(devices);
  if (!texts) {
    texts = devices.map(haystack);
    haystacks.set(devices, texts);
  }
  return texts;
};

/** Builds a list's search text while the technician is still reading, not on the first key. */
export const prepareSearch = (devices: readonly Device[]): void => {
  if (devices.length === 0 || haystacks.has(devices)) return;
  const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 50));
  idle(() => void textsOf(devices));
};

/** The last search, so typing more letters narrows its matches instead of rescanning all. */
let last: {
  devices: readonly Device[];
  type: string;
  firmware: string;
  query: string;
  matches: number[];
} | null = null;

export const filterDevices = (
  devices: readonly Device[],
  filter: DeviceFilter,
): readonly Device[] => {
  const query = filter.query.trim().toLowerCase();
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length === 0 && !filter.type && !filter.firmware) return devices;
  const texts = words.length > 0 ? textsOf(devices) : [];
  // A query that only grew can only match a subset of what the shorter one matched.
  const narrowing =
    last !== null &&
    last.devices === devices &&
    last.type === filter.type &&
    last.firmware === filter.firmware &&
    query.startsWith(last.query);
  const candidates = narrowing && last ? last.matches : null;
  const matches: number[] = [];
  const count = candidates ? candidates.length : devices.length;
  for (let k = 0; k < count; k++) {
    const i = candidates ? candidates[k]! : k;
    const d = devices[i]!;
    if (filter.type && d.device_type_name !== filter.type) continue;
    if (filter.firmware && d.firmware_version_name !== filter.firmware) continue;
    if (words.length > 0 && !words.every((w) => texts[i]!.includes(w))) continue;
    matches.push(i);
  }
  last = { devices, type: filter.type, firmware: filter.firmware, query, matches };
  return matches.map((i) => devices[i]!);
};

/** Sorted distinct non-empty values of one field, for a filter's options. */
export const distinctValues = (
  devices: readonly Device[],
  field: 'device_type_name' | 'firmware_version_name',
): string[] => {
  const seen = new Set<string>();
  for (const d of devices) {
    const v = d[field];
    if (v) seen.add(v);
  }
  return [...seen].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
};
