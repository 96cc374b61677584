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
