/**
 * The one reader for times (electron/core/api/time-reader.ts): "never" written as a zero value
 * — Go's 0001-01-01T00:00:00Z, the Unix epoch, 0, "" — is null, not a check-in two thousand
 * (or fifty) years ago; real times are kept as they came; epoch numbers become ISO 8601.
 */
import { describe, expect, it } from 'vitest';
import { instant, isZeroTime, readTime } from '../../../electron/core/api/time-reader';

describe('readTime', () => {
  it.each<[string, unknown]>([
    ['Go’s zero time', '0001-01-01T00:00:00Z'],
    ['Go’s zero time with fractions', '0001-01-01T00:00:00.000Z'],
    ['the Unix epoch as text', '1970-01-01T00:00:00Z'],
    ['0', 0],
    ['"0"', '0'],
    ['an empty string', ''],
    ['blanks', '  '],
    ['a negative epoch', -1],
    ['null', null],
    ['absent', undefined],
  ])('%s is never (null)', (_what, value) => {
    expect(readTime(value)).toBeNull();
  });

  it('a real time is kept as it came, an epoch number (or digits) becomes ISO 8601', () => {
    expect(readTime('2026-03-04T10:00:00+01:00')).toBe('2026-03-04T10:00:00+01:00');
    expect(readTime(1_772_618_400)).toBe('2026-03-04T10:00:00.000Z');
    expect(readTime(1_772_618_400_000)).toBe('2026-03-04T10:00:00.000Z');
    expect(readTime('1772618400')).toBe('2026-03-04T10:00:00.000Z');
  });

  it('what is no time is left as it is (text for the screens, anything else for the schema)', () => {
    expect(readTime('yesterday-ish')).toBe('yesterday-ish');
    expect(readTime({ at: 1 })).toEqual({ at: 1 });
    expect(readTime(Number.NaN)).toBeNaN();
  });
});

describe('isZeroTime / instant', () => {
  it('only zero values are zero: null is "not given", a date after 1970 is a time', () => {
    expect(isZeroTime(null)).toBe(false);
    expect(isZeroTime('1970-01-02T00:00:00Z')).toBe(false);
    expect(isZeroTime('0001-01-01T00:00:00Z')).toBe(true);
  });

  it('instant is a time that parses, or null', () => {
    expect(instant('2026-03-04')).toBe('2026-03-04');
    expect(instant('0001-01-01T00:00:00Z')).toBeNull();
    expect(instant('soon')).toBeNull();
    expect(instant(1_772_618_400)).toBe('2026-03-04T10:00:00.000Z');
  });
});
