/**
 * The catalog's Vite plugins, shared by the renderer, Electron and Vitest configs: the
 * pseudo-locale catalog is written first (config time), then Paraglide's own plugin compiles
 * (and recompiles on change in dev). The inlang project loads its message-format plugin from
 * node_modules, never from a CDN, so builds work offline and in CI.
 */
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import type { Plugin, PluginOption } from 'vite';
import { I18N_MESSAGES, PARAGLIDE_OPTIONS } from './paths';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writePseudoCatalog } from './pseudo-locale';

const COMPILE_SCRIPT = fileURLToPath(new URL('./compile.ts', import.meta.url));

const pseudoLocaleCatalog = (): Plugin => ({
  name: 'field-installer-pseudo-locale',
  config: () => {
    writePseudoCatalog(I18N_MESSAGES);
  },
});

/**
 * For Vitest: compile once before the tests, in a child process (the inlang SDK leaves a
 * handle open in the process that loaded a project, which holds a Vitest run up at exit).
 */
export const i18nCompileOnce = (): Plugin => ({
  name: 'field-installer-i18n-compile',
  config: () => {
    execFileSync(process.execPath, ['--import', 'tsx', COMPILE_SCRIPT], { stdio: 'inherit' });
  },
});

export const i18nPlugins = (): PluginOption[] => [
  pseudoLocaleCatalog(),
  paraglideVitePlugin(PARAGLIDE_OPTIONS),
];
