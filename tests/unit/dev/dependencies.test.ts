/**
 * The dependency list stays honest: every direct dependency is used (imported, run by a script
 * or a test through its bin, or loaded by path), and the lockfile pins every package — the
 * optional platform builds of other OSes included — to a registry tarball and its integrity,
 * so `npm ci` fetches exactly that and verifies it on every OS. (The project's .npmrc keeps
 * npm writing `resolved`; a user setting omit-lockfile-registry-resolved would drop it.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package name of a lockfile path (node_modules/a/node_modules/@s/b → @s/b). */
const nameOf = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 13);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('dependencies', () => {
  it('every direct dependency is used by something', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|js|mjs|cjs|svelte|json)$/.test(f))
      .filter((f) => !['package.json', 'package-lock.json'].includes(f))
      .filter((f) => existsSync(join(ROOT, f)));
    const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
    const source = files.map(read).join('\n');
    // Config files name plugins as strings (.prettierrc.json's "plugins").
    const configs = files
      .filter((f) => f.endsWith('.json'))
      .map(read)
      .join('\n');
    const scripts = Object.values(pkg.scripts).join('\n');
    const direct = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    const bins = (name: string): string[] => {
      const bin = (
        JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
          bin?: string | Record<string, string>;
        }
      ).bin;
      return typeof bin === 'string' ? [name.split('/').pop() ?? name] : Object.keys(bin ?? {});
    };
    const unused = direct.filter((name) => {
      const n = escape(name);
      const imported = new RegExp(
        `(from\\s+|import\\(|require\\(|import\\s+)['"]${n}(/[^'"]*)?['"]`,
      );
      const byPath = new RegExp(`node_modules/${n}/`);
      if (imported.test(source) || byPath.test(source)) return false;
      if (new RegExp(`"${n}"`).test(configs)) return false;
      if (
        bins(name).some((bin) =>
          new RegExp(`(^|[\\s/'"])${escape(bin)}([\\s'"]|$)`, 'm').test(`${scripts}\n${source}`),
        )
      )
        return false;
      // Types for Node or for a package that is used.
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      return typed === undefined || (typed !== 'node' && !direct.includes(typed));
    });
    expect(unused).toEqual([]);
  });

  it('the lockfile pins every package to a registry tarball and its integrity', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<
        string,
        { version?: string; resolved?: string; integrity?: string; link?: boolean }
      >;
    };
    const unpinned = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.link)
      .filter(
        ([path, entry]) =>
          !/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity ?? '') ||
          entry.resolved !==
            `https://registry.npmjs.org/${nameOf(path)}/-/${nameOf(path).split('/').pop()}-${entry.version}.tgz`,
      )
      .map(([path, entry]) => `${path}@${entry.version}: ${entry.resolved} ${entry.integrity}`);
    expect(unpinned).toEqual([]);
  });
});
