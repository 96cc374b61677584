/** Local, non-secret preferences (theme, language, scanner options, sounds) kept in localStorage. */
import { isLanguageChoice, type LanguageChoice } from '../../../../i18n/locales';

export type { LanguageChoice };
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface ScannerOptions {
  /** Keystrokes closer together than this are a scanner, not a person. */
  maxInterKeyMs: number;
  /** Shorter bursts are typing, not a scan. */
  minLength: number;
}

/** The range each scanner option may take (Settings refuses nothing, it keeps values inside). */
export const SCANNER_LIMITS = {
  maxInterKeyMs: { min: 10, max: 200 },
  minLength: { min: 3, max: 64 },
} as const;

export interface Preferences {
  theme: ThemeChoice;
  /** 'system': the OS's (or browser's) languages decide. */
  language: LanguageChoice;
  scanner: ScannerOptions;
  /** Tones for scan results (scan-sounds.ts); off unless chosen. */
  sounds: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  language: 'system',
  scanner: { maxInterKeyMs: 50, minLength: 6 },
  sounds: false,
};

const KEY = 'field-installer.preferences';

/** `n` rounded into `limits`; `fallback` when it is no number at all. */
export const clamp = (
  n: unknown,
  limits: { min: number; max: number },
  fallback: number,
): number =>
  typeof n === 'number' && Number.isFinite(n)
    ? Math.min(limits.max, Math.max(limits.min, Math.round(n)))
    : fallback;

/** Tolerates anything stored (older versions, hand edits): unknown values fall back. */
export const parsePreferences = (raw: string | null): Preferences => {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // corrupt preferences are not worth an error message: defaults are fine
  }
  const theme = data.theme === 'light' || data.theme === 'dark' ? data.theme : 'system';
  const scanner = (data.scanner ?? {}) as Record<string, unknown>;
  const d = DEFAULT_PREFERENCES.scanner;
  return {
    theme,
    language: isLanguageChoice(data.language) ? data.language : 'system',
    scanner: {
      maxInterKeyMs: clamp(scanner.maxInterKeyMs, SCANNER_LIMITS.maxInterKeyMs, d.maxInterKeyMs),
      minLength: clamp(scanner.minLength, SCANNER_LIMITS.minLength, d.minLength),
    },
    sounds: data.sounds === true,
  };
};

export const loadPreferences = (storage: Storage | undefined): Preferences =>
  parsePreferences(storage?.getItem(KEY) ?? null);

export const savePreferences = (storage: Storage | undefined, prefs: Preferences): void => {
  try {
    storage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the choice still applies for this session
  }
};
