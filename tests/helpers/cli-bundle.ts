/**
 * A Node CLI of the project (browser mode's core, the sandbox) bundled into one ESM file the
 * way vite.electron.config.ts bundles the Electron main process, to be run by Node itself.
 *
 * Why not tsx: under the TypeScript loader a CLI takes about 1 s longer to print its first
 * line (the browser tests start two per test), and its resident memory includes ~45 MB of
 * loader and source maps that the shipped app does not carry (the benchmarks read it).
 */
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { ALIASES } from '../../build/aliases.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Inside the checkout (git-ignored `.tmp/`), so a bundle resolves keytar and better-sqlite3
 * (left external, as in the app) from its node_modules; not inside node_modules itself, which
 * two checkouts may share (a worktree linking it): one run would then start the other's core.
 */
export const bundleDir = (name: string): string => join(ROOT, '.tmp', 'bundles', name);

/** Bundles `entry` (relative to the repository) to `outDir/fileName`; returns that path. */
export async function bundleCli(entry: string, outDir: string, fileName: string): Promise<string> {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    resolve: { alias: ALIASES },
    build: {
      ssr: join(ROOT, entry),
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rollupOptions: {
        external: [
          'keytar',
          'better-sqlite3',
          ...builtinModules,
          ...builtinModules.map((n) => `node:${n}`),
        ],
        output: {
          // ESM for the CLIs' top-level await; CommonJS dependencies bundled into it
          // (write-file-atomic names temp files after __filename) get what they expect.
          format: 'esm',
          entryFileNames: fileName,
          banner: [
            "import { createRequire as __createRequire } from 'node:module';",
            "import { fileURLToPath as __fileURLToPath } from 'node:url';",
            'const require = __createRequire(import.meta.url);',
            'const __filename = __fileURLToPath(import.meta.url);',
          ].join('\n'),
        },
      },
    },
  });
  return join(outDir, fileName);
}
