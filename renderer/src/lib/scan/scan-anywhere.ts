/**
 * The one handheld-scanner listener (wedge-detector's timing rule, so normal typing in a field
 * is never taken for a scan). A screen that handles scans itself (the Scan screen) claims
 * them; anywhere else a burst opens the device. One detector for every screen also means a
 * burst that starts while the screen changes is still one scan.
 */
import type { Route } from '../routes';
import { normaliseSerial } from './normalise-serial';
import { createWedgeDetector } from './wedge-detector';

/** A screen taking the scans while it is shown. */
export interface ScanClaim {
  onScan(raw: string): void;
  /** Keys kept back from a fast run that was not a scan after all. */
  onAbandon(text: string): void;
  /** false while scans must not be taken (e.g. the camera is open). */
  active(): boolean;
}

let claim: ScanClaim | null = null;

/** Takes the scans until the returned function is called (a screen's $effect). */
export function claimScans(mine: ScanClaim): () => void {
  claim = mine;
  return () => {
    if (claim === mine) claim = null;
  };
}

export interface ScanAnywhereOptions {
  /** The screen now; null while no scan should be taken (signed out). */
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
    onAbandon: (text) => (claim ? claim.onAbandon(text) : giveBack(text)),
    onScan: (raw) => {
      // A scan while a dialog asks a question is swallowed whole: its closing Enter would
      // press the dialog's focused button ("Uninstall", "Delete"), and opening a device
      // behind the question would leave it unanswered on another screen.
      if (win.document.querySelector('dialog[open]')) return;
      if (claim) return claim.onScan(raw);
      const at = options.current();
      const serial = normaliseSerial(raw);
      if (at && serial) options.go(routeForScan(serial, at));
    },
  });
  const onKeydown = (e: KeyboardEvent) => {
    if (options.current() === null || claim?.active() === false) {
      detector.reset();
      return;
    }
    // Also while a dialog is open: the detector must see the burst to keep its Enter away
    // from the dialog's buttons (onScan then drops it). Typing there stays typing.
    if (detector.handleKeydown(e)) e.preventDefault();
  };
  win.addEventListener('keydown', onKeydown, { capture: true });
  return () => win.removeEventListener('keydown', onKeydown, { capture: true });
}
