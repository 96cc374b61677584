import {
  DEFAULT_PREFERENCES,
  loadPreferences,
  savePreferences,
  type ScannerOptions,
  type ThemeChoice,
} from './preferences';

/** Theme and scanner options; the theme is applied as `data-theme` on <html>, where the
 * stylesheet switches `color-scheme` (and so every light-dark() colour). */
export class PreferencesState {
  theme = $state<ThemeChoice>('system');
  scanner = $state<ScannerOptions>({ ...DEFAULT_PREFERENCES.scanner });
  sounds = $state(DEFAULT_PREFERENCES.sounds);

  constructor() {
    const saved = loadPreferences(globalThis.localStorage);
    this.theme = saved.theme;
    this.scanner = saved.scanner;
    this.sounds = saved.sounds;
    this.#apply();
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

  #apply(): void {
    document.documentElement.dataset.theme = this.theme;
  }

  #save(): void {
    savePreferences(globalThis.localStorage, {
      theme: this.theme,
      scanner: this.scanner,
      sounds: this.sounds,
    });
  }
}
