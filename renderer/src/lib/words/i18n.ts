/**
 * The message catalog for the renderer: `m.some_key(params)` returns the sentence in the
 * active language. Compiled by Paraglide from i18n/messages/*.json (see docs/i18n.md), then
 * cut into the words of each part of the app (decision 78, i18n/screen-words.ts): the shell's
 * (main.ts and what it reaches) and each screen's, one module per part and language. The first
 * paint waits for the shell's and the first screen's words in the start language only; each
 * screen's words come with its chunk (lib/navigation/screens.ts); the error words are a group
 * loaded when first needed (decision 82); a language switch loads the new language's words of
 * every part asked for so far before anything re-renders in it.
 * `m.x` is a stable function that says x in the active language: screens keep references to
 * messages (`{ text: m.verify_state_waiting }`) and still follow a change.
 */
import type * as Catalog from '../../../../i18n/paraglide/messages/_index.js';
import { WORD_NEEDS, WORD_PARTS, type WordPart } from '../../../../i18n/paraglide/words/index.js';
import type { MessageLocale } from '../../../../i18n/locales';
import { activeLocale } from './active-locale';

/** What screens call: the catalog's signatures (parameters optional where there are none).
 * A locale passed in options is not honoured here; screens speak the active language. */
type Sayers = typeof Catalog;
type Message = (inputs?: Record<string, unknown>) => string;
type Said = Record<string, Message>;

/** Every message loaded so far, per language (the parts merged). */
const said = new Map<MessageLocale, Said>();
const loadedParts = new Set<string>();
const loading = new Map<string, Promise<void>>();
/** The parts the app has asked for: the shell, and each screen once opened. */
const wanted = new Set<WordPart>(['shell']);

const partKey = (part: WordPart, locale: MessageLocale): string => `${part}:${locale}`;

/** Adds a module of messages to a language's (a part; in Node, tests and the web bridge's CLI
 * give Paraglide's whole catalog of a language). */
export const addMessages = (locale: MessageLocale, messages: object): void => {
  said.set(locale, { ...said.get(locale), ...(messages as Said) });
};

/**
 * Loads one part's words in one language once (later calls share the first). A failed load (a
 * damaged install) is forgotten, so a later call tries again.
 */
const loadPart = (part: WordPart, locale: MessageLocale): Promise<void> => {
  const key = partKey(part, locale);
  if (loadedParts.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = WORD_PARTS[part][locale]().then(
      (module) => {
        addMessages(locale, module);
        loadedParts.add(key);
        loading.delete(key);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
};

/**
 * Whether a language's words are in or on their way for every part asked for: what main.ts
 * leaves at the mount (the first screen's words still loading, in that language; ScreenView
 * shows the screen once they are in), so the app opens in it without another language first.
 */
export const messagesAsked = (locale: MessageLocale): boolean =>
  [...wanted].every(
    (part) => loadedParts.has(partKey(part, locale)) || loading.has(partKey(part, locale)),
  );

/** Whether a language can be shown now, without waiting: every part asked for is in. */
export const messagesLoaded = (locale: MessageLocale): boolean =>
  [...wanted].every((part) => loadedParts.has(partKey(part, locale)));

/**
 * Loads a language's words for the shell and every screen asked for so far, including one
 * opened while they load (its words were asked in the language then shown). A failure
 * rejects; meanwhile the caller keeps what it shows (main.ts falls back to English,
 * PreferencesState keeps the language on screen).
 */
export const loadMessages = async (locale: MessageLocale): Promise<void> => {
  while (!messagesLoaded(locale))
    await Promise.all([...wanted].map((part) => loadPart(part, locale)));
};

/**
 * The shell's words alone, in the start language (main.ts mounts on them): the first screen's
 * come with its chunk, which ScreenView waits for, so the navigation or the sign-in screen
 * does not wait behind the screen's chunk and its shared files.
 */
export const loadShellWords = (locale: MessageLocale): Promise<void> => loadPart('shell', locale);

/** A part and the groups it needs, and theirs. */
const withNeeds = (part: WordPart): WordPart[] => {
  const all = new Set([part]);
  for (const each of all) for (const need of WORD_NEEDS[each]) all.add(need);
  return [...all];
};

/**
 * A part's words in the active language, with the groups it needs (decision 82): a screen's
 * asked for with its chunk (lib/navigation/screens.ts), a group's when first needed. From now
 * on a language switch loads them too, before it shows the new language.
 */
export const loadWords = async (part: WordPart): Promise<void> => {
  const parts = withNeeds(part);
  for (const each of parts) wanted.add(each);
  await Promise.all(parts.map((each) => loadPart(each, activeLocale().messages)));
};

/** Whether a part's words are in, in the language on screen (no need to wait for them). */
export const wordsLoaded = (part: WordPart): boolean =>
  withNeeds(part).every((each) => loadedParts.has(partKey(each, activeLocale().messages)));

const reported = new Set<string>();
/** A message no loaded part has: the scan missed a use (i18n/screen-words.ts). Said once, in
 * the console (tests watch it), and the key shown rather than a screen that fails to render. */
const missing = (key: string, locale: MessageLocale): string => {
  if (!reported.has(key)) {
    reported.add(key);
    console.error(`Message ${key} is not loaded in ${locale}: i18n/screen-words.ts missed it`);
  }
  return key;
};

const sayers = new Map<string, Message>();

/** A Proxy, not a generated object: the list of keys lives in the loaded modules only. */
export const m = new Proxy({} as Sayers, {
  get: (_, key) => {
    if (typeof key !== 'string') return undefined;
    let say = sayers.get(key);
    if (!say) {
      say = (inputs) => {
        const locale = activeLocale().messages;
        const words = said.get(locale);
        // A key that only an object's prototype has ("toString") is no message.
        const message = words && Object.hasOwn(words, key) ? words[key] : undefined;
        return message ? message(inputs ?? {}) : missing(key, locale);
      };
      sayers.set(key, say);
    }
    return say;
  },
});
