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

/**
 * The time zone every absolute time is shown in: the organization's, as Settings says ("Time
 * zone"), so the receipt, Activity and the CSV say the times the app says it uses; the
 * computer's own when the organization names none (undefined). Replaceable like the locale.
 */
let zoneSource: () => string | undefined = () => undefined;

export const shownTimeZone = (): string | undefined => zoneSource();

export const setTimeZoneSource = (getter: () => string | undefined): void => {
  zoneSource = getter;
};

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
