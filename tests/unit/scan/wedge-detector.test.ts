import { describe, expect, it } from 'vitest';
import {
  createWedgeDetector,
  type WedgeKeyEvent,
} from '../../../renderer/src/lib/scan/wedge-detector';

/** A clock the test moves by hand (timers included), and a detector wired to it. */
function setup(options: { maxInterKeyMs?: number; minLength?: number } = {}) {
  let t = 1_000;
  const scans: string[] = [];
  /** What was given back, with where it was typed: `text@place`. */
  const givenBack: string[] = [];
  const handedBack: string[] = [];
  let timers: { at: number; fn: () => void }[] = [];
  const detector = createWedgeDetector<string>({
    ...options,
    onScan: (s) => scans.push(s),
    onGiveBack: (text, place) => {
      handedBack.push(text);
      givenBack.push(`${text}@${place}`);
    },
    now: () => t,
    schedule: (fn, ms) => {
      const timer = { at: t + ms, fn };
      timers.push(timer);
      return () => (timers = timers.filter((x) => x !== timer));
    },
  });
  /** Lets `ms` pass, firing the timers due meanwhile. */
  const idle = (ms: number): void => {
    const until = t + ms;
    for (;;) {
      const due = timers.filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((x) => x !== due);
      t = Math.max(t, due.at);
      due.fn();
    }
    t = until;
  };
  /** Where the next keys are typed; null: a field that wants free text. */
  let place: string | null = 'page';
  const typeIn = (next: string | null) => (place = next);
  const press = (key: string, mods: Partial<WedgeKeyEvent> = {}): boolean =>
    detector.handleKeydown(
      {
        key,
        ctrlKey: false,
        altKey: false,
        metaKey: false,
        shiftKey: false,
        repeat: false,
        isComposing: false,
        ...mods,
      },
      place,
    );
  /** Types each character `gapMs` after the previous one; returns what handleKeydown said. */
  const type = (text: string, gapMs: number): boolean[] =>
    Array.from(text).map((ch) => {
      idle(gapMs);
      return press(ch, { shiftKey: ch !== ch.toLowerCase() });
    });
  const after = (ms: number, key: string, mods: Partial<WedgeKeyEvent> = {}): boolean => {
    idle(ms);
    return press(key, mods);
  };
  return { detector, scans, handedBack, givenBack, press, type, after, idle, typeIn };
}

