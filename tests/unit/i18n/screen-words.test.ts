/**
 * Words per screen (decision 78): the first paint loads the shell's words and the first
 * screen's, in one language; a screen's own words come with its chunk. Read from the real
 * renderer sources and the real generated modules (npm run i18n / Vitest's compile plugin).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { I18N_MESSAGES, I18N_OUTDIR, RENDERER_SRC } from '../../../i18n/paths';
import { SHELL, wordParts, wordsByPart } from '../../../i18n/screen-words';

const parts = wordsByPart(RENDERER_SRC);
const catalog = new Set(
  Object.keys(JSON.parse(readFileSync(join(I18N_MESSAGES, 'en.json'), 'utf8')) as object),
);
const partOf = (name: string): ReadonlySet<string> => parts.get(name) ?? new Set();
/** Said only by Inventory's filter bar, a component no other screen and not the shell shows. */
const INVENTORY_ONLY = 'inventory_search_placeholder';
/** Said only when a TLS handshake fails (lib/words/error-text.ts): an error's word. */
const ERROR_ONLY = 'error_tls';
/** Said only in a visit's CSV export (lib/visit/csv.ts). */
const CSV_ONLY = 'csv_header_organization';

const generated = async (part: string, locale: string): Promise<Record<string, () => string>> =>
  (await import(pathToFileURL(join(I18N_OUTDIR, 'words', part, `${locale}.js`)).href)) as Record<
    string,
    () => string
  >;

describe('words per screen', () => {
  it("the shell's and the first screen's words leave out a word only another screen says", () => {
    const start = new Set([...partOf(SHELL), ...partOf('locations')]);
    expect(start.size).toBeGreaterThan(100);
    expect(start.has(INVENTORY_ONLY)).toBe(false);
    expect(partOf('inventory').has(INVENTORY_ONLY)).toBe(true);
    // What the shell says is in the shell's part only, never again in a screen's.
    for (const [name, keys] of parts)
      if (name !== SHELL) for (const key of keys) expect(partOf(SHELL).has(key)).toBe(false);
  });

  it("the start's words leave out an error's and the CSV's: they come when first needed", async () => {
    const start = new Set([...partOf(SHELL), ...partOf('locations')]);
    expect(start.has(ERROR_ONLY)).toBe(false);
    expect(start.has(CSV_ONLY)).toBe(false);
    // The error words are a group of their own, which the shell loads after the first paint.
    expect(partOf('errors').has(ERROR_ONLY)).toBe(true);
    expect(partOf('activity').has(CSV_ONLY)).toBe(true);
    const { needs } = wordParts(RENDERER_SRC);
    expect(needs.get(SHELL)).toEqual(['errors']);
    expect(needs.get('locations')).toEqual([]);
    // The generated start modules, in German, as the first paint loads them.
    for (const part of [SHELL, 'locations']) {
      const keys = Object.keys(await generated(part, 'de'));
      expect(keys).not.toContain(ERROR_ONLY);
      expect(keys).not.toContain(CSV_ONLY);
    }
    const errors = (await generated('errors', 'de')) as Record<string, (inputs: object) => string>;
    expect(errors[ERROR_ONLY]?.({ host: 'h' })).toContain('h konnte');
  });

  it('the generated German modules carry the word with the screen that says it, in German', async () => {
    const shell = await generated(SHELL, 'de');
    const locations = await generated('locations', 'de');
    const inventory = await generated('inventory', 'de');
    expect(Object.keys(shell)).not.toContain(INVENTORY_ONLY);
    expect(Object.keys(locations)).not.toContain(INVENTORY_ONLY);
    expect(inventory[INVENTORY_ONLY]?.()).toBe(
      'Seriennummer, Typ, Firmware, Bezeichnung oder Standort',
    );
    // Every word the shell says, and no other (the scan's other `m.x` are not messages).
    expect(Object.keys(shell).sort()).toEqual(
      [...partOf(SHELL)].filter((k) => catalog.has(k)).sort(),
    );
    // A plural keeps its registry (Intl.PluralRules): German's forms, with the screen.
    const activity = (await generated('activity', 'de')) as Record<
      string,
      (inputs: object) => string
    >;
    expect(activity.activity_n_actions?.({ count: 1, shown: '1' })).toBe('1 Aktion');
    expect(activity.activity_n_actions?.({ count: 3, shown: '3' })).toBe('3 Aktionen');
  });

  it('every word a renderer source says is in some part (a miss would show its key)', () => {
    const inParts = new Set([...parts.values()].flatMap((keys) => [...keys]));
    const missed: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|svelte)$/.test(entry.name))
          for (const [, key] of readFileSync(path, 'utf8').matchAll(/(?<![\w$.])m\.([a-z]\w*)/g))
            if (key && catalog.has(key) && !inParts.has(key)) missed.push(`${entry.name}: ${key}`);
      }
    };
    walk(RENDERER_SRC);
    expect(missed).toEqual([]);
  });
});
