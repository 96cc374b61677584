import { describe, expect, it } from 'vitest';
import { isSearchEnter, openOnlyMatch } from '../../../renderer/src/lib/navigation/search-enter';

/** The parts of a KeyboardEvent the rule reads (vitest runs in Node: no DOM events). */
const key = (over: Partial<KeyboardEvent> = {}) => {
  const e = {
    key: 'Enter',
    isComposing: false,
    defaultPrevented: false,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    preventDefault() {
      e.defaultPrevented = true;
    },
    ...over,
  };
  return e as unknown as KeyboardEvent;
};

describe('Enter in a search field', () => {
  it('is a plain Enter a person pressed', () => {
    expect(isSearchEnter(key())).toBe(true);
    // An IME's Enter confirms the text being composed (Japanese), it is not a search.
    expect(isSearchEnter(key({ isComposing: true }))).toBe(false);
    // A scan's closing Enter, taken by scan-anywhere, which opens the scanned device itself.
    expect(isSearchEnter(key({ defaultPrevented: true }))).toBe(false);
    expect(isSearchEnter(key({ ctrlKey: true }))).toBe(false);
    expect(isSearchEnter(key({ key: 'a' }))).toBe(false);
  });

  it('opens the one match and takes the key; none or several, or an empty field, open nothing', () => {
    const opened: string[] = [];
    const open = (s: string) => opened.push(s);
    const only = key();
    openOnlyMatch(only, 'lyon', ['Lyon'], open);
    expect(opened).toEqual(['Lyon']);
    expect(only.defaultPrevented).toBe(true);
    for (const [query, matches] of [
      ['lyon', []],
      ['ly', ['Lyon', 'Lyons']],
      ['  ', ['Lyon']],
    ] as const) {
      const e = key();
      openOnlyMatch(e, query, matches, open);
      expect(e.defaultPrevented).toBe(false);
    }
    expect(opened).toEqual(['Lyon']);
  });
});
