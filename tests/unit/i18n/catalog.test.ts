/**
 * The catalog is complete in every language, says the same values in each, and holds no
 * message the sources do not use. Phase 2 of the translation keeps these passing as it
 * converts the remaining screens (docs/i18n.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LOCALES, PSEUDO_LOCALE } from '../../../i18n/locales';
import { I18N_MESSAGES, I18N_PROJECT } from '../../../i18n/paths';
import { pseudoCatalog, pseudoLocalise } from '../../../i18n/pseudo-locale';

type Message = string | { declarations?: string[]; match: Record<string, string> }[];
type Catalog = Record<string, Message>;

const read = (locale: string): Catalog => {
  const { $schema: _schema, ...messages } = JSON.parse(
    readFileSync(join(I18N_MESSAGES, `${locale}.json`), 'utf8'),
  ) as Catalog & { $schema?: string };
  return messages;
};

const TRANSLATED = MESSAGE_LOCALES.filter((l) => l !== 'en' && l !== PSEUDO_LOCALE);
const english = read('en');

/** The {placeholders} a message's texts use. */
const placeholders = (message: Message): Set<string> => {
  const texts =
    typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
  return new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1] ?? '')));
};

/** Every key used as m.key in the sources that import the catalog's `m`. */
const usedKeys = (): Set<string> => {
  const used = new Set<string>();
  const importsCatalog = /import \{[^}]*\bm\b[^}]*\} from '[^']*(\/i18n|paraglide\/messages\.js)'/;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|svelte)$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        if (!importsCatalog.test(source)) continue;
        for (const match of source.matchAll(/(?<![\w.])m\.([a-z][a-z0-9_]*)/g))
          used.add(match[1] ?? '');
      }
    }
  };
  for (const dir of ['renderer/src', 'electron']) walk(join(process.cwd(), dir));
  return used;
};

describe('message catalog', () => {
  it('the inlang project lists exactly the locales the app resolves to', () => {
    const settings = JSON.parse(readFileSync(join(I18N_PROJECT, 'settings.json'), 'utf8')) as {
      locales: string[];
      baseLocale: string;
    };
    expect(settings.baseLocale).toBe('en');
    expect([...settings.locales].sort()).toEqual([...MESSAGE_LOCALES].sort());
  });

  it.each(TRANSLATED)('%s has every message of en and no other', (locale) => {
    expect(Object.keys(read(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(TRANSLATED)('%s uses the same {placeholders} as en in every message', (locale) => {
    const catalog = read(locale);
    const wrong = Object.keys(english).filter((key) => {
      const want = [...placeholders(english[key] as Message)].sort();
      const have = [...placeholders(catalog[key] as Message)].sort();
      // Plural variants may leave out the number itself ("one" in Japanese has no "1").
      return (
        JSON.stringify(have.filter((p) => want.includes(p))) !== JSON.stringify(have.sort()) ||
        want.some((p) => !have.includes(p) && !/^(count|seconds|minutes)$/.test(p))
      );
    });
    expect(wrong).toEqual([]);
  });

  it.each(TRANSLATED)('%s plural messages all have an "other" variant', (locale) => {
    const catalog = read(locale);
    const missing = Object.entries(catalog)
      .filter(([, m]) => Array.isArray(m))
      .filter(
        ([, m]) =>
          !(m as { match: Record<string, string> }[]).some((v) =>
            Object.keys(v.match).some((k) => k.endsWith('=other')),
          ),
      )
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  // French says 1 000 000 with "many" ("1 million d’appareils"): a plural message without a
  // variant for a category the language has shows its key instead of a sentence.
  it.each(TRANSLATED)(
    '%s plural messages cover every plural category of the language',
    (locale) => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const catalog = read(locale);
      const missing = Object.entries(catalog)
        .filter(([, m]) => Array.isArray(m))
        .flatMap(([key, m]) =>
          (m as { match: Record<string, string> }[]).flatMap((v) => {
            const selectors = new Set(Object.keys(v.match).map((k) => k.split('=')[0] ?? ''));
            return [...selectors].flatMap((selector) =>
              categories
                .filter((c) => !(`${selector}=${c}` in v.match))
                .map((c) => `${key}: ${selector}=${c}`),
            );
          }),
        );
      expect(missing).toEqual([]);
    },
  );

  it('names each message once in every catalog (JSON keeps the last of two silently)', () => {
    for (const locale of [...TRANSLATED, 'en']) {
      const text = readFileSync(join(I18N_MESSAGES, `${locale}.json`), 'utf8');
      const keys = [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((match) => match[1]);
      const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
      expect(twice, `${locale}.json`).toEqual([]);
    }
  });

  it('has no message the sources do not use, and the sources use no unknown one', () => {
    const used = usedKeys();
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });
});

describe('pseudo-locale', () => {
  it('is generated from en at compile time', () => {
    expect(read(PSEUDO_LOCALE)).toEqual(pseudoCatalog(english));
  });
  it('accents every letter, keeps placeholders, brackets the text and makes it ~35 % longer', () => {
    const text = pseudoLocalise('Install {serial} at {location}');
    expect(text).toMatch(/^⟦Îñšţáļļ \{serial\} áţ \{location\}.+⟧$/u);
    const visible = 'Install  at '.length;
    expect(text.replace(/\{\w+\}/g, '').length - 2).toBeGreaterThanOrEqual(visible * 1.35);
    expect(pseudoLocalise('')).toBe('');
  });
});
