/** Search and filters for the inventory views; pure so 100,000 devices can be tested fast. */
import type { Device } from '../../../electron/contract';

export interface DeviceFilter {
  query: string;
  type: string;
  firmware: string;
}

export const EMPTY_FILTER: DeviceFilter = { query: '', type: '', firmware: '' };

const haystack = (d: Device): string =>
  [d.serial_number, d.name, d.device_type_name, d.firmware_version_name, d.board_id, d.location?.name]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

export const filterDevices = (devices: readonly Device[], filter: DeviceFilter): readonly Device[] => {
  const words = filter.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && !filter.type && !filter.firmware) return devices;
  return devices.filter((d) => {
    if (filter.type && d.device_type_name !== filter.type) return false;
    if (filter.firmware && d.firmware_version_name !== filter.firmware) return false;
    if (words.length === 0) return true;
    const text = haystack(d);
    return words.every((w) => text.includes(w));
  });
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
