/**
 * "Did you mean …" (electron/core/db/serial-near.ts): how far a typed serial is from one the
 * inventory has, and the pieces the index is asked for. The store's use of them, over a real
 * cache.db: tests/integration/store/serial-lookup.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  misreadSpellings,
  nearProbes,
  serialDistance,
} from '../../../electron/core/db/serial-near';

describe('serial distance', () => {
  it('counts a wrong, missing or extra character, and a swapped pair, as one edit', () => {
    expect(serialDistance('ftc2b5h97j8', 'ftc2b5h97j8')).toBe(0);
    expect(serialDistance('ftc2b5h97j9', 'ftc2b5h97j8')).toBe(1);
    expect(serialDistance('ftc2b5h97j', 'ftc2b5h97j8')).toBe(1);
    expect(serialDistance('ftc2b5hh97j8', 'ftc2b5h97j8')).toBe(1);
    expect(serialDistance('ftc2b5h79j8', 'ftc2b5h97j8')).toBe(1);
    expect(serialDistance('ftc2b5h79j9', 'ftc2b5h97j8')).toBe(2);
  });

  it('lets the misreads of a label (O/0, I/1, B/8, S/5) cost nothing', () => {
    expect(serialDistance('ftc285h97j8', 'ftc2b5h97j8')).toBe(0);
    expect(serialDistance('ftc2bsh97j8', 'ftc2b5h97j8')).toBe(0);
    expect(serialDistance('o1ib', '0i18')).toBe(0);
    // Not a misread: Z and 2 are one edit.
    expect(serialDistance('ftcz', 'ftc2')).toBe(1);
  });

  it('stops above two edits (more is not "close")', () => {
    expect(serialDistance('ftc2b5h97j8', 'ftc9x9x97j8')).toBeGreaterThan(2);
    expect(serialDistance('ftc', 'ftc2b5h')).toBeGreaterThan(2);
  });
});

describe('where to look', () => {
  it('cuts a long key in four pieces and asks for every pair: two edits leave a pair intact', () => {
    const probes = nearProbes('ftc2b5h97j8');
    expect(probes).toEqual([
      ['ftc', '2b5'],
      ['ftc', 'h97'],
      ['ftc', 'j8$'],
      ['2b5', 'h97'],
      ['2b5', 'j8$'],
      ['h97', 'j8$'],
    ]);
    // Any two substitutions leave one pair unchanged.
    const key = 'ftc2b5h97j8';
    for (let i = 0; i < key.length; i++)
      for (let j = i + 1; j < key.length; j++) {
        const typo = [...key].map((c, k) => (k === i || k === j ? 'x' : c)).join('');
        const typoProbes = nearProbes(typo).map((p) => p.join(' '));
        expect(
          nearProbes(key).some((p) => typoProbes.includes(p.join(' '))),
          typo,
        ).toBe(true);
      }
  });

  it('uses fewer pieces for shorter keys, and none below five characters', () => {
    expect(nearProbes('abcdefgh')).toEqual([['abc'], ['def'], ['gh$']]);
    expect(nearProbes('abcde')).toEqual([['abc'], ['de$']]);
    expect(nearProbes('abcd')).toEqual([]);
  });

  it('asks for a piece as the label may have said it', () => {
    expect(misreadSpellings('2b5')).toEqual(['285', '28s', '2b5', '2bs']);
    expect(misreadSpellings('xyz')).toEqual(['xyz']);
    // A piece of misreadable characters is asked for in a few spellings, not thousands.
    expect(misreadSpellings('000000000000')).toHaveLength(4);
  });
});
