/**
 * Finding 6: the Electron main bundle, built the way the app ships it (vite.electron.config.ts,
 * into a temporary folder rather than dist/), carries the training sandbox but none of its
 * test kit: no /_sandbox control routes, no fault injection (a caller-supplied `pathPattern`
 * compiled into a RegExp), no TLS via `selfsigned`, no CLI.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBuilder } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
let outDir: string;
let bundle: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'fi-main-bundle-'));
  const builder = await createBuilder({
    root: ROOT,
    configFile: join(ROOT, 'vite.electron.config.ts'),
    logLevel: 'warn',
    // Same config, other folder: dist/ (used by the e2e tests and packaging) is left alone.
    environments: { electronMain: { build: { outDir } } },
  });
  const main = builder.environments.electronMain;
  if (!main) throw new Error('no electronMain environment in vite.electron.config.ts');
  await builder.build(main);
  bundle = await readFile(join(outDir, 'main.cjs'), 'utf8');
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the shipped Electron main bundle', () => {
  it('contains the training sandbox', () => {
    // Strings of the shipped part: the training entry, the Host check and an API route.
    expect(bundle).toContain('startTrainingSandbox');
    expect(bundle).toContain('misdirected_request');
    expect(bundle).toContain('/uninstalled-devices');
  });

  it.each([
    // control.ts: the routes (as string literals: comments may still name them) and messages
    '"/_sandbox/health"',
    '"/_sandbox/state"',
    '"/_sandbox/faults"',
    '"/_sandbox/devices/:serial/walk-through"',
    '"/_sandbox/"',
    'Control routes answer loopback clients only.',
    'There is no such control route.',
    // faults.ts / the fault kit
    'pathPattern',
    'FaultEngine',
    'Simulated server failure.',
    'is not a valid regular expression',
    'Corporate network',
    // TLS and the CLI
    'selfsigned',
    'subjectAltName',
    'npm run sandbox',
    'allow-remote',
  ])('does not contain %j', (needle) => {
    expect(bundle.includes(needle)).toBe(false);
  });

  it('builds no regular expression from input in the sandbox code', () => {
    // The shipped sandbox matches routes segment by segment; the only RegExp constructor
    // calls left must come from elsewhere (none of them in sandbox sources).
    // The bundler marks each module with a `// path` line; a module runs to the next marker.
    const sandboxRegions = bundle
      .split(/\n(?=\/\/ (?:electron|node_modules)\/)/)
      .filter((region) => region.startsWith('// electron/sandbox/'));
    expect(sandboxRegions.length).toBeGreaterThan(3);
    for (const region of sandboxRegions) expect(region).not.toContain('new RegExp(');
  });
});
