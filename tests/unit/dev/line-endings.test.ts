/**
 * A Windows checkout passes lint: Git for Windows checks text out with CRLF by default
 * (core.autocrlf=true), and Prettier rejects CRLF. .gitattributes pins LF for every text file,
 * whatever core.autocrlf says; checked here over every file in the repository and through a
 * real `git clone -c core.autocrlf=true`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const git = (args: string[], cwd = ROOT): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Tracked files and new ones not ignored: what a commit would hold. */
const repositoryFiles = (): string[] =>
  git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter((file) => file !== '');

/** `git check-attr -z` prints path NUL attribute NUL value NUL, repeated. */
const attributes = (files: string[]): Map<string, Record<string, string>> => {
  const out = execFileSync('git', ['check-attr', '-z', '--stdin', 'text', 'eol'], {
    cwd: ROOT,
    input: files.join('\0'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\0');
  const byFile = new Map<string, Record<string, string>>();
  for (let i = 0; i + 2 < out.length; i += 3) {
    const [file = '', name = '', value = ''] = out.slice(i, i + 3);
    byFile.set(file, { ...byFile.get(file), [name]: value });
  }
  return byFile;
};

const isBinary = (file: string): boolean => readFileSync(join(ROOT, file)).includes(0);

describe('line endings', () => {
  it('every text file in the repository is checked out with LF, every binary one untouched', () => {
    const files = repositoryFiles().filter((file) => {
      try {
        readFileSync(join(ROOT, file));
        return true;
      } catch {
        return false; // deleted in the work tree, not yet committed
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const attrs = attributes(files);
    const wrong: string[] = [];
    for (const file of files) {
      const { text, eol } = attrs.get(file) ?? {};
      if (isBinary(file)) {
        if (text !== 'unset') wrong.push(`${file}: binary but text=${text}`);
      } else if (eol !== 'lf' || (text !== 'set' && text !== 'auto')) {
        wrong.push(`${file}: text=${text} eol=${eol}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('Prettier and editors are told LF too', async () => {
    const config = await prettier.resolveConfig(join(ROOT, 'electron/shared/index.ts'), {
      editorconfig: true,
    });
    expect(config?.endOfLine).toBe('lf');
    expect(readFileSync(join(ROOT, '.editorconfig'), 'utf8')).toMatch(
      /^\[\*\][^[]*^end_of_line = lf$/m,
    );
  });

  describe('a real clone with core.autocrlf=true (what Git for Windows does)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fi-eol-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** A repository with one source file and one PNG, cloned the Windows way. */
    const cloneWithAutocrlf = (name: string, withAttributes: boolean): string => {
      const origin = join(dir, `${name}-origin`);
      git(['init', '-q', origin], dir);
      writeFileSync(join(origin, 'sample.ts'), "export const sample = 'lf';\n");
      copyFileSync(join(ROOT, 'build/icons/16x16.png'), join(origin, 'icon.png'));
      if (withAttributes)
        copyFileSync(join(ROOT, '.gitattributes'), join(origin, '.gitattributes'));
      git(['add', '.'], origin);
      git(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'sample'], origin);
      const clone = join(dir, `${name}-clone`);
      git(['-c', 'core.autocrlf=true', 'clone', '-q', origin, clone], dir);
      return clone;
    };

    const lintPasses = async (file: string): Promise<boolean> => {
      const options = await prettier.resolveConfig(join(ROOT, 'electron/shared/index.ts'));
      return prettier.check(readFileSync(file, 'utf8'), {
        ...options,
        filepath: join(ROOT, 'electron/sample.ts'),
      });
    };

    it('without .gitattributes the checkout is CRLF and fails lint (the bug, as it was)', async () => {
      const clone = cloneWithAutocrlf('bare', false);
      expect(readFileSync(join(clone, 'sample.ts'), 'utf8')).toContain('\r\n');
      expect(await lintPasses(join(clone, 'sample.ts'))).toBe(false);
    });

    it("with the project's .gitattributes the checkout stays LF and passes lint; PNGs stay byte-identical", async () => {
      const clone = cloneWithAutocrlf('pinned', true);
      expect(readFileSync(join(clone, 'sample.ts'), 'utf8')).not.toContain('\r');
      expect(await lintPasses(join(clone, 'sample.ts'))).toBe(true);
      expect(readFileSync(join(clone, 'icon.png'))).toEqual(
        readFileSync(join(ROOT, 'build/icons/16x16.png')),
      );
    });
  });
});
