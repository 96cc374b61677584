import { ALIASES } from './build/aliases.ts';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { buildCsp } from './electron/common/csp.ts';
import { i18nPlugins } from './i18n/vite-plugins.ts';

/**
 * The CSP also goes into index.html as a <meta> tag, from the same buildCsp() the app://
 * protocol and the bridge send as a header: defence in depth if a host ever forgets the
 * header, and what static scanners (Electronegativity) look for. frame-ancestors is left out
 * because browsers ignore it in a meta tag.
 */
const cspMeta = (): Plugin => ({
  name: 'field-installer-csp-meta',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: {
        'http-equiv': 'Content-Security-Policy',
        content: buildCsp()
          .split('; ')
          .filter((d) => !d.startsWith('frame-ancestors'))
          .join('; '),
      },
      injectTo: 'head-prepend',
    },
  ],
});

// The renderer: built to dist/renderer and served by the app:// protocol (Electron)
// or the loopback bridge (browser mode). Relative base so both origins work.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [...i18nPlugins(), svelte(), cspMeta()],
  resolve: { alias: ALIASES },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Every module the first screen needs in one chunk beside the entry (decision 76):
        // left to itself the bundler cut it into ~20 files of 2-5 KB, each a request and a
        // modulepreload before the first line of main.ts runs. The screens stay lazy.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
        // Each part's words in each language (lib/words/i18n.ts, decision 78) under a name that
        // says so, `words-<part>.<locale>-<hash>.js`: the bundle benchmark counts the shell's
        // and the first screen's, and the browser tests tell languages apart by it.
        chunkFileNames: (chunk) => {
          const words = /paraglide\/words\/([\w-]+)\/([\w-]+)\.js$/.exec(
            chunk.facadeModuleId ?? '',
          );
          if (words) return `assets/words-${words[1]}.${words[2]}-[hash].js`;
          if (chunk.name === 'start') return 'assets/start-[hash].js';
          // Code shared by the entry and a lazy chunk (Svelte's runtime among it) would be
          // named after one of its modules ("camera-stream"), which misleads a reader.
          return chunk.facadeModuleId === null
            ? 'assets/shared-[hash].js'
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  worker: { format: 'es' },
});
