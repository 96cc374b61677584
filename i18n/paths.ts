/** Where the catalog lives and where Paraglide compiles it to (one place for every tool). */
import { fileURLToPath } from 'node:url';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export const I18N_PROJECT = here('./project.inlang');
export const I18N_MESSAGES = here('./messages');
/** Generated, git-ignored: `npm run i18n` or any Vite/Vitest run writes it. */
export const I18N_OUTDIR = here('./paraglide');

/**
 * The compiler options every build shares. The locale is never detected by Paraglide: the
 * renderer overwrites getLocale with its own reactive state (renderer/src/lib/i18n.svelte.ts)
 * and the main process passes `{ locale }` to each message it builds.
 */
export const PARAGLIDE_OPTIONS = {
  project: I18N_PROJECT,
  outdir: I18N_OUTDIR,
  strategy: ['globalVariable', 'baseLocale'] as ('globalVariable' | 'baseLocale')[],
  emitTsDeclarations: true,
  emitReadme: false,
  // One module per language (messages/de.js …): the renderer loads only the language it
  // shows (renderer/src/lib/words/i18n.ts); main imports messages.js, which dispatches on a locale.
  outputStructure: 'locale-modules' as const,
};

/** The renderer's sources, scanned for the words each screen says (i18n/screen-words.ts). */
export const RENDERER_SRC = here('../renderer/src');
