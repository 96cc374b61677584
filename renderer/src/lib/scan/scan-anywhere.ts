/**
 * The one handheld-scanner listener. Where a field that wants free text has the focus, every
 * key is left alone whatever its speed (lib/scan/key-place.ts); elsewhere wedge-detector's
 * timing rule picks out scans. A screen that handles scans itself (Scan, Replace) claims them;
 * anywhere else a burst opens the device. One detector for every screen also means a burst
 * that starts while the screen changes is still one scan.
 */
import type { Route } from '../navigation/routes';
import { isTextField, keyPlace } from './key-place';
import { normaliseSerial } from './normalise-serial';
import { codeText, readReceiptCode } from '../visit/receipt-code';
import { createWedgeDetector } from './wedge-detector';

/** A screen taking the scans while it is shown. */
export interface ScanClaim {
  onScan(raw: string): void;
  /** false while scans must not be taken. */
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
const routeForScan = (serial: string, at: Route): Route => {
  const locationId =
    at.name === 'location' || at.name === 'verify' || at.name === 'device' ? at.locationId : null;
  return { name: 'device', serial, locationId };
};

/** Where a key was typed: the element, and the screen's claim at that moment. */
interface Typed {
  readonly target: EventTarget | null;
  readonly claim: ScanClaim | null;
}

/**
 * Keys held back from a fast run that was not a scan go back into the element they were typed
 * into, never into whatever has the focus now. They are dropped instead when
 * - the screen they were typed on has gone (its claim ended, or the element left the page):
 *   typed anywhere else they would corrupt a field the person never typed into (the "…on"
 *   of a store search at the front of a serial), and the screen that wanted them is gone;
 * - the element takes no text (a button, a link, a select, the page, a field disabled
 *   meanwhile): characters typed there do nothing, so nothing a person would miss is lost.
 */
const giveBack = (text: string, typed: Typed): void => {
  const { target } = typed;
  if (typed.claim !== claim || !isTextField(target) || !target.isConnected) return;
  if (document.activeElement === target) {
    // At the caret, with undo, firing `input` so bound values see the characters.
    document.execCommand('insertText', false, text);
    return;
  }
  // Focus moved on (a click) while the keys were held: insert at the field's own caret
  // without taking the focus back from where the person now is.
  const start = target.selectionStart ?? target.value.length;
  const end = target.selectionEnd ?? start;
  target.setRangeText(text, start, end, 'end');
  target.dispatchEvent(
    new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }),
  );
};

export function listenForScansAnywhere(win: Window, options: ScanAnywhereOptions): () => void {
  const { maxInterKeyMs, minLength } = options.scanner();
  const detector = createWedgeDetector<Typed>({
    maxInterKeyMs,
    minLength,
    onGiveBack: giveBack,
    onScan: (raw) => {
      // A scan while a dialog asks a question is swallowed whole: its closing Enter would
      // press the dialog's focused button ("Uninstall", "Delete"), and opening a device
      // behind the question would leave it unanswered on another screen.
      if (win.document.querySelector('dialog[open]')) return;
      // A receipt's barcode is never a serial: wherever it is scanned, it opens its check.
      const receipt = readReceiptCode(raw);
      if (receipt && options.current()) {
        options.go({ name: 'activity', check: codeText(receipt) });
        return;
      }
      if (claim) return claim.onScan(raw);
      const at = options.current();
      const serial = normaliseSerial(raw);
      if (at && serial) options.go(routeForScan(serial, at));
    },
  });
  // One place object per element and claim, so a stretch typed in one place is given back
  // in one piece.
  let last: Typed = { target: null, claim: null };
  const placeOf = (target: EventTarget | null): Typed => {
    if (last.target !== target || last.claim !== claim) last = { target, claim };
    return last;
  };
  const onKeydown = (e: KeyboardEvent) => {
    if (options.current() === null || claim?.active() === false) {
      detector.reset();
      return;
    }
    // Also while a dialog is open: the detector must see the burst to keep its Enter away
    // from the dialog's buttons (onScan then drops it). Typing in its fields stays typing.
    const place = keyPlace(e.target) === 'free-text' ? null : placeOf(e.target);
    if (detector.handleKeydown(e, place)) e.preventDefault();
  };
  win.addEventListener('keydown', onKeydown, { capture: true });
  return () => {
    win.removeEventListener('keydown', onKeydown, { capture: true });
    detector.reset();
  };
}
