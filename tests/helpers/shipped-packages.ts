/**
 * Which npm packages the shipped app contains: the production dependencies electron-builder
 * copies (keytar, better-sqlite3 and what they need) and every package bundled into the
 * renderer, main.cjs and preload.cjs at build time — devDependencies by npm's book (zod,
 * electron-updater, svelte, uplot…), but shipped all the same. The bundles are built the way
 * `npm run build` builds them, into a temporary folder, and their module ids are read.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createBuilder, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');

/** The package a module id belongs to: the path after its last node_modules/. */
const packageOf = (id: string): string | null => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(
    id.replace(/\\/g, '/'),
  );
  return match?.[1] ?? null;
};

const collector = (into: Set<string>): Plugin => ({
  name: 'collect-bundled-packages',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of output.moduleIds) {
        const name = packageOf(id);
        if (name !== null) into.add(name);
      }
    }
  },
});

/** Production packages per the lockfile (electron-builder ships them as they are). */
const productionPackages = (): Set<string> => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const names = new Set<string>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true) continue;
    const name = packageOf(`${path}/`);
    if (name !== null) names.add(name);
  }
  return names;
};

export async function bundledPackages(): Promise<Set<string>> {
  const names = new Set<string>();
  const outDir = await mkdtemp(join(tmpdir(), 'fi-shipped-'));
  try {
    const electron = await createBuilder({
      root: ROOT,
      configFile: join(ROOT, 'vite.electron.config.ts'),
      logLevel: 'warn',
      plugins: [collector(names)],
      environments: {
        electronMain: { build: { outDir } },
        electronPreload: { build: { outDir } },
      },
    });
    for (const name of ['electronMain', 'electronPreload']) {
      const environment = electron.environments[name];
      if (!environment) throw new Error(`no ${name} environment in vite.electron.config.ts`);
      await electron.build(environment);
    }
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: join(ROOT, 'renderer'),
      logLevel: 'warn',
      plugins: [collector(names)],
      // The barcode decoder's worker is a bundle of its own.
      worker: { plugins: () => [collector(names)] },
      build: { outDir: join(outDir, 'renderer'), emptyOutDir: true },
    });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return names;
}

/** Everything that ships: production dependencies and bundled packages. */
export async function shippedPackages(): Promise<Set<string>> {
  return new Set([...productionPackages(), ...(await bundledPackages())]);
}
