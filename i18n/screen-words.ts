/**
 * Words per screen (decision 78): which messages the shell and each screen say, from a static
 * scan of the renderer's sources, and one module per part and language holding only those
 * (i18n/paraglide/words/<part>/<locale>.js). The renderer loads the shell's and the first
 * screen's words of the start language before the first paint, and each screen's with its
 * chunk (renderer/src/lib/words/i18n.ts).
 *
 * A scan, not Paraglide's `message-modules` output: that writes one module per message with
 * every language in it, so a screen's chunk would carry its words five times over.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MESSAGE_LOCALES } from './locales.ts';
import { I18N_OUTDIR } from './paths.ts';

/** The part every screen shares: main.ts and what it reaches, screens left out. */
export const SHELL = 'shell';

const SOURCE_EXTENSIONS = ['', '.ts', '.svelte.ts', '.js', '/index.ts'];

/** `m.key` wherever the catalog's Proxy is read (lib/words/i18n.ts); `m` is never renamed. */
const MESSAGE_USE = /(?<![\w$.])m\s*\.\s*([a-z]\w*)/g;
/** Static imports, re-exports and `import()` with a literal path (group 1: `(` when dynamic). */
const IMPORT = /(?:\bfrom\s*|\bimport\s*(\()?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
/** `import type …` and `export type … from`: no code, so no words and nothing to load. */
const TYPE_ONLY = /\b(?:import|export)\s+type\b[^;]*;/g;
/** One screen of lib/navigation/screens.ts: `name: () => import('path')`. */
const SCREEN_LOADER = /^\s*'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('([^']+)'\)/gm;

const resolveImport = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier);
  for (const extension of SOURCE_EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(ts|svelte|js)$/.test(candidate))
      return candidate;
  }
  // A `.js` specifier names its `.ts` source.
  const typescript = base.replace(/\.js$/, '.ts');
  return existsSync(typescript) ? typescript : null;
};

/** What a part's modules reach: the keys they say, and which stops they import statically. */
interface Reach {
  keys: Set<string>;
  stops: Set<string>;
  files: Set<string>;
}

/** The message keys used by `root` and every source it imports, not entering `stops`. */
const reached = (root: string, stops: ReadonlySet<string>): Reach => {
  const keys = new Set<string>();
  const hit = new Set<string>();
  const seen = new Set<string>([root]);
  const queue = [root];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    // Styles, JSON and the catalog's own output say no messages.
    if (!/\.(ts|svelte)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(MESSAGE_USE)) if (key) keys.add(key);
    for (const [, dynamic, specifier] of text.replace(TYPE_ONLY, '').matchAll(IMPORT)) {
      const target = specifier ? resolveImport(file, specifier) : null;
      if (!target) continue;
      // A stop imported with `import()` is loaded by its importer, words and all (decision 82).
      if (stops.has(target)) {
        if (!dynamic) hit.add(target);
      } else if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return { keys, stops: hit, files: seen };
};

/** The screens as lib/navigation/screens.ts loads them: name → its component's file. */
const screenFiles = (rendererSrc: string): Map<string, string> => {
  const loaders = join(rendererSrc, 'lib/navigation/screens.ts');
  const screens = new Map<string, string>();
  for (const [, name, path] of readFileSync(loaders, 'utf8').matchAll(SCREEN_LOADER))
    if (name && path) screens.set(name, resolve(dirname(loaders), path));
  if (screens.size === 0) throw new Error(`no screen loaders found in ${loaders}`);
  return screens;
};

/**
 * Words that come when first needed, not with the first paint (decision 82): the module that
 * says them, relative to the renderer's sources. The error words of every code are a quarter
 * of the catalog and no first screen shows one. A part that imports a group's module
 * statically needs its words with its own: a screen loads them with its chunk, the shell right
 * after the first paint (main.ts), and the shell's code that could say them sooner waits for
 * them. One that imports it with `import()` loads the words with the code (lib/words/
 * error-text-loader.ts).
 */
const WORD_GROUPS: ReadonlyMap<string, string> = new Map([['errors', 'lib/words/error-text.ts']]);

/** Each part's own keys, and the groups it needs loaded with it. */
export interface WordParts {
  words: Map<string, Set<string>>;
  needs: Map<string, string[]>;
}

/**
 * Each part's keys: the shell's (main.ts and everything it reaches, the screens' chunks and
 * the groups left out), each group's and each screen's that the shell does not already have,
 * and the groups each part reaches. A key two screens use is in both: each screen's words
 * come with it whichever was opened first.
 */
export const wordParts = (rendererSrc: string): WordParts => {
  const screens = screenFiles(rendererSrc);
  const groups = new Map([...WORD_GROUPS].map(([name, file]) => [name, join(rendererSrc, file)]));
  const named = new Map([...groups, ...screens]);
  const groupOf = new Map([...groups].map(([name, file]) => [file, name]));
  const stops = new Set(named.values());
  const needsOf = (reach: Reach): string[] =>
    [...reach.stops].flatMap((file) => groupOf.get(file) ?? []).sort();
  const shell = reached(join(rendererSrc, 'main.ts'), stops);
  const words = new Map([[SHELL, shell.keys]]);
  const needs = new Map([[SHELL, needsOf(shell)]]);
  // The shell's modules are left out of the others' scans: their words are the shell's, and
  // what they need is the shell's to load (after the first paint), not each screen's.
  const shellFiles = [...shell.files].filter((file) => !stops.has(file));
  for (const [name, file] of named) {
    const own = reached(file, new Set([...stops, ...shellFiles].filter((s) => s !== file)));
    words.set(name, new Set([...own.keys].filter((key) => !shell.keys.has(key))));
    needs.set(name, needsOf(own));
  }
  return { words, needs };
};

/** Each part's keys (see wordParts). */
export const wordsByPart = (rendererSrc: string): Map<string, Set<string>> =>
  wordParts(rendererSrc).words;

const WORDS_DIR = join(I18N_OUTDIR, 'words');

const writeIfChanged = (file: string, text: string): void => {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

type Compiled = Record<string, (inputs?: unknown) => string>;

/**
 * One part's words in one language: each message's compiled function as Paraglide wrote it
 * (its source text, so plurals keep their `registry` calls).
 */
const partModule = (compiled: Compiled, keys: ReadonlySet<string>): string => {
  const lines = ['/* eslint-disable */', '// Generated by i18n/screen-words.ts: do not edit.'];
  const body: string[] = [];
  const entries = Object.entries(compiled).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, say] of entries)
    if (keys.has(key)) body.push(`export const ${key} = ${String(say)};`);
  const code = body.join('\n');
  if (code.includes('registry.')) lines.push("import * as registry from '../../registry.js';");
  return `${lines.join('\n')}\n${code}\n`;
};

