/**
 * The locale formats and messages use right now, as a replaceable getter. Plain TypeScript
 * (Node tests import it); the app installs a getter that reads its reactive locale state
 * (`shown` in lib/state/preferences.svelte.ts), so every template calling a formatter or a message
 * (lib/words/i18n.ts reads it too) re-renders when the language changes. Until then (and in unit
 * tests): English (US).
 */
import { FALLBACK_LOCALE, type ResolvedLocale } from '../../../../i18n/locales';

let source: () => ResolvedLocale = () => FALLBACK_LOCALE;

export const activeLocale = (): ResolvedLocale => source();

/** The BCP 47 tag Intl formats with (en-GB, de-AT, ja…). */
export const formatLocale = (): string => source().format;

export const setLocaleSource = (getter: () => ResolvedLocale): void => {
  source = getter;
};

let computerZone: string | undefined;
/**
 * The time zone every time is shown in: this computer's, as Settings says ("Times shown in"),
 * so Activity, the receipt, the CSV and the screens' clock times read in the zone the app names.
 * The organization's zone is shown in Settings as the organization's, never taken for this one.
 * Read once per app start: `Intl.DateTimeFormat()` builds a formatter each time, and building
 * one per store took ~40 ms of the Locations screen's main thread at a large organization
 * (profiled at cold start, 1,000,000-device bench).
 */
export const shownTimeZone = (): string =>
  (computerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * Runs `say` with another locale active, and puts the one before back: "Check a receipt"
 * words a visit as the CSV it reads was written (its language). Synchronous, so nothing on
 * screen ever renders in between.
 */
export const withLocale = <T>(locale: ResolvedLocale, say: () => T): T => {
  const before = source;
  source = () => locale;
  try {
    return say();
  } finally {
    source = before;
  }
};
