/**
 * Every message carries a description for translators (i18n/messages/descriptions.json, one
 * sentence per key; the inlang message format has no place for one, docs/i18n.md). Adding a
 * key to en.json without its description, or leaving a description behind for a key that is
 * gone, fails here as a missing translation fails catalog.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LOCALES, PSEUDO_LOCALE } from '../../../i18n/locales';
import { I18N_MESSAGES } from '../../../i18n/paths';

type Message = string | { declarations?: string[]; match: Record<string, string> }[];

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(join(I18N_MESSAGES, file), 'utf8')) as T;

const { $schema: _schema, ...english } = readJson<Record<string, Message>>('en.json');
const descriptions = readJson<Record<string, unknown>>('descriptions.json');
const keys = Object.keys(english);

/** The {parameters} a message's English texts use, and the inputs a plural declares. */
const parameters = (message: Message): string[] => {
  const texts =
    typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
  const inputs =
    typeof message === 'string'
      ? []
      : message.flatMap((v) => (v.declarations ?? []).map((d) => /^input (\w+)$/.exec(d)?.[1]));
  const used = texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]));
  return [...new Set([...used, ...inputs])].filter((p): p is string => !!p);
};

/** The other messages a description names: a key in backticks (`result_installed`). */
const namedKeys = (description: string): string[] =>
  [...description.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((x) => x[1] ?? '');

/** The messages a description says this one must repeat ("as worded in `x`", "same wording as `x`"). */
const wordingTies = (description: string, tie: 'contains' | 'equals'): string[] => {
  const phrase = tie === 'contains' ? /as worded in `(\w+)`/g : /same wording as `(\w+)`/g;
  return [...description.matchAll(phrase)].map((x) => x[1] ?? '');
};

const TRANSLATED = MESSAGE_LOCALES.filter((l) => l !== PSEUDO_LOCALE);

describe('descriptions for translators', () => {
  it('every message in en.json has a description of one sentence, at most 200 characters', () => {
    const missing = keys.filter((key) => {
      const text = descriptions[key];
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
    const long = keys.filter((key) => String(descriptions[key]).length > 200);
    expect(long).toEqual([]);
  });

  it('describes no message that does not exist, and names none in its text', () => {
    expect(Object.keys(descriptions).filter((key) => !(key in english))).toEqual([]);
    const unknown = Object.entries(descriptions).flatMap(([key, text]) =>
      namedKeys(String(text))
        .filter((named) => !(named in english))
        .map((named) => `${key} → ${named}`),
    );
    expect(unknown).toEqual([]);
  });

  it('says what every {parameter} of the English text holds', () => {
    const unexplained = keys.flatMap((key) =>
      parameters(english[key] as Message)
        .filter((p) => !String(descriptions[key] ?? '').includes(`{${p}}`))
        .map((p) => `${key}: {${p}}`),
    );
    expect(unexplained).toEqual([]);
  });

  it.each(TRANSLATED)(
    '%s repeats the words of the messages a description ties it to (a button named in a sentence, one result everywhere)',
    (locale) => {
      const catalog =
        locale === 'en' ? english : readJson<Record<string, Message>>(`${locale}.json`);
      const broken = keys.flatMap((key) => {
        const description = String(descriptions[key] ?? '');
        const own = catalog[key];
        const contains = wordingTies(description, 'contains').filter((tied) => {
          const words = catalog[tied];
          if (typeof own !== 'string' || typeof words !== 'string') return true;
          return !own.toLowerCase().includes(words.replace(/…$/, '').toLowerCase());
        });
        const equals = wordingTies(description, 'equals').filter((tied) => own !== catalog[tied]);
        return [
          ...contains.map((tied) => `${locale}: ${key} ∋ ${tied}`),
          ...equals.map((tied) => `${locale}: ${key} = ${tied}`),
        ];
      });
      expect(broken).toEqual([]);
    },
  );

  it('is a description, not the message again', () => {
    const copies = keys.filter(
      (key) => typeof english[key] === 'string' && descriptions[key] === english[key],
    );
    expect(copies).toEqual([]);
  });
});
