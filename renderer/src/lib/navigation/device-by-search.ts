/**
 * A serial in a search that finds nothing of its own opens that device. With a search focused
 * (Locations and Inventory open with it), a handheld scan lands in it as typed — the scanner
 * listener leaves fields that take free text alone (scan-anywhere.ts) — and its closing Enter
 * then asks the search for its one match. A store search never matches a serial, and
 * Inventory's uninstalled view never matches an installed device; without this, scanning on
 * those screens would do nothing at all.
 *
 * Only a device the app knows (saved, or answered by the server) is opened: a store name that
 * matches nothing stays a search, never a "No device with serial number …" screen.
 */
import { normaliseSerial } from '../scan/normalise-serial';
import { call } from '../transport/transport';

/** The device's serial as the server spells it, or null when the query names no device. */
export async function deviceNamedBy(query: string, signal: AbortSignal): Promise<string | null> {
  const serial = normaliseSerial(query);
  if (serial === null) return null;
  try {
    return (await call('getDevice', { serial }, signal)).value.serial;
  } catch {
    // Unknown, offline and not saved, or the lookup stopped: the search stays as typed.
    return null;
  }
}
