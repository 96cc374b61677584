/**
 * `npm start` then `npm test`: the addons rebuilt for Electron's ABI must be rebuilt for Node
 * before a Node-side command (build/native-abi.mjs). Electron cannot be downloaded or run here,
 * so its build of an addon is stood in for by a tiny addon compiled here that registers itself
 * with Electron 45's NODE_MODULE_VERSION (150, from node-abi) — the real Node then refuses it
 * with its real message, which is what the check reads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureNodeAbi,
  forgetElectronBuild,
  NATIVE_MODULES,
  parseAbiMismatch,
  probeInChild,
  // @ts-expect-error -- plain ESM script (runs before anything is built); typed by JSDoc
} from '../../../build/native-abi.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const ELECTRON_45_ABI = 150;
const NODE_ABI = Number(process.versions.modules);

/** What Node 20.20 printed for an Electron build of better-sqlite3 (copied from a terminal). */
const NODE_MESSAGE = `Error: The module '/home/dev/field-installer/node_modules/better-sqlite3/build/Release/better_sqlite3.node'
was compiled against a different Node.js version using
NODE_MODULE_VERSION 150. This version of Node.js requires
NODE_MODULE_VERSION 115. Please try re-compiling or re-installing
the module (for instance, using \`npm rebuild\` or \`npm install\`).`;

type Probe = { ok: true } | { ok: false; message: string };
interface Module {
  name: string;
  probe: string;
}

describe('which load failures are an ABI mismatch', () => {
  it('reads both versions from Node’s message', () => {
    expect(parseAbiMismatch(NODE_MESSAGE)).toEqual({ builtFor: 150, needs: 115 });
  });

  it('anything else is not one (a rebuild would not cure it)', () => {
    expect(
      parseAbiMismatch('Error: libsecret-1.so.0: cannot open shared object file: No such file'),
    ).toBeNull();
    expect(parseAbiMismatch("Cannot find module 'keytar'")).toBeNull();
  });
});

describe('rebuilding only what needs it (decisions, probes replaced)', () => {
  const modules: Module[] = [
    { name: 'a', probe: '' },
    { name: 'b', probe: '' },
  ];

  it('rebuilds the mismatched addon, checks it again, leaves the good one alone', () => {
    const rebuilt: string[][] = [];
    let fixed = false;
    const lines: string[] = [];
    const result = ensureNodeAbi({
      modules,
      probe: (m: Module): Probe =>
        m.name === 'a' && !fixed ? { ok: false, message: NODE_MESSAGE } : { ok: true },
      rebuild: (names: string[]) => {
        rebuilt.push(names);
        fixed = true;
      },
      log: (line: string) => lines.push(line),
    });
    expect(result).toEqual(['a']);
    expect(rebuilt).toEqual([['a']]);
    expect(lines.join('\n')).toMatch(/a is built for NODE_MODULE_VERSION 150.*needs 115/);
  });

  it('a failure that is not the ABI is reported, nothing rebuilt', () => {
    const lines: string[] = [];
    const result = ensureNodeAbi({
      modules,
      probe: (m: Module): Probe =>
        m.name === 'b'
          ? { ok: false, message: 'Error: libsecret-1.so.0: cannot open' }
          : { ok: true },
      rebuild: () => {
        throw new Error('must not rebuild');
      },
      log: (line: string) => lines.push(line),
    });
    expect(result).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/b does not load, and not for its ABI: .*libsecret/),
    ]);
  });

  it('an addon that still fails after the rebuild stops the command with the reason', () => {
    expect(() =>
      ensureNodeAbi({
        modules,
        probe: (): Probe => ({ ok: false, message: NODE_MESSAGE }),
        rebuild: () => undefined,
        log: () => undefined,
      }),
    ).toThrow(/a still does not load after the rebuild/);
  });
});

