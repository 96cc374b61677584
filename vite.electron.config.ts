/**
 * Builds the Electron side: electron/main/app.ts → dist/electron/main.cjs and
 * electron/preload/index.ts → dist/electron/preload.cjs (`vite build -c vite.electron.config.ts`).
 *
 * Two separate builds, not two inputs of one: with shared inputs the bundler would split the
 * contract and zod into a common chunk, and a sandboxed preload cannot require a local file.
 */
import { builtinModules } from 'node:module';
import { defineConfig, type EnvironmentOptions } from 'vite';
import { i18nPlugins } from './i18n/vite-plugins.ts';

// Electron 45 ships Node 22 and Chromium 140.
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome140';

// Loaded at runtime instead of bundled: Electron itself, the native addons keytar and
// better-sqlite3 (their .node files are unpacked from the asar) and Node's builtins. Everything else (zod, yaml, the sandbox…) is bundled.
const EXTERNAL = [
  'electron',
  'keytar',
  'better-sqlite3',
  ...builtinModules,
  ...builtinModules.map((name) => `node:${name}`),
];

const cjsBundle = (
  consumer: 'server' | 'client',
  entry: string,
  fileName: string,
  target: string,
): EnvironmentOptions => ({
  consumer,
  // Server environments externalize node_modules by default; we ship only what we bundle.
  resolve: { noExternal: true, external: ['keytar', 'better-sqlite3'] },
  build: {
    outDir: 'dist/electron',
    // Both builds share the folder; neither may wipe the other's output.
    emptyOutDir: false,
    target,
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: entry,
      external: EXTERNAL,
      output: {
        format: 'cjs',
        entryFileNames: fileName,
        codeSplitting: false,
        // require('keytar') rather than import(): the CommonJS loader is the one Electron
        // patches to load native addons from app.asar.unpacked.
        dynamicImportInCjs: false,
      },
    },
  },
});

export default defineConfig({
  publicDir: false,
  // The application menu's words come from the catalog.
  plugins: i18nPlugins(),
  environments: {
    electronMain: cjsBundle('server', 'electron/main/app.ts', 'main.cjs', NODE_TARGET),
    // The sandboxed preload is a browser-like context: resolve packages for the browser.
    electronPreload: cjsBundle('client', 'electron/preload/index.ts', 'preload.cjs', CHROME_TARGET),
  },
  builder: {
    async buildApp(builder) {
      const { electronMain, electronPreload } = builder.environments;
      if (!electronMain || !electronPreload) throw new Error('Electron build environments missing');
      await builder.build(electronPreload);
      await builder.build(electronMain);
    },
  },
});
