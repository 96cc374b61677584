/**
 * The message catalog for the renderer: `m.some_key(params)` returns the sentence in the
 * active language. Compiled by Paraglide from i18n/messages/*.json (see docs/i18n.md) into one
 * module per language; the renderer loads only the one it shows, as a chunk of its own, so the
 * first screen does not wait for five languages it will not speak (they were 60 % of the
 * initial bundle). `m.x` is a stable function that says x in the active language: screens keep
 * references to messages (`{ text: m.verify_state_waiting }`) and still follow a change.
 */
import type * as Catalog from '../../../../i18n/paraglide/messages/_index.js';
import type * as English from '../../../../i18n/paraglide/messages/en.js';
import { FALLBACK_LOCALE, type MessageLocale } from '../../../../i18n/locales';
import { activeLocale } from './active-locale';

/** One language's module: every message, said in that language. */
type Messages = typeof English;
/** What screens call: the catalog's signatures (parameters optional where there are none).
 * A locale passed in options is not honoured here; screens speak the active language. */
type Sayers = typeof Catalog;

// One dynamic import per language: Vite makes each its own chunk (vite.config.ts names them
// messages-<locale>-<hash>.js). A literal import() per locale, not a template, so the bundler
// sees every chunk.
const LOADERS: Record<MessageLocale, () => Promise<Messages>> = {
  en: () => import('../../../../i18n/paraglide/messages/en.js'),
  de: () => import('../../../../i18n/paraglide/messages/de.js'),
  fr: () => import('../../../../i18n/paraglide/messages/fr.js'),
  nl: () => import('../../../../i18n/paraglide/messages/nl.js'),
  ja: () => import('../../../../i18n/paraglide/messages/ja.js'),
  'en-XA': () => import('../../../../i18n/paraglide/messages/en-XA.js'),
};

const loaded = new Map<MessageLocale, Messages>();
const loading = new Map<MessageLocale, Promise<Messages>>();

/**
 * Loads a language's messages once (later calls share the first). A failed load (a damaged
 * install) is forgotten, so a later call tries again; meanwhile the caller keeps what it shows
 * (main.ts falls back to English, PreferencesState keeps the language on screen).
 */
export const loadMessages = (locale: MessageLocale): Promise<Messages> => {
  const done = loaded.get(locale);
  if (done) return Promise.resolve(done);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (module) => {
        loaded.set(locale, module);
        loading.delete(locale);
        return module;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
};

/** Whether a language can be shown now, without waiting. */
export const messagesLoaded = (locale: MessageLocale): boolean => loaded.has(locale);

/** The loaded module of the active language; English if that one is not there (yet). */
const current = (): Messages => {
  const module = loaded.get(activeLocale().messages) ?? loaded.get(FALLBACK_LOCALE.messages);
  if (!module)
    throw new Error('No messages loaded: main.ts awaits loadMessages() before mounting the app');
  return module;
};

type Message = (inputs?: Record<string, unknown>) => string;
const sayers = new Map<string, Message>();

/** A Proxy, not a generated object: the list of keys lives in the loaded modules only. */
export const m = new Proxy({} as Sayers, {
  get: (_, key) => {
    if (typeof key !== 'string') return undefined;
    let say = sayers.get(key);
    if (!say) {
      say = (inputs) => (current()[key as keyof Messages] as Message)(inputs ?? {});
      sayers.set(key, say);
    }
    return say;
  },
});