describe.runIf(process.platform === 'linux')('a real ABI mismatch, loaded by the real Node', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fi-abi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const moduleDir = join(dir, 'node_modules', 'fake-native');
  const addon = join(moduleDir, 'build', 'Release', 'fake.node');
  const source = join(dir, 'fake.c');
  writeFileSync(join(dir, 'package.json'), '{"name":"abi-check","private":true}');
  mkdirSync(join(moduleDir, 'build', 'Release'), { recursive: true });
  writeFileSync(
    join(moduleDir, 'index.js'),
    "module.exports = require('./build/Release/fake.node');",
  );
  // The registration every NODE_MODULE addon does (node.h's node_module), with the ABI chosen.
  writeFileSync(
    source,
    `#include <stddef.h>
struct node_module { int nm_version; unsigned int nm_flags; void *nm_dso_handle;
  const char *nm_filename; void (*nm_register_func)(void *, void *, void *);
  void *nm_context_register_func; const char *nm_modname; void *nm_priv; void *nm_link; };
extern void node_module_register(void *);
static void init(void *exports, void *module, void *priv) { (void)exports; (void)module; (void)priv; }
static struct node_module m = { ABI, 0, NULL, "fake.c", init, NULL, "fake_native", NULL, NULL };
__attribute__((constructor)) static void load(void) { node_module_register(&m); }
`,
  );
  const build = (abi: number) =>
    execFileSync('cc', ['-shared', '-fPIC', `-DABI=${abi}`, '-o', addon, source]);
  const fake: Module = { name: 'fake-native', probe: 'require(MODULE)' };

  it('after "npm start" (an Electron build): detected, rebuilt for Node, the Electron mark removed', () => {
    build(ELECTRON_45_ABI);
    // @electron/rebuild's mark that it built this for Electron.
    writeFileSync(
      join(moduleDir, 'build', 'Release', '.forge-meta'),
      `linux--x64--${ELECTRON_45_ABI}`,
    );
    const first = probeInChild(fake, dir) as Probe;
    expect(first.ok).toBe(false);
    expect(parseAbiMismatch(first.ok ? '' : first.message)).toEqual({
      builtFor: ELECTRON_45_ABI,
      needs: NODE_ABI,
    });

    const rebuilt: string[][] = [];
    const result = ensureNodeAbi({
      modules: [fake],
      probe: (m: Module) => probeInChild(m, dir),
      // What npmRebuild does, with the compiler instead of npm: the mark goes, Node's build comes.
      rebuild: (names: string[]) => {
        rebuilt.push(names);
        forgetElectronBuild(moduleDir);
        build(NODE_ABI);
      },
      log: () => undefined,
    });
    expect(result).toEqual(['fake-native']);
    expect(rebuilt).toEqual([['fake-native']]);
    expect(existsSync(join(moduleDir, 'build', 'Release', '.forge-meta'))).toBe(false);
    expect(probeInChild(fake, dir)).toEqual({ ok: true });
  });

  it('in the other order nothing is rebuilt (Node’s build loads)', () => {
    build(NODE_ABI);
    expect(
      ensureNodeAbi({
        modules: [fake],
        probe: (m: Module) => probeInChild(m, dir),
        rebuild: () => {
          throw new Error('must not rebuild');
        },
        log: () => undefined,
      }),
    ).toEqual([]);
  });
});

describe('the project’s commands', () => {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;

  it('check the addons before every Node-side command', () => {
    for (const name of ['test:unit', 'test:e2e', 'web', 'bench'])
      expect(scripts[name], name).toMatch(/^node build\/native-abi\.mjs node && /);
  });

  it('rebuild them for Electron before Electron starts', () => {
    expect(scripts.start).toMatch(/electron-builder install-app-deps && electron \./);
    expect(scripts.dev).toMatch(/electron-builder install-app-deps && tsx build\/dev\.ts/);
  });

  it('the probes load this machine’s real addons (built for this Node)', () => {
    for (const module of NATIVE_MODULES as Module[])
      expect(probeInChild(module)).toEqual({ ok: true });
  });
});