describe('wedge detector', () => {
  it('reports a fast burst ending in Enter as one scan and claims the Enter', () => {
    const { scans, type, after } = setup();
    type('FTC-1234ABCD', 8);
    expect(after(8, 'Enter')).toBe(true);
    expect(scans).toEqual(['FTC-1234ABCD']);
  });

  it('claims the keys of a scan from the third character on, so they do not reach the input', () => {
    const { type } = setup();
    expect(type('FTC-12', 5)).toEqual([false, false, true, true, true, true]);
  });

  it('accepts Tab as the terminator', () => {
    const { scans, type, after } = setup();
    type('SN0042X', 10);
    expect(after(10, 'Tab')).toBe(true);
    expect(scans).toEqual(['SN0042X']);
  });

  it('leaves human typing alone: nothing claimed, Enter passes through, no scan', () => {
    const { scans, type, after } = setup();
    expect(type('FTC-1234ABCD', 140).every((claimed) => !claimed)).toBe(true);
    expect(after(180, 'Enter')).toBe(false);
    expect(scans).toEqual([]);
  });

  it('never loses a character when a person presses two keys almost together', () => {
    const { type, after } = setup();
    type('ab', 120);
    expect(after(12, 'c')).toBe(false); // rollover: fast, but only the second of a run
    expect(after(150, 'd')).toBe(false);
  });

  it('discards a burst without a terminator after a pause, then treats slow Enter as typing', () => {
    const { scans, type, after } = setup();
    type('FTC-1234ABCD', 6);
    expect(after(400, 'Enter')).toBe(false);
    expect(scans).toEqual([]);
  });

  it('does not glue a discarded burst onto the next scan', () => {
    const { scans, type, after } = setup();
    type('JUNK99', 6);
    after(500, 'F');
    type('TC-777', 6);
    after(6, 'Enter');
    expect(scans).toEqual(['FTC-777']);
  });

  it('treats a burst interrupted by a slow key as typing, never submitting half of it', () => {
    const { scans, type, after } = setup();
    type('FTC-12', 6);
    after(200, '3'); // slow key: the burst is over
    type('4', 150);
    expect(after(6, 'Enter')).toBe(false);
    expect(scans).toEqual([]);
  });

  it('hands back every character it kept from a burst that turned out not to be a scan', () => {
    // The page got the first two characters; the detector kept the rest until the slow key.
    const slow = setup();
    const claimedFlags = slow.type('FTC-12', 6);
    slow.after(200, '3');
    const passedThrough = 'FTC-12'
      .split('')
      .filter((_, i) => !claimedFlags[i])
      .join('');
    expect(passedThrough + slow.handedBack.join('')).toBe('FTC-12');

    const early = setup({ minLength: 5 });
    early.type('ABCD', 5);
    early.after(5, 'Enter');
    expect(early.handedBack).toEqual(['CD']);

    const backspace = setup();
    backspace.type('FTC-1234', 5);
    backspace.after(5, 'Backspace');
    expect(backspace.handedBack).toEqual(['C-1234']);

    const scan = setup();
    scan.type('FTC-1234', 5);
    scan.after(5, 'Enter');
    expect(scan.handedBack).toEqual([]);
  });

  it('does not split a recognised scan at one hiccup, so its tail is never submitted alone', () => {
    const { scans, type, after } = setup({ maxInterKeyMs: 35 });
    type('SN=f', 5);
    after(120, 't'); // the laptop stalled for a moment mid-scan
    type('c-3r54ch3a', 5);
    expect(after(5, 'Enter')).toBe(true);
    expect(scans).toEqual(['SN=ftc-3r54ch3a']);
  });

  it('keeps the first key of a scan that a stall separated from the rest', () => {
    const { scans, type, after } = setup({ maxInterKeyMs: 35 });
    after(0, 'F');
    after(90, 'T'); // the scanner (or the laptop) stalled after the first key
    type('C-2B5H97J8', 5);
    expect(after(5, 'Enter')).toBe(true);
    expect(scans).toEqual(['FTC-2B5H97J8']);

    const two = setup({ maxInterKeyMs: 35 });
    two.type('FT', 5);
    two.after(120, 'C');
    two.type('-2B5H97J8', 5);
    two.after(5, 'Enter');
    expect(two.scans).toEqual(['FTC-2B5H97J8']);
  });

  it('does not start a scan with a key typed well before it', () => {
    const { scans, type, after } = setup({ maxInterKeyMs: 35 });
    after(0, 'x');
    after(600, 'F');
    type('TC-2B5H97J8', 5);
    after(5, 'Enter');
    expect(scans).toEqual(['FTC-2B5H97J8']);
  });

  it('measures gaps by when the keys were pressed, not when a busy page handled them', () => {
    // The page handled each key 100 ms late (now() moves on), but the scanner typed them 4 ms
    // apart (timeStamp): that is a scan, not typing.
    const { scans, after } = setup();
    const keys = [...'FTC-2B5H97J8', 'Enter'];
    const claimed = keys.map((key, i) => after(100, key, { timeStamp: 50_000 + i * 4 }));
    expect(claimed.at(-1)).toBe(true);
    expect(scans).toEqual(['FTC-2B5H97J8']);
  });

  it('ignores fast bursts shorter than minLength', () => {
    const { scans, type, after } = setup({ minLength: 5 });
    type('ABCD', 5);
    expect(after(5, 'Enter')).toBe(false);
    expect(scans).toEqual([]);
  });

  it('tolerates a scanner that waits a little longer before Enter, but not a person', () => {
    const { scans, type, after } = setup({ maxInterKeyMs: 30 });
    type('FTC-9', 5);
    expect(after(80, 'Enter')).toBe(true);
    type('FTC-8', 5);
    expect(after(95, 'Enter')).toBe(false);
    expect(scans).toEqual(['FTC-9']);
  });

  it('skips Shift keydowns between characters and keeps upper case', () => {
    const { scans, after } = setup();
    for (const ch of 'AbC1') {
      if (ch !== ch.toLowerCase()) after(2, 'Shift', { shiftKey: true });
      after(4, ch, { shiftKey: ch !== ch.toLowerCase() });
    }
    after(4, 'Enter');
    expect(scans).toEqual(['AbC1']);
  });

  it('upper-cases Shift+letter that arrives lower-case because Caps Lock is on', () => {
    const { scans, after } = setup();
    for (const ch of 'ftc1') after(4, ch, { shiftKey: ch !== '1' });
    after(4, 'Enter');
    expect(scans).toEqual(['FTC1']);
  });

  it.each([['ctrlKey'], ['altKey'], ['metaKey']] as const)(
    'ignores keys with %s and drops the burst they interrupt',
    (mod) => {
      const { scans, type, after } = setup();
      type('FTC-', 5);
      expect(after(5, 'v', { [mod]: true })).toBe(false);
      type('1234', 5);
      after(5, 'Enter');
      expect(scans).toEqual(['1234']);
    },
  );

  it('ignores auto-repeated keys and IME composition', () => {
    const { scans, type, after } = setup();
    type('AAA', 5);
    expect(after(5, 'A', { repeat: true })).toBe(false);
    expect(after(5, 'Enter')).toBe(false);
    type('FTC-1', 5);
    expect(after(5, 'x', { isComposing: true })).toBe(false);
    after(5, 'Enter');
    expect(scans).toEqual([]);
  });

  it('drops a burst when a non-character key (Backspace) arrives', () => {
    const { scans, type, after } = setup();
    type('FTC-1234', 5);
    expect(after(5, 'Backspace')).toBe(false);
    after(5, 'Enter');
    expect(scans).toEqual([]);
  });

  it('reset() forgets a burst in progress', () => {
    const { detector, scans, type, after } = setup();
    type('FTC-1234', 5);
    detector.reset();
    after(5, 'Enter');
    expect(scans).toEqual([]);
  });

  it('reports consecutive scans separately', () => {
    const { scans, type, after } = setup();
    type('FTC-0001', 4);
    after(4, 'Enter');
    type('FTC-0002', 4);
    after(4, 'Enter');
    expect(scans).toEqual(['FTC-0001', 'FTC-0002']);
  });
});

