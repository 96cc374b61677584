import { deviceView } from '../../electron/core/api/to-view';
import type { DeviceView } from '../../electron/shared';

/** A device as the renderer gets it, with nothing known beyond `serial` unless given: the core's
 * own view of a server record that has only a serial, so a field the view gains is null here too. */
export const aDeviceView = (serial: string, known: Partial<DeviceView> = {}): DeviceView => ({
  ...deviceView({ serial_number: serial }),
  ...known,
});
