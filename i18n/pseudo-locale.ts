/**
 * The pseudo-locale `en-XA`: English made accented, bracketed and ~35 % longer, generated
 * from en.json at every compile (never edited, never committed). A screen shown in it makes
 * three faults visible at a glance: text that is not from the catalog stays plain ASCII,
 * text cut off loses its closing bracket, and layouts too tight for German or French wrap.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownValue } from '../electron/shared/own-key.ts';

const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const FILLER = ' ţŵö ţĥŕéé ƒöûŕ ƒîṽé šîẋ šéṽéñ éîĝĥţ ñîñé ţéñ';

/** Accents every letter outside `{placeholders}` and pads the text to ~135 % in brackets. */
export const pseudoLocalise = (pattern: string): string => {
  if (pattern.trim() === '') return pattern;
  const parts = pattern.split(/(\{[^}]*\})/);
  const accented = parts
    .map((part) =>
      part.startsWith('{') ? part : [...part].map((ch) => ownValue(ACCENTED, ch) ?? ch).join(''),
    )
    .join('');
  const visible = parts.filter((p) => !p.startsWith('{')).join('').length;
  const extra = Math.ceil(visible * 0.35);
  return `⟦${accented}${FILLER.repeat(Math.ceil(extra / FILLER.length) + 1).slice(0, extra)}⟧`;
};

type Catalog = Record<string, unknown>;

/** Walks a message (a string, or Paraglide's variant array) and pseudo-localises its texts. */
const pseudoMessage = (message: unknown): unknown => {
  if (typeof message === 'string') return pseudoLocalise(message);
  if (Array.isArray(message))
    return message.map((variant: Record<string, unknown>) => ({
      ...variant,
      match: Object.fromEntries(
        Object.entries((variant.match ?? {}) as Record<string, string>).map(([k, v]) => [
          k,
          pseudoLocalise(v),
        ]),
      ),
    }));
  return message;
};

export const pseudoCatalog = (english: Catalog): Catalog =>
  Object.fromEntries(
    Object.entries(english).map(([key, value]) => [
      key,
      key === '$schema' ? value : pseudoMessage(value),
    ]),
  );

/** Writes messages/en-XA.json from messages/en.json (only when it changed: no rebuild loops). */
export const writePseudoCatalog = (messagesDir: string): void => {
  const english = JSON.parse(readFileSync(join(messagesDir, 'en.json'), 'utf8')) as Catalog;
  const text = `${JSON.stringify(pseudoCatalog(english), null, 2)}\n`;
  const target = join(messagesDir, `${PSEUDO_LOCALE}.json`);
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // first build
  }
  if (current !== text) writeFileSync(target, text);
};
