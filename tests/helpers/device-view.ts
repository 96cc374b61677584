import type { DeviceView } from '../../electron/shared';

/** A device as the renderer gets it, with nothing known beyond `serial` unless given. */
export const aDeviceView = (serial: string, known: Partial<DeviceView> = {}): DeviceView => ({
  serial,
  label: null,
  type: null,
  board: null,
  firmware: null,
  lastCheckinAt: null,
  updateIntervalS: null,
  location: null,
  installedAt: null,
  ...known,
});
