/**
 * Recognises a handheld (keyboard-wedge) barcode scanner among ordinary keystrokes.
 *
 * A scanner "types" the whole code a few milliseconds per key and ends with Enter (or Tab);
 * people type short words 30–40 ms a key. Timing alone cannot tell them apart, so the caller
 * says where each key was typed: in a field that wants free text (`place` null) a key is the
 * person's, whatever its speed — never held back, never part of a scan. Elsewhere (the page,
 * a button, a serial-number field) the timing rule below decides, and the screen calls
 * preventDefault when handleKeydown returns true, so a scan does not land where it was typed.
 *
 * Trade-off, on purpose: a key is only held back once the burst is unmistakable (the third key
 * of a fast run). The first keys of a scan therefore reach the page — a serial field is
 * replaced by the scan anyway — while a person who happens to press two keys almost together
 * never waits for a character.
 *
 * Held-back keys go back to where each was typed (`onGiveBack` with its place) as soon as the
 * run stops looking like a scan, or a timer sees no key for longer than a scan's gap, never on
 * the next key. The timer does not end the run: on a busy machine it can fire while the next
 * key of a real scan waits in the queue, and that key's own time (its timeStamp) says it was
 * still part of the burst, so the scan still comes through whole.
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

export interface WedgeDetectorOptions<P> {
  onScan: (serial: string) => void;
  /**
   * Characters held back from a fast run, handed back with the place they were typed (one
   * call per stretch typed in the same place, in order), so the screen can put them exactly
   * there: no keystroke is ever lost or moved.
   */
  onGiveBack?: (text: string, place: P) => void;
  /** Longest pause between two characters of one scan. */
  maxInterKeyMs?: number;
  /** Shortest code accepted as a scan; shorter fast bursts are left alone. */
  minLength?: number;
  now?: () => number;
  /** Runs `fn` after `ms`; returns a cancel function. setTimeout unless a test passes a clock. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

export interface WedgeDetector<P> {
  /**
   * Returns true when the key belongs to a scan and must not reach the page. `place`: where
   * the key was typed; null for a field that wants free text, where no key is ever taken.
   */
  handleKeydown(e: WedgeKeyEvent, place: P | null): boolean;
  /** Ends any run, giving back what it held. */
  reset(): void;
}

/** Keys from the third character of a fast run on are claimed (see the header comment). */
const CLAIM_FROM_CHAR = 3;
/** Some scanners pause a little longer before the terminator than between characters. */
export const TERMINATOR_GRACE_FACTOR = 3;
/**
 * Once a run is unmistakably a scanner, a hiccup (USB polling, a busy laptop) may stretch one
 * gap well past the usual; splitting the scan there would submit its tail as a serial. */
const HICCUP_FACTOR = 5;
export const TERMINATORS = new Set(['Enter', 'Tab']);
/** Scanners press Shift around upper-case letters; these keydowns carry no character. */
export const MODIFIER_ONLY = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'Meta', 'AltGraph']);

const setTimer = (fn: () => void, ms: number): (() => void) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

interface Typed<P> {
  readonly ch: string;
  readonly place: P;
}

export function createWedgeDetector<P>(options: WedgeDetectorOptions<P>): WedgeDetector<P> {
  const maxGap = options.maxInterKeyMs ?? 35;
  const minLength = options.minLength ?? 4;
  const now = options.now ?? (() => performance.now());
  const schedule = options.schedule ?? setTimer;

  let run: Typed<P>[] = [];
  /** How many of the run's characters are already back where they were typed (timer). */
  let givenBack = 0;
  let lastCharAt = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | null = null;
  /**
   * The one or two keys of a run that one hiccup cut short, too few to have been claimed (they
   * reached the page). A scanner stalled after its first key must not lose that key: when the
   * next run turns out to be a scan, they are its beginning.
   */
  let lead = '';

  const stopTimer = (): void => {
    cancelTimer?.();
    cancelTimer = null;
  };
  const claimed = (): boolean => run.length >= CLAIM_FROM_CHAR;
  /** Hands back the held characters, each stretch to the place it was typed; the run goes on. */
  const giveBackHeld = (): void => {
    const from = Math.max(CLAIM_FROM_CHAR - 1, givenBack);
    if (!claimed() || run.length <= from) return;
    const held = run.slice(from);
    givenBack = run.length;
    let start = 0;
    for (let i = 1; i <= held.length; i++) {
      if (i < held.length && held[i]!.place === held[start]!.place) continue;
      const text = held
        .slice(start, i)
        .map((t) => t.ch)
        .join('');
      options.onGiveBack?.(text, held[start]!.place);
      start = i;
    }
  };
  const forget = (): void => {
    stopTimer();
    run = [];
    givenBack = 0;
    lead = '';
    lastCharAt = Number.NEGATIVE_INFINITY;
  };
  /** Ends a run that is not a scan, handing back what it had kept from the page. */
  const abandon = (): void => {
    stopTimer();
    giveBackHeld();
    forget();
  };

  const handleKeydown = (e: WedgeKeyEvent, place: P | null): boolean => {
    if (place === null || e.isComposing || e.repeat || e.ctrlKey || e.altKey || e.metaKey) {
      // Free text, shortcuts, IME input and held keys are people, never a scanner.
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
      const code = lead + run.map((t) => t.ch).join('');
      forget();
      options.onScan(code);
      return true;
    }

    if (e.key.length !== 1) {
      // Backspace, arrows, F-keys…: a scanner never sends them inside a code.
      abandon();
      return false;
    }

    // A slow key ends any burst: it is never submitted as a scan, and what it had claimed
    // goes back to the page before this key reaches it.
    if (gap > (claimed() ? maxGap * HICCUP_FACTOR : maxGap)) {
      const cutShort =
        !claimed() && gap <= maxGap * HICCUP_FACTOR ? run.map((t) => t.ch).join('') : '';
      abandon();
      lead = cutShort;
    }
    run.push({ ch: caseFor(e), place });
    lastCharAt = at;
    if (!claimed()) return false;
    // Nothing held waits for the next key: once no key came for longer than a scan's gap,
    // the held characters go back where they were typed.
    stopTimer();
    cancelTimer = schedule(() => {
      cancelTimer = null;
      giveBackHeld();
    }, maxGap);
    return true;
  };

  return { handleKeydown, reset: abandon };
}

/** `key` already reflects Shift; with Caps Lock on, Shift+letter arrives lower-case. */
export function caseFor(e: WedgeKeyEvent): string {
  return e.shiftKey && e.key !== e.key.toUpperCase() ? e.key.toUpperCase() : e.key;
}
