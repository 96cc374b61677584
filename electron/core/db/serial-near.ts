/**
 * "Did you mean …": how close a typed serial is to one the inventory has, on serial keys
 * (electron/shared/serial-key.ts). Close is one or two edits — a character wrong, missing or extra,
 * or two neighbours swapped — where a misread of a label (O/0, I/1, B/8, S/5) costs nothing.
 *
 * Written here rather than taken from a library: the edit distance is the textbook table
 * (optimal string alignment) over strings of a dozen characters, and what matters is the
 * misread fold and the pieces below, which no library has.
 */

import { SERIAL_KEY_END } from './search-text';

/** Misreads on labels, folded to the digit. */
const MISREAD: ReadonlyMap<string, string> = new Map([
  ['o', '0'],
  ['i', '1'],
  ['b', '8'],
  ['s', '5'],
]);
const LETTER_OF: ReadonlyMap<string, string> = new Map([...MISREAD].map(([l, d]) => [d, l]));

const foldMisreads = (key: string): string => [...key].map((c) => MISREAD.get(c) ?? c).join('');

/** The most edits a suggestion may be away. */
export const NEAR_EDITS = 2;

/** Optimal string alignment distance of two keys, misreads free; stops above NEAR_EDITS. */
export function serialDistance(a: string, b: string): number {
  const x = [...foldMisreads(a)];
  const y = [...foldMisreads(b)];
  if (Math.abs(x.length - y.length) > NEAR_EDITS) return NEAR_EDITS + 1;
  // rows[i][j]: distance of x[0..i) and y[0..j).
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= y.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const up = rows[i - 1] ?? [];
      const same = x[i - 1] === y[j - 1];
      let best = Math.min(
        (up[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (up[j - 1] ?? 0) + (same ? 0 : 1),
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[x.length]?.[y.length] ?? NEAR_EDITS + 1;
}

/** Trigram search needs pieces of at least 3 characters. */
const PIECE_MIN = 3;

/**
 * Where to look for a typed key's near serials, by the pigeonhole: the key cut into pieces,
 * each probe a set of pieces that a serial within NEAR_EDITS still holds unchanged. Four
 * pieces: two edits touch at most two, so some pair is intact — and a pair is found among a
 * million devices even when one of its pieces is the vendor's prefix that all of them share.
 * Shorter keys get three pieces (one intact) or two (one edit). The last piece ends the key, so
 * it is looked for with the "$" that follows every key (SERIAL_KEY_END).
 */
export function nearProbes(key: string): string[][] {
  const chars = [...key];
  // The last piece has 2 characters at least: with the end mark's "$" it is a trigram.
  const count = Math.min(NEAR_EDITS + 2, Math.floor((chars.length - 2) / PIECE_MIN) + 1);
  if (count < 2) return [];
  const size = Math.max(PIECE_MIN, Math.floor(chars.length / count));
  const pieces = Array.from({ length: count }, (_, i) =>
    i < count - 1
      ? chars.slice(i * size, (i + 1) * size).join('')
      : `${chars.slice(i * size).join('')}${SERIAL_KEY_END}`,
  );
  if (count <= NEAR_EDITS + 1) return pieces.map((p) => [p]);
  return pieces.flatMap((p, i) => pieces.slice(i + 1).map((q) => [p, q]));
}

/** Spellings of one piece looked for at most (a piece of a dozen "0"s would have 4,096). */
const MAX_SPELLINGS = 4;

/** A piece as the label may have said it: each misread digit as itself or its letter. */
export function misreadSpellings(piece: string): string[] {
  let spellings = [''];
  for (const c of foldMisreads(piece)) {
    const letter = LETTER_OF.get(c);
    spellings = spellings
      .flatMap((s) => (letter ? [s + c, s + letter] : [s + c]))
      .slice(0, MAX_SPELLINGS);
  }
  return spellings;
}
