import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import {
  countryList,
  countryLocale,
  resolveCountry,
} from '../../../renderer/src/lib/words/countries';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

describe('country picker', () => {
  it('resolves a typed name to its code: "Germany" is DE, never GE (Georgia)', () => {
    expect(resolveCountry('Germany', 'en')).toEqual({ code: 'DE', name: 'Germany' });
    expect(resolveCountry('  germany ', 'en')).toEqual({ code: 'DE', name: 'Germany' });
    expect(resolveCountry('Georgia', 'en')).toEqual({ code: 'GE', name: 'Georgia' });
    expect(resolveCountry('Côte d’Ivoire', 'en')).toMatchObject({ code: 'CI' });
    expect(resolveCountry('cote divoire', 'en')).toMatchObject({ code: 'CI' });
    expect(resolveCountry('USA', 'en')).toMatchObject({ code: 'US' });
    expect(resolveCountry('United Kingdom', 'en')).toMatchObject({ code: 'GB' });
  });

  it('takes an assigned two-letter code in any case, and names it', () => {
    expect(resolveCountry('de', 'en')).toEqual({ code: 'DE', name: 'Germany' });
    expect(resolveCountry('DD', 'en')).toEqual({
      problem: '“DD” is not a country code. Choose the country from the list.',
    });
  });

  it('refuses in words what it cannot resolve, and never guesses from a prefix', () => {
    expect(resolveCountry('Germ', 'en')).toEqual({
      problem:
        '“Germ” is not a country this app knows. Choose it from the list or type its two-letter code, such as DE for Germany.',
    });
    expect(resolveCountry('', 'en')).toEqual({ problem: 'Choose the country.' });
  });

  it('names countries in the UI language and still understands English names', () => {
    const german = countryList('de');
    expect(german.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(resolveCountry('Deutschland', 'de')).toEqual({ code: 'DE', name: 'Deutschland' });
    expect(resolveCountry('Germany', 'de')).toEqual({ code: 'DE', name: 'Deutschland' });
    const english = countryList('en');
    expect(english).toHaveLength(249);
    expect(english.map((c) => c.name)).toEqual(
      [...english.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('follows the active language: names and refusals in German', () => {
    setLocaleSource(() => resolveLocale(['de-DE']));
    expect(countryLocale()).toBe('de-DE');
    expect(resolveCountry('Germny', countryLocale())).toEqual({
      problem:
        '„Germny“ ist kein Land, das diese App kennt. Wählen Sie es aus der Liste aus oder geben Sie den zweistelligen Code ein, z. B. DE für Deutschland.',
    });
    expect(resolveCountry('ge', countryLocale())).toEqual({ code: 'GE', name: 'Georgien' });
    setLocaleSource(() => resolveLocale(['ja']));
    expect(resolveCountry('', countryLocale())).toEqual({ problem: '国を選択してください。' });
    expect(countryList(countryLocale()).find((c) => c.code === 'JP')?.name).toBe('日本');
  });
});
