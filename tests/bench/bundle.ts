/**
 * Figure 1: what the renderer makes a user download before the first screen — the entry
 * script, its modulepreloads and the stylesheets named in index.html, plus the words of the
 * shell and of the first screen in the language it starts in (main.ts loads those before the
 * first render, decision 78; the largest of the five languages is counted) — gzipped at level 9 (what a CDN or Electron's asar would do
 * at best), and proof that the barcode decoder and the chart library stay out of that set
 * (they load only when the camera or a chart opens).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { atMost, exactly, type Figure } from './results';

/** Name or content signatures of code that must be lazy. Names first; content catches inlining. */
const LAZY_LIBRARIES = [
  {
    library: 'zxing decoder (wasm + worker)',
    file: /zxing|decode-worker|\.wasm$/i,
    content: /zxing_reader|prepareZXingModule|readBarcodes/,
  },
  { library: 'uPlot charts', file: /uplot/i, content: /u-legend|u-over/ },
] as const;

const attr = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null;

/** Entry script, modulepreloads and stylesheets, as paths relative to the build folder. */
function initialAssets(indexHtml: string): string[] {
  const assets: string[] = [];
  for (const [tag] of indexHtml.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = attr(tag, 'rel')?.toLowerCase();
    const ref = isScript
      ? attr(tag, 'src')
      : rel === 'modulepreload' || rel === 'stylesheet'
        ? attr(tag, 'href')
        : null;
    if (ref && !/^[a-z]+:/i.test(ref)) assets.push(ref.replace(/^\.?\//, ''));
  }
  return [...new Set(assets)];
}

/** A part's words in a language as vite.config.ts names them: `words-shell.de-<8-character
 * hash>.js` (en-XA, the pseudo-locale, is for tests). */
const WORDS_CHUNK = /^words-([\w-]+)\.(en|de|fr|nl|ja)-[\w-]{8}\.js$/;
/** The parts main.ts loads before the first paint: the shell's and the first screen's. */
const START_PARTS = new Set(['shell', 'locations']);

/** The chunk itself and the chunks it imports statically (`from"./x.js"`), as asset paths. */
async function withStaticImports(rendererDir: string, asset: string): Promise<string[]> {
  const text = await readFile(join(rendererDir, asset), 'utf8');
  const dir = asset.slice(0, asset.lastIndexOf('/') + 1);
  const imported = [...text.matchAll(/\bfrom\s*["']\.\/([^"']+\.js)["']/g)].map(
    (match) => `${dir}${match[1] ?? ''}`,
  );
  return [asset, ...imported];
}

/** The start words (and what they import) of the language whose set is largest. */
async function largestLanguage(
  rendererDir: string,
  initial: readonly string[],
): Promise<{ language: string; assets: string[] }> {
  const byLanguage = new Map<string, string[]>();
  for (const name of await readdir(join(rendererDir, 'assets'))) {
    const [, part, language] = WORDS_CHUNK.exec(name) ?? [];
    if (part && language && START_PARTS.has(part))
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), `assets/${name}`]);
  }
  const complete = [...byLanguage].filter(([, chunks]) => chunks.length === START_PARTS.size);
  if (complete.length < 5)
    throw new Error(
      `expected the shell's and the first screen's words per language, found ${[...byLanguage.keys()].join(', ') || 'none'}`,
    );
  let best = { language: '', assets: [] as string[], bytes: -1 };
  for (const [language, chunks] of complete) {
    const assets = [
      ...new Set((await Promise.all(chunks.map((c) => withStaticImports(rendererDir, c)))).flat()),
    ].filter((a) => !initial.includes(a));
    let bytes = 0;
    for (const a of assets)
      bytes += gzipSync(await readFile(join(rendererDir, a)), { level: 9 }).length;
    if (bytes > best.bytes) best = { language, assets, bytes };
  }
  return best;
}

export async function benchBundle(rendererDir: string): Promise<Figure[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  const named = initialAssets(html);
  if (named.length === 0) throw new Error('index.html names no scripts or stylesheets');
  const language = await largestLanguage(rendererDir, named);
  // The first screen is a chunk of its own (record 76) that main.ts loads before the first
  // paint: the signed-in start screen (Locations) counts, with what it imports and its CSS.
  const firstScreen = (await readdir(join(rendererDir, 'assets'))).find((f) =>
    /^LocationsScreen-[\w-]{8}\.js$/.test(f),
  );
  const screenAssets = firstScreen
    ? (await withStaticImports(rendererDir, `assets/${firstScreen}`)).filter(
        (a) => !named.includes(a) && !language.assets.includes(a),
      )
    : [];
  const screenCss = (await readdir(join(rendererDir, 'assets')))
    .filter((f) => /^LocationsScreen-[\w-]{8}\.css$/.test(f))
    .map((f) => `assets/${f}`);
  const assets = [...named, ...language.assets, ...screenAssets, ...screenCss];
  let gzipped = 0;
  let raw = 0;
  const offenders: string[] = [];
  for (const asset of assets) {
    const bytes = await readFile(join(rendererDir, asset));
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
    const text = bytes.toString('utf8');
    for (const lib of LAZY_LIBRARIES) {
      if (lib.file.test(asset) || lib.content.test(text))
        offenders.push(`${lib.library} in ${asset}`);
    }
  }
  return [
    atMost(
      'bundle-initial-gzip',
      'renderer initial JS + CSS (gzip -9)',
      gzipped / 1024,
      'KB',
      100,
      {
        note:
          `${assets.length} initial files (${assets.join(', ')}), ${(raw / 1024).toFixed(1)} KB before gzip; ` +
          `the words counted are ${language.language}'s (the shell's and Locations'), the largest of the five languages (each language loads only its own, and each screen its own words with its chunk); ` +
          `the first screen's chunk (Locations, loaded by main.ts beside the words) counted with its imports`,
      },
    ),
    exactly(
      'bundle-lazy-chunks',
      'lazy chunks (zxing, uPlot) in initial bundle',
      offenders.length,
      'count',
      0,
      {
        ...(offenders.length > 0 ? { note: offenders.join('; ') } : {}),
      },
    ),
  ];
}
