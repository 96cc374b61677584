/**
 * Lengths as a technician types and reads them: metres, or feet where the store's country
 * measures in feet (the US, Liberia, Myanmar) — the store's, not the app's language: a store in
 * Munich measures in metres whatever language the laptop speaks. The decimal separator of the
 * app's language or of the store's country (a comma in Germany). Stored in metres (SI). Pure,
 * unit-tested per locale.
 */
import { MAX_METRES, type LengthUnit } from '$shared/mounting-checks';

export type { LengthUnit };

const METRES_PER_FOOT = 0.3048;
const FEET_REGIONS = new Set(['US', 'LR', 'MM']);

const regionOf = (locale: string): string | undefined => {
  try {
    return new Intl.Locale(locale).maximize().region;
  } catch {
    return undefined;
  }
};

/** The unit of a locale's region (used where the store's country is not known). */
export const lengthUnitFor = (locale: string): LengthUnit => {
  const region = regionOf(locale);
  return region !== undefined && FEET_REGIONS.has(region) ? 'ft' : 'm';
};

/** The store's unit: its country's (two letters), else the locale's region's. */
export const storeLengthUnit = (country: string | null, locale: string): LengthUnit =>
  country && /^[A-Za-z]{2}$/.test(country)
    ? FEET_REGIONS.has(country.toUpperCase())
      ? 'ft'
      : 'm'
    : lengthUnitFor(locale);

/** The app's language as written in the store's country ("en-DE"): its number conventions. */
export const storeLocale = (country: string | null, locale: string): string => {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return locale;
  try {
    return new Intl.Locale(new Intl.Locale(locale).language, {
      region: country.toUpperCase(),
    }).toString();
  } catch {
    return locale;
  }
};

const decimalOf = (locale: string): string =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** Why a typed length was not taken (a catalog key each). */
export type LengthProblem = 'length_not_a_number' | 'length_range';

/**
 * A decimal number with the separator of any of `locales` (a point is taken too: keypads type
 * one). A comma is a decimal only where one of them writes decimals so: lengths never reach a
 * thousand, but "2,7" in a US store with US English is more likely a slip than 2.7.
 */
const parseDecimal = (text: string, locales: readonly string[]): number | null => {
  const comma = locales.some((l) => decimalOf(l) === ',');
  const normalized = comma ? text.replace(',', '.') : text;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(normalized)) return null;
  return Number(normalized);
};

/** Feet and inches as written on a tape: 9' 6", 9 ft 6 in, 9'6. */
const FEET_INCHES = /^(\d+)\s*(?:'|’|ft)\s*(?:(\d+(?:[.,]\d+)?)\s*(?:"|”|''|in)?)?$/i;

/**
 * Typed text → metres, and the unit it was typed in. The unit may be typed too ("2,7 m",
 * "9 ft", "9' 6\""): it wins over `unit`, the field's. `also`: another locale whose decimal
 * separator is taken (the store's, see `storeLocale`).
 */
export const parseLength = (
  typed: string,
  unit: LengthUnit,
  locale: string,
  also?: string,
): { metres: number; unit: LengthUnit } | { problem: LengthProblem } => {
  let text = typed.trim().replace(/\s+/g, ' ');
  let feet = unit === 'ft';
  const feetInches = FEET_INCHES.exec(text);
  let value: number | null;
  if (feetInches) {
    const inches = feetInches[2] ? Number(feetInches[2].replace(',', '.')) : 0;
    value = Number(feetInches[1]) + inches / 12;
    feet = true;
  } else {
    const unitTyped = /\s?(m|meters?|metres?|ft|feet|foot)$/i.exec(text);
    if (unitTyped) {
      feet = /^f/i.test(unitTyped[1] ?? '');
      text = text.slice(0, unitTyped.index);
    }
    value = parseDecimal(text.trim(), also ? [locale, also] : [locale]);
  }
  if (value === null || !Number.isFinite(value)) return { problem: 'length_not_a_number' };
  const metres = feet ? value * METRES_PER_FOOT : value;
  if (metres > MAX_METRES) return { problem: 'length_range' };
  return { metres, unit: feet ? 'ft' : 'm' };
};

/** Metres → the number alone in `unit`, as the locale writes it ("2,6", "8.53"): a field's value. */
export const lengthNumber = (metres: number, unit: LengthUnit, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(
    unit === 'ft' ? metres / METRES_PER_FOOT : metres,
  );

/** Metres → "2.7 m" / "2,7 m" / "8.86 ft", in the locale's words for the unit. */
export const formatLength = (metres: number, unit: LengthUnit, locale: string): string =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'ft' ? 'foot' : 'meter',
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(unit === 'ft' ? metres / METRES_PER_FOOT : metres);
