/**
 * A handheld-scanner burst on any screen (the Scan screen listens itself): the same timing
 * rule as there (wedge-detector), so normal typing in a field is never taken for a scan.
 */
import type { Route } from '../routes';
import { normaliseSerial } from './normalise-serial';
import { createWedgeDetector } from './wedge-detector';

export interface ScanAnywhereOptions {
  /** The screen now; null while no scan should be taken (signed out, Scan screen). */
  current: () => Route | null;
  go: (route: Route) => void;
  scanner: () => { maxInterKeyMs: number; minLength: number };
}

/** At a store, the scan starts the install flow there; anywhere else it opens the device. */
export const routeForScan = (serial: string, at: Route): Route => {
  const locationId =
    at.name === 'location' || at.name === 'verify' || at.name === 'device' ? at.locationId : null;
  return { name: 'device', serial, locationId };
};

/** Keys held back from a fast run that was not a scan go back where they were typed. */
const giveBack = (text: string): void => {
  const target = document.activeElement;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
    // insertText keeps the caret and fires `input`, so bound values see the characters.
    document.execCommand('insertText', false, text);
};

export function listenForScansAnywhere(win: Window, options: ScanAnywhereOptions): () => void {
  const { maxInterKeyMs, minLength } = options.scanner();
  const detector = createWedgeDetector({
    maxInterKeyMs,
    minLength,
    onAbandon: giveBack,
    onScan: (raw) => {
      const at = options.current();
      const serial = normaliseSerial(raw);
      if (at && serial) options.go(routeForScan(serial, at));
    },
  });
  const onKeydown = (e: KeyboardEvent) => {
    if (options.current() === null || win.document.querySelector('dialog[open]')) {
      detector.reset();
      return;
    }
    if (detector.handleKeydown(e)) e.preventDefault();
  };
  win.addEventListener('keydown', onKeydown, { capture: true });
  return () => win.removeEventListener('keydown', onKeydown, { capture: true });
}