/** The dev server's parts: the whole language (its sources change under it; no scan reruns). */
const wholeModule = (locale: string): string =>
  `// Generated by i18n/screen-words.ts: do not edit.\nexport * from '../../messages/${locale}.js';\n`;

const staleParts = (parts: ReadonlyMap<string, unknown>): string[] =>
  existsSync(WORDS_DIR)
    ? readdirSync(WORDS_DIR).filter((name) => !name.includes('.') && !parts.has(name))
    : [];

/**
 * Writes i18n/paraglide/words: a module per part and language, and an index of their loaders
 * (one literal `import()` each, so the bundler makes each its own chunk). `whole` writes every
 * message into every part (the dev server). Reads Paraglide's compiled per-language modules.
 */
export const writeScreenWords = async (
  rendererSrc: string,
  { whole = false }: { whole?: boolean } = {},
): Promise<void> => {
  const { words: parts, needs } = wordParts(rendererSrc);
  for (const locale of MESSAGE_LOCALES) {
    const url = pathToFileURL(join(I18N_OUTDIR, 'messages', `${locale}.js`)).href;
    const compiled = whole ? null : ((await import(url)) as Compiled);
    for (const [part, keys] of parts)
      writeIfChanged(
        join(WORDS_DIR, part, `${locale}.js`),
        compiled ? partModule(compiled, keys) : wholeModule(locale),
      );
  }
  const loaders = [...parts.keys()].map(
    (part) =>
      `  ${JSON.stringify(part)}: {\n` +
      MESSAGE_LOCALES.map(
        (locale) => `    ${JSON.stringify(locale)}: () => import('./${part}/${locale}.js'),`,
      ).join('\n') +
      '\n  },',
  );
  writeIfChanged(
    join(WORDS_DIR, 'index.js'),
    [
      '// Generated by i18n/screen-words.ts: do not edit.',
      `export const WORD_PARTS = {\n${loaders.join('\n')}\n};`,
      `export const WORD_NEEDS = ${JSON.stringify(Object.fromEntries(needs), null, 2)};`,
      '',
    ].join('\n'),
  );
  writeIfChanged(
    join(WORDS_DIR, 'index.d.ts'),
    [
      '// Generated by i18n/screen-words.ts: do not edit.',
      `export type WordPart = ${[...parts.keys()].map((p) => JSON.stringify(p)).join(' | ')};`,
      `type Locale = ${MESSAGE_LOCALES.map((l) => JSON.stringify(l)).join(' | ')};`,
      'type Said = Record<string, (inputs?: Record<string, unknown>) => string>;',
      'export declare const WORD_PARTS: Record<WordPart, Record<Locale, () => Promise<Said>>>;',
      '/** The groups of words each part says through modules of theirs, loaded with it. */',
      'export declare const WORD_NEEDS: Record<WordPart, readonly WordPart[]>;',
      '',
    ].join('\n'),
  );
  // A screen renamed or removed leaves no stale folder behind.
  for (const stale of staleParts(parts)) rmSync(join(WORDS_DIR, stale), { recursive: true });
};