describe('wedge detector: where keys were typed', () => {
  it('leaves every key typed into a free-text field alone at any speed: no key held, no scan', () => {
    const { scans, typeIn, type, after } = setup({ maxInterKeyMs: 50, minLength: 6 });
    typeIn(null); // the new store's country field
    expect(type('Germany', 35).some(Boolean)).toBe(false);
    expect(after(35, 'Tab')).toBe(false);
    // A text expander or a remote desktop typing a reason, 2 ms a key, Enter included.
    expect(type('Door blocked by pallets', 2).some(Boolean)).toBe(false);
    expect(after(2, 'Enter')).toBe(false);
    expect(scans).toEqual([]);
  });

  it('gives held keys back by a timer, at once, without waiting for another key', () => {
    const { givenBack, typeIn, type, idle } = setup({ maxInterKeyMs: 50 });
    typeIn('serial-field');
    const claimed = type('FTC-12', 30); // a person typing fast in the serial field
    expect(claimed).toEqual([false, false, true, true, true, true]);
    idle(49);
    expect(givenBack).toEqual([]);
    idle(2); // the gap now exceeds what a scan allows
    expect(givenBack).toEqual(['C-12@serial-field']);
  });

  it('keeps the field in typing order: keys that got through, then held ones, then the next', () => {
    const { givenBack, typeIn, type, after, idle } = setup({ maxInterKeyMs: 50 });
    typeIn('serial-field');
    let field = '';
    const typeIntoField = (text: string, gap: number) =>
      type(text, gap).forEach((held, i) => {
        if (!held) field += text[i];
        field += givenBack
          .splice(0)
          .map((g) => g.split('@')[0])
          .join('');
      });
    typeIntoField('FTC-12', 30);
    idle(60);
    field += givenBack
      .splice(0)
      .map((g) => g.split('@')[0])
      .join('');
    expect(field).toBe('FTC-12');
    expect(after(400, '3')).toBe(false);
    field += '3';
    expect(field).toBe('FTC-123');
  });

  it('gives each held key back to where it was typed, never to where focus is later', () => {
    const { givenBack, typeIn, after, press } = setup({ maxInterKeyMs: 50 });
    typeIn('store-button');
    after(0, 'L');
    after(30, 'y');
    after(30, 'o'); // held, typed on the button
    typeIn('serial-a');
    after(30, 'n'); // held, typed in the serial field the screen moved focus to
    typeIn(null); // then into a free-text field: the run ends before this key lands
    expect(press('x')).toBe(false);
    expect(givenBack).toEqual(['o@store-button', 'n@serial-a']);
  });

  it('does not split a scan when the timer fired while its next keys waited on a busy page', () => {
    // Each key handled 100 ms late (the timer gives back what is held in between), though the
    // scanner typed them 4 ms apart: the keys' own times keep it one scan.
    const { scans, givenBack, after } = setup({ maxInterKeyMs: 50, minLength: 6 });
    const keys = [...'FTC-2B5H97J8', 'Enter'];
    const claimed = keys.map((key, i) => after(100, key, { timeStamp: 50_000 + i * 4 }));
    expect(claimed.slice(2).every(Boolean)).toBe(true);
    expect(scans).toEqual(['FTC-2B5H97J8']);
    expect(givenBack.map((g) => g.split('@')[0]).join('')).toBe('C-2B5H97J8');
  });

  it('reset() gives back what it held instead of losing it', () => {
    const { detector, givenBack, typeIn, type } = setup();
    typeIn('serial-field');
    type('FTC-12', 5);
    detector.reset();
    expect(givenBack).toEqual(['C-12@serial-field']);
  });
});
