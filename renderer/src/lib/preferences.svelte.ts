import { localeFor, PSEUDO_LOCALE, type ResolvedLocale } from '../../../i18n/locales';
import { setLocaleSource } from './active-locale';
import {
  DEFAULT_PREFERENCES,
  loadPreferences,
  savePreferences,
  type LanguageChoice,
  type ScannerOptions,
  type ThemeChoice,
} from './preferences';
import { call } from './transport';

/** Theme, language and scanner options; the theme is applied as `data-theme` on <html>, where
 * the stylesheet switches `color-scheme` (and so every light-dark() colour), the language as
 * `lang`. Messages and formats read `locale`, so changing it re-renders every text. */
export class PreferencesState {
  theme = $state<ThemeChoice>('system');
  language = $state<LanguageChoice>('system');
  scanner = $state<ScannerOptions>({ ...DEFAULT_PREFERENCES.scanner });
  /** The browser's languages first; the desktop app's OS list replaces them when it arrives. */
  systemLanguages = $state<readonly string[]>(globalThis.navigator?.languages ?? []);
  readonly locale: ResolvedLocale = $derived(localeFor(this.language, this.systemLanguages));
  sounds = $state(DEFAULT_PREFERENCES.sounds);

  constructor() {
    const saved = loadPreferences(globalThis.localStorage);
    this.theme = saved.theme;
    this.language = saved.language;
    this.scanner = saved.scanner;
    setLocaleSource(() => this.locale);
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
    if (this.#told !== this.locale.messages) {
      this.#told = this.locale.messages;
      // Desktop app: the menus follow at once. Browser mode: a no-op; never an error shown.
      void call('setLanguage', { locale: this.locale.messages }).catch(() => undefined);
    }
    document.documentElement.dataset.theme = this.theme;
    // With the region (en-GB, de-AT) for screen readers and hyphenation; en-XA as itself.
    document.documentElement.lang =
      this.locale.messages === PSEUDO_LOCALE ? PSEUDO_LOCALE : this.locale.format;
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
