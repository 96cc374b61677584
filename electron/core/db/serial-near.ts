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

/**
 * Characters one key has more of than the other, the larger side: no more than the edits
 * between them (an edit changes one character or swaps two), and cheap to count, so most
 * candidates are out before the table.
 */
const bagDistance = (x: readonly string[], y: readonly string[]): number => {
  const counts = new Map<string, number>();
  for (const c of x) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of y) counts.set(c, (counts.get(c) ?? 0) - 1);
  let more = 0;
  let fewer = 0;
  for (const n of counts.values()) {
    if (n > 0) more += n;
    else fewer -= n;
  }
  return Math.max(more, fewer);
};

/**
 * Optimal string alignment distance of two keys, misreads free; stops above NEAR_EDITS. Three
 * rows of the table at a time, and out as soon as a row is past NEAR_EDITS: a "did you mean" may
 * weigh two thousand candidates.
 */
export function serialDistance(a: string, b: string): number {
  const x = [...foldMisreads(a)];
  const y = [...foldMisreads(b)];
  if (Math.abs(x.length - y.length) > NEAR_EDITS) return NEAR_EDITS + 1;
  if (bagDistance(x, y) > NEAR_EDITS) return NEAR_EDITS + 1;
  // before[j], above[j], row[j]: distances of x[0..i-2), x[0..i-1), x[0..i) to y[0..j).
  let before = new Int32Array(y.length + 1);
  let above = Int32Array.from({ length: y.length + 1 }, (_, j) => j);
  let row = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= y.length; j++) {
      let best = Math.min(
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (above[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      row[j] = best;
      least = Math.min(least, best);
    }
    if (least > NEAR_EDITS) return NEAR_EDITS + 1;
    [before, above, row] = [above, row, before];
  }
  return Math.min(above[y.length] ?? NEAR_EDITS + 1, NEAR_EDITS + 1);
}

/** Trigram search needs pieces of at least 3 characters. */
const PIECE_MIN = 3;
/**
 * Characters of a piece looked for at most. A serial's pieces are 3 or 4 characters; a key of
 * 64 made pieces of 16, and one query of two of them read 50 ms of index at a million devices.
 */
const PIECE_MAX = 6;

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
  // A piece longer than PIECE_MAX is looked for by its first (the last one: its last)
  // PIECE_MAX characters: intact if the piece is, and one index query stays short.
  const pieces = Array.from({ length: count }, (_, i) =>
    i < count - 1
      ? chars.slice(i * size, Math.min((i + 1) * size, i * size + PIECE_MAX)).join('')
      : `${chars.slice(Math.max(i * size, chars.length - PIECE_MAX)).join('')}${SERIAL_KEY_END}`,
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
