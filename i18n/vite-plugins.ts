/**
 * The catalog's Vite plugins, shared by the renderer, Electron and Vitest configs. The inlang
 * project loads its message-format plugin from node_modules, never from a CDN, so builds work
 * offline and in CI.
 *
 * Builds and tests compile once, in a child process (i18n/compile.ts, skipped when the
 * catalogs did not change): the inlang SDK leaves a timer in the process that loaded a
 * project, and Paraglide's own plugin held every `vite build` up ~25 s after it finished.
 * The dev server, which runs until stopped anyway, uses Paraglide's plugin for its
 * recompile-on-change.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import type { Plugin } from 'vite';
import { I18N_MESSAGES, PARAGLIDE_OPTIONS, RENDERER_SRC } from './paths.ts';
import { writePseudoCatalog } from './pseudo-locale.ts';
import { writeScreenWords } from './screen-words.ts';

const COMPILE_SCRIPT = fileURLToPath(new URL('./compile.ts', import.meta.url));

/** Compiles the catalog before anything imports it (Vitest, and `vite build`). */
export const i18nCompileOnce = (): Plugin => ({
  name: 'field-installer-i18n-compile',
  config: () => {
    execFileSync(process.execPath, ['--import', 'tsx', COMPILE_SCRIPT], { stdio: 'inherit' });
  },
});

const devServerOnly = (plugin: Plugin): Plugin => ({ ...plugin, apply: 'serve' });

export const i18nPlugins = (): Plugin[] => [
  { ...i18nCompileOnce(), apply: 'build' },
  devServerOnly({
    name: 'field-installer-pseudo-locale',
    config: async () => {
      writePseudoCatalog(I18N_MESSAGES);
      // Every part holds its whole language here: the dev server's sources change under it.
      await writeScreenWords(RENDERER_SRC, { whole: true });
    },
  }),
  ...[paraglideVitePlugin(PARAGLIDE_OPTIONS)].flat().map(devServerOnly),
];
