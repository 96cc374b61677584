/**
 * Lengths typed in the technician's units: feet where the locale's region measures in feet,
 * the locale's decimal separator (a comma in de, fr, nl), always stored in metres.
 */
import { describe, expect, it } from 'vitest';
import {
  formatLength,
  lengthNumber,
  lengthUnitFor,
  parseLength,
  storeLengthUnit,
  storeLocale,
} from '../../../renderer/src/lib/words/length-units';

describe('lengthUnitFor', () => {
  it.each([
    ['en-US', 'ft'],
    ['en', 'ft'], // English without a region is US English to Intl
    ['en-GB', 'm'],
    ['de', 'm'],
    ['fr-CA', 'm'],
    ['nl', 'm'],
    ['ja', 'm'],
    ['not a locale!', 'm'],
  ])('%s → %s', (locale, unit) => {
    expect(lengthUnitFor(locale)).toBe(unit);
  });
});

const metres = (typed: string, unit: 'm' | 'ft', locale: string): number => {
  const result = parseLength(typed, unit, locale);
  if (!('metres' in result)) throw new Error(`${typed}: ${result.problem}`);
  return result.metres;
};

describe('parseLength', () => {
  it.each([
    ['2,7', 'm', 'de', 2.7],
    ['2,32', 'm', 'fr', 2.32],
    ['3,0', 'm', 'nl', 3],
    ['2.7', 'm', 'de', 2.7], // a keypad's point is taken too
    ['2.7', 'm', 'ja', 2.7],
    ['9', 'ft', 'en-US', 9 * 0.3048],
    ['8.5', 'ft', 'en-US', 8.5 * 0.3048],
    [`9' 6"`, 'ft', 'en-US', 9.5 * 0.3048],
    ['9 ft 6 in', 'm', 'en-GB', 9.5 * 0.3048], // feet typed where metres are usual
    ['2,7 m', 'ft', 'de', 2.7], // the unit typed wins
    ['9 ft', 'm', 'de', 9 * 0.3048],
  ] as const)('%s (%s, %s) → %d m', (typed, unit, locale, expected) => {
    expect(metres(typed, unit, locale)).toBeCloseTo(expected, 9);
  });

  it.each([
    ['2,7', 'ft', 'en-US'], // a comma is grouping in US English: not taken as a decimal
    ['', 'm', 'de'],
    ['abc', 'm', 'de'],
    ['2,7,1', 'm', 'de'],
    ['-2', 'm', 'de'],
  ] as const)('%s (%s, %s) is not a length', (typed, unit, locale) => {
    expect(parseLength(typed, unit, locale)).toEqual({ problem: 'length_not_a_number' });
  });

  it('a length past any mounting check is refused, in either unit', () => {
    expect(parseLength('2700', 'm', 'de')).toEqual({ problem: 'length_range' });
    expect(parseLength('170', 'ft', 'en-US')).toEqual({ problem: 'length_range' });
  });
});

describe('formatLength', () => {
  it.each([
    [2.7, 'm', 'de', '2,7 m'],
    [2.32, 'm', 'fr', '2,32 m'],
    [2.7, 'ft', 'en-US', '8.86 ft'],
    [4.5, 'm', 'ja', '4.5 m'],
  ] as const)('%d m in %s (%s) → %s', (value, unit, locale, text) => {
    expect(formatLength(value, unit, locale).replace(/\s/g, ' ')).toBe(text);
  });
});

describe('the store’s units, not the app’s language', () => {
  it.each([
    ['DE', 'en-US', 'm'], // a store in Munich, the laptop in US English
    ['US', 'de', 'ft'],
    ['us', 'fr', 'ft'],
    ['GB', 'en-US', 'm'],
    [null, 'en-US', 'ft'], // the country not known: the language's region
    ['Germany', 'de', 'm'], // not a code: the language's region
  ] as const)('a store in %s with the app in %s measures in %s', (country, locale, unit) => {
    expect(storeLengthUnit(country, locale)).toBe(unit);
  });

  it('takes the store’s decimal comma beside the app’s point, and says the unit it understood', () => {
    const atStore = storeLocale('DE', 'en-US');
    expect(atStore).toBe('en-DE');
    expect(parseLength('8,5', 'm', 'en-US', atStore)).toEqual({ metres: 8.5, unit: 'm' });
    // In a US store a comma stays a slip, as before.
    expect(parseLength('8,5', 'ft', 'en-US', storeLocale('US', 'en-US'))).toEqual({
      problem: 'length_not_a_number',
    });
    // Metres typed where feet are asked: metres, and the unit says so.
    expect(parseLength('2.6 m', 'ft', 'en-US', atStore)).toEqual({ metres: 2.6, unit: 'm' });
    expect(parseLength('2.6 metres', 'ft', 'en-US')).toEqual({ metres: 2.6, unit: 'm' });
    const feet = parseLength('9 feet', 'm', 'de');
    expect(feet).toMatchObject({ unit: 'ft' });
  });

  it('writes a field’s number in its unit, as the language writes it', () => {
    expect(lengthNumber(2.6, 'm', 'en-US')).toBe('2.6');
    expect(lengthNumber(2.6, 'm', 'de')).toBe('2,6');
    expect(lengthNumber(8.5, 'ft', 'en-US')).toBe('27.89');
    expect(lengthNumber(1234, 'm', 'en-US')).toBe('1234');
  });
});
