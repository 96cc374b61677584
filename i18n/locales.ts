/**
 * Which catalog and which formatting conventions a technician gets. Pure (no DOM, no
 * Electron): the renderer, the main process (menus) and the tests share it.
 *
 * Two things are chosen, not one: the catalog (`messages`: en, de, fr, nl, ja, or the
 * pseudo-locale) and the `format` locale that Intl uses for dates and numbers. English has one
 * catalog but two date conventions (en-US 1/31/2025, en-GB 31/01/2025), and an Austrian
 * German gets the German catalog with de-AT formats.
 */

/** Must list the same locales as i18n/project.inlang/settings.json (a test checks). */
export const MESSAGE_LOCALES = ['en', 'de', 'fr', 'nl', 'ja', 'en-XA'] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

export const PSEUDO_LOCALE = 'en-XA' satisfies MessageLocale;

/** What Settings offers besides "System default". Names in their own language, so a
 * technician who cannot read the current language still finds theirs. */
export const LANGUAGE_CHOICES = [
  { tag: 'en-US', name: 'English (US)' },
  { tag: 'en-GB', name: 'English (UK)' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'fr', name: 'Français' },
  { tag: 'nl', name: 'Nederlands' },
  { tag: 'ja', name: '日本語' },
] as const;

/** A stored choice: 'system', a listed tag, or the pseudo-locale (tests and screenshots). */
export type LanguageChoice = 'system' | (typeof LANGUAGE_CHOICES)[number]['tag'] | 'en-XA';

export const isLanguageChoice = (value: unknown): value is LanguageChoice =>
  value === 'system' ||
  value === PSEUDO_LOCALE ||
  LANGUAGE_CHOICES.some((choice) => choice.tag === value);

export interface ResolvedLocale {
  messages: MessageLocale;
  /** A BCP 47 tag for Intl: the preferred tag itself when it names a region. */
  format: string;
}

export const FALLBACK_LOCALE: ResolvedLocale = { messages: 'en', format: 'en-US' };

const parse = (tag: string): Intl.Locale | null => {
  try {
    return new Intl.Locale(tag.replace(/_/g, '-'));
  } catch {
    return null;
  }
};

/**
 * The first preferred language the app speaks wins (de-AT → de with Austrian formats,
 * en-GB → en with British dates, zh-CN then fr → fr); none → English (US).
 */
export const resolveLocale = (preferred: readonly string[]): ResolvedLocale => {
  for (const tag of preferred) {
    const locale = parse(tag);
    if (!locale) continue;
    if (locale.baseName === PSEUDO_LOCALE) return { messages: PSEUDO_LOCALE, format: 'en-US' };
    const language = locale.language as MessageLocale;
    if (language === PSEUDO_LOCALE || !MESSAGE_LOCALES.includes(language)) continue;
    const format = locale.region
      ? `${language}-${locale.region}`
      : language === 'en'
        ? 'en-US'
        : language;
    return { messages: language, format };
  }
  return FALLBACK_LOCALE;
};

/** The locale a choice means, given the system's preferred languages. */
export const localeFor = (
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): ResolvedLocale => resolveLocale(choice === 'system' ? systemLanguages : [choice]);
