/**
 * The docs are true to the code where they name it: every repository path that README.md,
 * docs/ARCHITECTURE.md and the decision records name exists.
 *
 * A path is a backticked name with a slash or a file extension, a relative link target, or a
 * `../` path in the text. One that starts at a top-level folder (`electron/…`, `tests/…`) or
 * with `./`, `../` is read from the repository root or the document's folder, and must stay
 * inside the repository; a shorter one (`sync/replay.ts`, `handlers.ts`, `service/visit-read`)
 * must be the end of some repository path. `*`, `…`, `<name>` and `{name}` stand for any part
 * of one folder or file name. Routes (`#/…`), URLs, absolute and package names are not paths.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const DOCS = [
  'README.md',
  'docs/ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs/decisions'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/decisions/${f}`),
];
/** What the app, a build or a test run writes: named in the docs, never in the repository. */
const WRITTEN_AT_RUN_TIME = [
  /^accounts\//, // the data dir's per-account folders
  /^(app|cache|work)\.db$/, // the data dir's SQLite files
  /^(dist|release|test-results)(\/|$)/, // build and test output
  /^(bench-results|keychain-accounts)\.json$/, // npm run bench; the dev keychain's list
];
const EXTENSION = /\.(ts|svelte|js|mjs|cjs|json|jsonc|md|sh|ya?ml|html|css|svg|wasm|db)$/;

/** Every path in the work tree (files and their folders), the files git ignores left out. */
const repositoryPaths: string[] = (() => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const all = new Set(files);
  for (const file of files)
    for (let d = posix.dirname(file); d !== '.'; d = posix.dirname(d)) all.add(d);
  return [...all];
})();
const TOP_LEVEL = new Set(repositoryPaths.map((p) => p.split('/')[0]));

/** The paths a document names, with the line they are on. */
function namedPaths(doc: string, text: string): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    const add = (path: string) => found.push({ path, line: index + 1 });
    for (const [, name] of line.matchAll(/`([^`]+)`/g)) {
      if (/[\s=():]/.test(name!) || /^[#/@~$-]/.test(name!) || /^(\.[a-z]+)+$/.test(name!))
        continue;
      if (name!.includes('/') || EXTENSION.test(name!)) add(name!);
    }
    for (const [, target] of line.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g))
      if (!/^[a-z]+:/.test(target!)) add(posix.join(posix.dirname(doc), target!) + '|linked');
    for (const [path] of line
      .replace(/`[^`]*`|\]\([^)]*\)/g, '')
      .matchAll(/(?<![\w./])\.\.\/[\w./-]*\w/g))
      add(path);
  });
  return found;
}

const glob = (path: string) =>
  path
    .split(/(\*|…|<[^>/]*>|\{[^}/]*\})/)
    .map((part, i) => (i % 2 ? '[^/]+' : part.replace(/[.+?^$()[\]\\|]/g, '\\$&')))
    .join('');

/** Why a named path does not exist, or null when it does. */
function missing(doc: string, named: string): string | null {
  if (named.endsWith('|linked')) {
    const path = named.slice(0, -'|linked'.length);
    if (path.startsWith('..')) return 'outside the repository';
    return repositoryPaths.includes(path.replace(/\/$/, '')) ? null : 'no such path';
  }
  const bare = named.replace(/\/$/, '');
  if (WRITTEN_AT_RUN_TIME.some((r) => r.test(bare))) return null;
  let anchored: string | null = null;
  if (bare.startsWith('./') || bare.startsWith('../')) {
    anchored = posix.join(posix.dirname(doc), bare);
    if (anchored.startsWith('..')) return 'outside the repository';
  } else if (TOP_LEVEL.has(bare.split('/')[0]!)) anchored = bare;
  const pattern = glob(anchored ?? bare);
  const last = bare.split('/').pop()!;
  const extension = /\.[a-z]+$/.test(last) ? '' : '(\\.[a-z.]+)?';
  const re = new RegExp(`^${anchored === null ? '(.*/)?' : ''}${pattern}${extension}$`);
  return repositoryPaths.some((p) => re.test(p)) ? null : 'no such path';
}

describe('the paths the docs name', () => {
  it('finds the paths a document names, and what does not exist', () => {
    const text = [
      '`electron/core/db/schema.ts` `sync/replay.ts` `handlers.ts` `pick-list-*.ts`',
      '`#/inventory` `@electron/get` `.svelte.ts` `npm run web` `accounts/<scope>/work.db`',
      '`electron/*.ts` `core/nowhere.ts` started from ../shared/api-spec.md, see [x](../../y.md)',
    ].join('\n');
    const named = namedPaths('docs/ARCHITECTURE.md', text);
    expect(named.map((n) => n.path)).toEqual([
      'electron/core/db/schema.ts',
      'sync/replay.ts',
      'handlers.ts',
      'pick-list-*.ts',
      'accounts/<scope>/work.db',
      'electron/*.ts',
      'core/nowhere.ts',
      '../y.md|linked',
      '../shared/api-spec.md',
    ]);
    expect(named.map((n) => missing('docs/ARCHITECTURE.md', n.path))).toEqual([
      null,
      null,
      null,
      null,
      null,
      'no such path',
      'no such path',
      'outside the repository',
      'no such path',
    ]);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const named = namedPaths(doc, readFileSync(join(ROOT, doc), 'utf8'));
    const wrong = named
      .map(({ path, line }) => ({ line, path, why: missing(doc, path) }))
      .filter((n) => n.why !== null)
      .map((n) => `${doc}:${n.line} ${n.path.replace('|linked', '')}: ${n.why}`);
    expect(wrong).toEqual([]);
  });
});
