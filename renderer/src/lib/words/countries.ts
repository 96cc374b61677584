/**
 * Countries for the New location form: names from `Intl.DisplayNames` in the active language
 * (lib/words/active-locale.ts, so they follow the Settings choice), the value an ISO 3166-1 alpha-2
 * code. A typed name is resolved to its code or refused in words:
 * "Germany" once became "GE" (Georgia) by being cut to two letters.
 */
import { COUNTRY_CODES, isCountryCode } from '$shared/country-codes';
import { formatLocale } from './active-locale';
import { m } from './i18n';

export interface Country {
  code: string;
  name: string;
}

/** The language countries are named in: the active one, with its region (de-AT, en-GB). */
export const countryLocale = (): string => formatLocale();

const namesIn = (locale: string) => new Intl.DisplayNames([locale, 'en'], { type: 'region' });

/** Every country, named in `locale` and sorted the way that language sorts. */
export const countryList = (locale: string): Country[] => {
  const names = namesIn(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
};

/** Case, accents, punctuation and spacing do not matter when a name is typed. */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Names people type that `Intl` spells otherwise. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
};

const indexes = new Map<string, Map<string, string>>();
const indexFor = (locale: string): Map<string, string> => {
  let index = indexes.get(locale);
  if (index) return index;
  index = new Map(Object.entries(ALIASES));
  // Names in English too: a technician may type them whatever the UI language.
  for (const names of [namesIn('en'), namesIn(locale)])
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name) index.set(fold(name), code);
    }
  indexes.set(locale, index);
  return index;
};

export type CountryAnswer = { code: string; name: string } | { problem: string };

/** A typed country (a name or a two-letter code) → its code, or why it is not one (said in the
 * active language; `locale` is the language its name is typed and shown in). */
export const resolveCountry = (typed: string, locale: string): CountryAnswer => {
  const text = typed.trim();
  if (text === '') return { problem: m.country_choose() };
  const names = namesIn(locale);
  const asCode = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(asCode)) {
    if (isCountryCode(asCode)) return { code: asCode, name: names.of(asCode) ?? asCode };
    return { problem: m.country_not_a_code({ text }) };
  }
  const code = indexFor(locale).get(fold(text));
  if (code) return { code, name: names.of(code) ?? code };
  // The example is Germany whatever the language: its code is not the start of its name in
  // English ("GE" is Georgia), which is the mistake the example is there to prevent.
  return { problem: m.country_unknown({ text, code: 'DE', country: names.of('DE') ?? 'DE' }) };
};
