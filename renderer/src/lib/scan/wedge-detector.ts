/**
 * Recognises a handheld (keyboard-wedge) barcode scanner among ordinary keystrokes.
 *
 * A scanner "types" the whole code a few milliseconds per key and ends with Enter (or Tab);
 * people need 80 ms or more between keys. The screen installs `handleKeydown` on window and
 * calls preventDefault when it returns true, so a scan does not land in the focused input.
 *
 * Trade-off, on purpose: a key is only claimed once the burst is unmistakable (the third key
 * of a fast run). The first keys of a scan therefore reach the focused input — the screen
 * replaces the "Serial number" field with the scan anyway — while a person who happens to
 * press two keys almost together never loses a character.
 *
 * Those first keys are also the ones a stalled scanner (or a busy laptop) most often separates
 * from the rest; they are kept as the scan's beginning when the rest follows within the hiccup
 * allowance. The price: a key a person types just before a scan (within ~¼ s) joins it, and
 * the lookup then says there is no such device rather than opening another one.
 */

/** The parts of a KeyboardEvent the detector reads. Spelled out rather than Pick<KeyboardEvent>
 * so that Node-side tests (no DOM types) can build them; real events satisfy it. */
export interface WedgeKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat: boolean;
  readonly isComposing: boolean;
  /**
   * When the key was pressed (the OS event time in Chromium), not when a busy page got round
   * to handling it: a scanner's gaps must be measured where it typed them.
   */
  readonly timeStamp?: number;
}

export interface WedgeDetectorOptions {
  onScan: (serial: string) => void;
  /**
   * A fast run that turned out not to be a scan (a slow key, Backspace, a terminator too
   * early or too late) gives back the characters it had claimed, so the screen can put them
   * where they were typed: no keystroke is ever lost.
   */
  onAbandon?: (claimedText: string) => void;
  /** Longest pause between two characters of one scan. */
  maxInterKeyMs?: number;
  /** Shortest code accepted as a scan; shorter fast bursts are left alone. */
  minLength?: number;
  now?: () => number;
}

export interface WedgeDetector {
  /** Returns true when the key belongs to a scan and must not reach the page. */
  handleKeydown(e: WedgeKeyEvent): boolean;
  reset(): void;
}

/** Keys from the third character of a fast run on are claimed (see the header comment). */
const CLAIM_FROM_CHAR = 3;
/** Some scanners pause a little longer before the terminator than between characters. */
const TERMINATOR_GRACE_FACTOR = 3;
/**
 * Once a run is unmistakably a scanner, a hiccup (USB polling, a busy laptop) may stretch one
 * gap well past the usual; splitting the scan there would submit its tail as a serial. */
const HICCUP_FACTOR = 5;
const TERMINATORS = new Set(['Enter', 'Tab']);
/** Scanners press Shift around upper-case letters; these keydowns carry no character. */
const MODIFIER_ONLY = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'Meta', 'AltGraph']);

export function createWedgeDetector(options: WedgeDetectorOptions): WedgeDetector {
  const maxGap = options.maxInterKeyMs ?? 35;
  const minLength = options.minLength ?? 4;
  const now = options.now ?? (() => performance.now());

  let run: string[] = [];
  let lastCharAt = Number.NEGATIVE_INFINITY;
  /**
   * The one or two keys of a run that one hiccup cut short, too few to have been claimed (they
   * reached the page). A scanner stalled after its first key must not lose that key: when the
   * next run turns out to be a scan, they are its beginning.
   */
  let lead = '';

  const reset = (): void => {
    run = [];
    lead = '';
    lastCharAt = Number.NEGATIVE_INFINITY;
  };
  const claimed = (): boolean => run.length >= CLAIM_FROM_CHAR;
  /** Ends a run that is not a scan, handing back what it had kept from the page. */
  const abandon = (): void => {
    const kept = claimed() ? run.slice(CLAIM_FROM_CHAR - 1).join('') : '';
    reset();
    if (kept) options.onAbandon?.(kept);
  };

  const handleKeydown = (e: WedgeKeyEvent): boolean => {
    if (e.isComposing || e.repeat || e.ctrlKey || e.altKey || e.metaKey) {
      // Shortcuts, IME input and held keys are people, never a scanner.
      abandon();
      return false;
    }
    if (MODIFIER_ONLY.has(e.key)) return claimed();

    const at = typeof e.timeStamp === 'number' && e.timeStamp > 0 ? e.timeStamp : now();
    const gap = at - lastCharAt;

    if (TERMINATORS.has(e.key)) {
      const isScan = run.length >= minLength && gap <= maxGap * TERMINATOR_GRACE_FACTOR;
      if (!isScan) {
        abandon();
        return false;
      }
      const code = lead + run.join('');
      reset();
      options.onScan(code);
      return true;
    }

    if (e.key.length !== 1) {
      // Backspace, arrows, F-keys…: a scanner never sends them inside a code.
      abandon();
      return false;
    }

    // A slow key ends any burst: it is never submitted as a scan, and what it had claimed
    // goes back to the page.
    if (gap > (claimed() ? maxGap * HICCUP_FACTOR : maxGap)) {
      const cutShort = !claimed() && gap <= maxGap * HICCUP_FACTOR ? run.join('') : '';
      abandon();
      lead = cutShort;
    }
    run.push(caseFor(e));
    lastCharAt = at;
    return claimed();
  };

  return { handleKeydown, reset };
}

/** `key` already reflects Shift; with Caps Lock on, Shift+letter arrives lower-case. */
function caseFor(e: WedgeKeyEvent): string {
  return e.shiftKey && e.key !== e.key.toUpperCase() ? e.key.toUpperCase() : e.key;
}
