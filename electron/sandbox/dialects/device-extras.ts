/**
 * Fields a vendor adds to devices beyond the spec's (which keep their names and types in every
 * dialect). Clients must keep what they do not know; these let tests prove that they do.
 */
import type { DeviceRec } from '../snapshot';

const checksum = (s: string): number =>
  [...s].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);

export const vendorExtras = (d: DeviceRec): Record<string, unknown> => {
  const h = checksum(d.serial);
  return {
    vendor_ext: {
      hw_revision: `r${1 + (h % 3)}`,
      signal_dbm: -45 - (h % 40),
      mounting: h % 2 === 0 ? 'ceiling' : 'door-frame',
    },
  };
};
