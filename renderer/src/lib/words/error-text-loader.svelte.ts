/**
 * The error text module and its words, loaded together when first needed (decision 82): the
 * words of every error code are a quarter of the catalog and no first screen shows an error,
 * so they are not in the start chunk. ErrorMessage waits for them before it shows an error
 * (an error arrives async anyway), so it never says a key or nothing; main.ts asks for them
 * right after the first paint, so the wait is rarely seen. Shown words follow errorTextNow(),
 * which is state: what asked before they were in is said once they are.
 */
import type * as ErrorTextModule from './error-text';
import { loadWords } from './i18n';

type ErrorText = typeof ErrorTextModule;

// State, so a view that asked before they were in shows the words once they are.
let loaded = $state.raw<ErrorText | null>(null);
let pending: Promise<ErrorText> | null = null;

/** The module, once it and its words are in (in the language on screen; a switch loads them
 * in the new language first, lib/words/i18n.ts). */
export const errorTextNow = (): ErrorText | null => loaded;

/** Loads the module and its words once; a failure (a damaged install) is tried again later. */
export const loadErrorText = (): Promise<ErrorText> => {
  pending ??= Promise.all([import('./error-text'), loadWords('errors')]).then(
    ([text]) => (loaded = text),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
};
