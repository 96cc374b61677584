import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

describe('developer setup on a fresh laptop', () => {
  it('asks for the Node that Electron 45’s tooling needs (≥ 22.12), and .nvmrc picks one', () => {
    expect(semver.minVersion(pkg.engines.node)?.version).toBe('22.12.0');
    const nvmrc = read('.nvmrc').trim();
    // "22" means the newest 22.x, which is ≥ 22.12; a full version must satisfy engines.
    const pinned = /^\d+$/.test(nvmrc) ? `${nvmrc}.99.0` : nvmrc.replace(/^v/, '');
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
    expect(semver.satisfies('22.11.0', pkg.engines.node)).toBe(false);
  });

  it('lets npm ci run on the build machines’ Node 20 (engines warns, nothing enforces it)', () => {
    const npmrc = existsSync(join(ROOT, '.npmrc')) ? read('.npmrc') : '';
    expect(npmrc).not.toMatch(/^\s*engine-strict\s*=\s*true/m);
  });

  it('says the same Node version in the README', () => {
    const readme = read('README.md');
    expect(readme).toContain('Node.js ≥ 22.12');
    expect(readme).not.toMatch(/Node\.js ≥ 20/);
  });

  it('runs the test commands through the cross-platform keychain wrapper, not a shell script', () => {
    for (const name of ['test:unit', 'test:e2e']) {
      expect(pkg.scripts[name]).toContain('node tests/with-keychain.mjs');
      expect(pkg.scripts[name]).not.toContain('with-keychain.sh');
    }
  });

  it('has a dev script whose entry exists', () => {
    expect(pkg.scripts.dev).toBe('electron-builder install-app-deps && tsx build/dev.ts');
    expect(existsSync(join(ROOT, 'build/dev.ts'))).toBe(true);
  });
});
