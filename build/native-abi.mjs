#!/usr/bin/env node
/**
 * The native addons (better-sqlite3, keytar) exist once in node_modules, built for one runtime
 * at a time: `npm start` and `npm run dev` rebuild them for Electron's ABI
 * (`electron-builder install-app-deps`), after which Node — the tests, browser mode, the
 * benchmarks — cannot load them. `node build/native-abi.mjs node` runs before those commands:
 * it loads each addon in a child Node (a loaded addon cannot be replaced on Windows), and when
 * Node refuses one as built for another NODE_MODULE_VERSION it rebuilds it for Node
 * (`npm rebuild`). Any other load failure (say, libsecret missing) is reported and left to the
 * command that follows: a rebuild would not cure it.
 *
 * The other order needs no check: install-app-deps rebuilds for Electron, and it is not fooled
 * into skipping, because a rebuild for Node here removes the `.forge-meta` mark that
 * @electron/rebuild leaves beside a build it made (and trusts to skip the next one).
 *
 * Plain ESM (no tsx) so it runs before anything else; tests/unit/dev/native-abi.test.ts loads it.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What loads each addon for real (better-sqlite3 loads its .node file on first open). */
export const NATIVE_MODULES = [
  { name: 'better-sqlite3', probe: "new (require(MODULE))(':memory:').close()" },
  { name: 'keytar', probe: 'require(MODULE)' },
];

/**
 * Node's own words for an addon built for another ABI (node_binding.cc), e.g. "…was compiled
 * against a different Node.js version using\nNODE_MODULE_VERSION 140. This version of Node.js
 * requires\nNODE_MODULE_VERSION 115." Returns both versions, or null for any other failure.
 * @param {string} message
 * @returns {{ builtFor: number, needs: number } | null}
 */
export const parseAbiMismatch = (message) => {
  const match =
    /NODE_MODULE_VERSION\s+(\d+)\.\s+This version of Node\.js requires\s+NODE_MODULE_VERSION\s+(\d+)/.exec(
      message,
    );
  return match ? { builtFor: Number(match[1]), needs: Number(match[2]) } : null;
};

/**
 * Loads one addon in a child Node; resolves the module from `root`.
 * @param {{ name: string, probe: string }} module
 * @param {string} [root]
 * @returns {{ ok: true } | { ok: false, message: string }}
 */
export const probeInChild = (module, root = ROOT) => {
  const file = createRequire(join(root, 'package.json')).resolve(module.name);
  const code = `const MODULE = ${JSON.stringify(file)}; ${module.probe};`;
  const result = spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8' });
  if (result.status === 0) return { ok: true };
  return { ok: false, message: `${result.stderr}${result.error?.message ?? ''}` };
};

/**
 * @electron/rebuild skips a module whose build/Release/.forge-meta names the target's ABI; a
 * binary rebuilt for Node must not keep that mark.
 * @param {string} moduleDir
 */
export const forgetElectronBuild = (moduleDir) =>
  rmSync(join(moduleDir, 'build', 'Release', '.forge-meta'), { force: true });

/**
 * `npm rebuild <names>`, through the npm that runs this script when there is one.
 * @param {string[]} names
 * @param {string} [root]
 */
const npmRebuild = (names, root = ROOT) => {
  for (const name of names) forgetElectronBuild(join(root, 'node_modules', name));
  const npmCli = process.env.npm_execpath;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, 'rebuild', ...names], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['rebuild', ...names], {
        cwd: root,
        stdio: 'inherit',
        shell: process.platform === 'win32',
      });
  if (result.status !== 0) throw new Error(`npm rebuild ${names.join(' ')} failed`);
};

/**
 * Makes every addon loadable by this Node. Returns what was rebuilt.
 * @param {{
 *   modules?: { name: string, probe: string }[],
 *   probe?: (module: { name: string, probe: string }) => { ok: true } | { ok: false, message: string },
 *   rebuild?: (names: string[]) => void,
 *   log?: (line: string) => void,
 * }} [options]
 * @returns {string[]}
 */
export const ensureNodeAbi = ({
  modules = NATIVE_MODULES,
  probe = (module) => probeInChild(module),
  rebuild = (names) => npmRebuild(names),
  log = (line) => console.warn(line),
} = {}) => {
  /** @type {string[]} */
  const stale = [];
  for (const module of modules) {
    const result = probe(module);
    if (result.ok) continue;
    const mismatch = parseAbiMismatch(result.message);
    if (mismatch) {
      log(
        `native-abi: ${module.name} is built for NODE_MODULE_VERSION ${mismatch.builtFor} ` +
          `(Electron's, after npm start); this Node needs ${mismatch.needs}: rebuilding it for Node`,
      );
      stale.push(module.name);
    } else {
      const first =
        result.message
          .trim()
          .split('\n')
          .find((line) => line.trim() !== '') ?? '';
      log(`native-abi: ${module.name} does not load, and not for its ABI: ${first}`);
    }
  }
  if (stale.length === 0) return [];
  rebuild(stale);
  for (const module of modules.filter((m) => stale.includes(m.name))) {
    const again = probe(module);
    if (!again.ok) {
      throw new Error(`${module.name} still does not load after the rebuild:\n${again.message}`);
    }
  }
  return stale;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2];
  if (target !== 'node') {
    console.error('usage: node build/native-abi.mjs node');
    process.exit(2);
  }
  try {
    ensureNodeAbi();
  } catch (error) {
    console.error(`native-abi: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
