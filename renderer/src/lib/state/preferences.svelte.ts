import {
  FALLBACK_LOCALE,
  localeFor,
  PSEUDO_LOCALE,
  type ResolvedLocale,
} from '../../../../i18n/locales';
import { setLocaleSource } from '../words/active-locale';
import { loadMessages, messagesAsked, messagesLoaded } from '../words/i18n';
import {
  DEFAULT_PREFERENCES,
  loadPreferences,
  savePreferences,
  type LanguageChoice,
  type ScannerOptions,
  type ThemeChoice,
} from './preferences';
import { call } from '../transport/transport';

/** Theme, language and scanner options; the theme is applied as `data-theme` on <html>, where
 * the stylesheet switches `color-scheme` (and so every light-dark() colour), the language as
 * `lang`. Messages and formats read `shown`, so changing it re-renders every text. */
export class PreferencesState {
  theme = $state<ThemeChoice>('system');
  language = $state<LanguageChoice>('system');
  scanner = $state<ScannerOptions>({ ...DEFAULT_PREFERENCES.scanner });
  /** The browser's languages first; the desktop app's OS list replaces them when it arrives. */
  systemLanguages = $state<readonly string[]>(globalThis.navigator?.languages ?? []);
  /** The language asked for (the choice, or the system's). */
  readonly locale: ResolvedLocale = $derived(localeFor(this.language, this.systemLanguages));
  /** The language on screen: `locale` once its messages are loaded (a chunk of their own,
   * lib/words/i18n.ts), so words and formats switch together and never half-way. */
  shown = $state.raw<ResolvedLocale>(FALLBACK_LOCALE);
  sounds = $state(DEFAULT_PREFERENCES.sounds);

  constructor() {
    const saved = loadPreferences(globalThis.localStorage);
    this.theme = saved.theme;
    this.language = saved.language;
    this.scanner = saved.scanner;
    // main.ts loaded the start language's shell words before mounting, and the first screen's
    // are on their way in it (the screen waits for them): shown at once.
    if (messagesAsked(this.locale.messages)) this.#show(this.locale);
    setLocaleSource(() => this.shown);
    this.sounds = saved.sounds;
    this.#apply();
    void call('systemLanguages', {})
      .then((tags) => {
        if (tags.length > 0) this.systemLanguages = tags;
        this.#apply();
      })
      .catch(() => undefined); // the browser's languages stay: never worse than before
  }

  setLanguage(language: LanguageChoice): void {
    this.language = language;
    this.#apply();
    this.#save();
  }

  setTheme(theme: ThemeChoice): void {
    this.theme = theme;
    this.#apply();
    this.#save();
  }

  setScanner(options: ScannerOptions): void {
    this.scanner = options;
    this.#save();
  }

  setSounds(on: boolean): void {
    this.sounds = on;
    this.#save();
  }

  /** The catalog main was last told about (its menus and dialogs speak it). */
  #told: string | null = null;

  #apply(): void {
    document.documentElement.dataset.theme = this.theme;
    const wanted = this.locale;
    if (messagesLoaded(wanted.messages)) {
      this.#show(wanted);
      return;
    }
    loadMessages(wanted.messages).then(
      () => {
        // A later choice may have come first; show only the one still asked for.
        if (this.locale === wanted) this.#show(wanted);
      },
      () => undefined, // the chunk would not load: the language on screen stays
    );
  }

  #show(locale: ResolvedLocale): void {
    this.shown = locale;
    if (this.#told !== locale.messages) {
      this.#told = locale.messages;
      // Desktop app: the menus follow at once. Browser mode: a no-op; never an error shown.
      void call('setLanguage', { locale: locale.messages }).catch(() => undefined);
    }
    // With the region (en-GB, de-AT) for screen readers and hyphenation; en-XA as itself.
    document.documentElement.lang =
      locale.messages === PSEUDO_LOCALE ? PSEUDO_LOCALE : locale.format;
  }

  #save(): void {
    savePreferences(globalThis.localStorage, {
      theme: this.theme,
      language: this.language,
      scanner: this.scanner,
      sounds: this.sounds,
    });
  }
}
