/**
 * Lengths as a technician types and reads them: metres, or feet where the locale's region
 * measures in feet (the US, Liberia, Myanmar); the decimal separator of the locale (a comma
 * in de, fr, nl). Stored in metres (SI). Pure, unit-tested per locale.
 */
import { MAX_METRES } from '../../../electron/mounting-checks';

export type LengthUnit = 'm' | 'ft';

const METRES_PER_FOOT = 0.3048;
const FEET_REGIONS = new Set(['US', 'LR', 'MM']);

export const lengthUnitFor = (locale: string): LengthUnit => {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region !== undefined && FEET_REGIONS.has(region) ? 'ft' : 'm';
  } catch {
    return 'm';
  }
};

const decimalOf = (locale: string): string =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** Why a typed length was not taken (a catalog key each). */
export type LengthProblem = 'length_not_a_number' | 'length_range';

/** A decimal number with the locale's separator (a point is taken too: keypads type one). */
const parseDecimal = (text: string, locale: string): number | null => {
  const decimal = decimalOf(locale);
  const normalized = decimal === ',' ? text.replace(',', '.') : text;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(normalized)) return null;
  return Number(normalized);
};

/** Feet and inches as written on a tape: 9' 6", 9 ft 6 in, 9'6. */
const FEET_INCHES = /^(\d+)\s*(?:'|’|ft)\s*(?:(\d+(?:[.,]\d+)?)\s*(?:"|”|''|in)?)?$/i;

/**
 * Typed text → metres. The unit may be typed too ("2,7 m", "9 ft"); otherwise it is `unit`.
 */
export const parseLength = (
  typed: string,
  unit: LengthUnit,
  locale: string,
): { metres: number } | { problem: LengthProblem } => {
  let text = typed.trim().replace(/\s+/g, ' ');
  let feet = unit === 'ft';
  const feetInches = FEET_INCHES.exec(text);
  let value: number | null;
  if (feetInches) {
    const inches = feetInches[2] ? Number(feetInches[2].replace(',', '.')) : 0;
    value = Number(feetInches[1]) + inches / 12;
    feet = true;
  } else {
    const unitTyped = /\s?(m|ft)$/i.exec(text);
    if (unitTyped) {
      feet = unitTyped[1]?.toLowerCase() === 'ft';
      text = text.slice(0, unitTyped.index);
    }
    value = parseDecimal(text, locale);
  }
  if (value === null || !Number.isFinite(value)) return { problem: 'length_not_a_number' };
  const metres = feet ? value * METRES_PER_FOOT : value;
  if (metres > MAX_METRES) return { problem: 'length_range' };
  return { metres };
};

/** Metres → "2.7 m" / "2,7 m" / "8.86 ft", in the locale's words for the unit. */
export const formatLength = (metres: number, unit: LengthUnit, locale: string): string =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'ft' ? 'foot' : 'meter',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(unit === 'ft' ? metres / METRES_PER_FOOT : metres);
