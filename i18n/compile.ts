/**
 * `npm run i18n`: writes the pseudo-locale catalog and compiles every catalog with Paraglide
 * into i18n/paraglide (for tsc, tsx and anything run outside Vite). Vite builds use
 * Paraglide's own plugin (i18n/vite-plugins.ts); Vitest runs this script first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@inlang/paraglide-js';
import {
  I18N_MESSAGES,
  I18N_OUTDIR,
  I18N_PROJECT,
  PARAGLIDE_OPTIONS,
  RENDERER_SRC,
} from './paths.ts';
import { writePseudoCatalog } from './pseudo-locale.ts';
import { writeScreenWords } from './screen-words.ts';

/** What the output was compiled from: the compiler options, the settings and every catalog. */
const sourceHash = (): string => {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(PARAGLIDE_OPTIONS));
  hash.update(readFileSync(join(I18N_PROJECT, 'settings.json')));
  for (const file of readdirSync(I18N_MESSAGES).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(I18N_MESSAGES, file)));
  }
  return hash.digest('hex');
};

const STAMP = join(I18N_OUTDIR, '.source-hash');

/**
 * Compiles unless the output is already from these sources (compiling takes seconds), then
 * cuts it into the words of each screen (decision 78): always, since that follows the
 * renderer's sources, and it takes a fraction of a second.
 */
export const compileCatalogs = async (): Promise<void> => {
  writePseudoCatalog(I18N_MESSAGES);
  const hash = sourceHash();
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== hash) {
    await compile(PARAGLIDE_OPTIONS);
    writeFileSync(STAMP, hash);
  }
  await writeScreenWords(RENDERER_SRC);
};

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  await compileCatalogs();
  // The inlang SDK leaves a timer behind that would hold the process ~30 s.
  process.exit(0);
}
