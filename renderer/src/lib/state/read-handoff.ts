/**
 * The device a lookup has just read, handed to the screen the lookup opens (Scan → the
 * device): that screen starts from this answer instead of asking the core the same question
 * again — a second round trip and a second render before the facts show (decision record 32,
 * scan-to-device-p95-1m). Taken once, for the serial it was read for, and only while no
 * 'data-updated' event came since the question was asked (the session's data version then):
 * after one, the screen reads again as any screen does.
 */
import type { Cached, DeviceView } from '$shared';

interface Handed {
  serial: string;
  dataVersion: number;
  read: Cached<DeviceView>;
}

let handed: Handed | null = null;

/** `dataVersion`: the session's when the read was asked. */
export const handOverDevice = (
  serial: string,
  dataVersion: number,
  read: Cached<DeviceView>,
): void => {
  handed = { serial, dataVersion, read };
};

/** The answer handed over for `serial` at this data version, once; else null. */
export const takeHandedDevice = (
  serial: string,
  dataVersion: number,
): Cached<DeviceView> | null => {
  const found = handed;
  handed = null;
  return found !== null && found.serial === serial && found.dataVersion === dataVersion
    ? found.read
    : null;
};
