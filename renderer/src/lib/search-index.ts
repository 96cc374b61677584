/**
 * The search text of a device list, built once per list (lists are immutable: a refresh is a
 * new array). Rebuilding 100,000 lower-cased strings on every keystroke cost more than a
 * frame, and so did testing each of them with `includes` on the first key of a search; so
 * the texts are also joined into one string, one device per line, which `indexOf` crosses
 * from match to match, skipping the devices in between without visiting them. The first
 * key of a search is a single character that most devices contain (a digit: 80 % of them);
 * for those a bitset per character answers without looking at any text.
 */
import type { Device } from '../../../electron/contract';

export interface SearchIndex {
  /** Lower-cased search text per device, in list order. */
  texts: string[];
  /** All texts, each followed by '\n'. */
  joined: string;
  /** Where device i's text starts in `joined`; one extra entry at the end. */
  starts: Int32Array;
  /** Per character: bit i set when device i's text contains it. ~13 KB each at 100,000. */
  charBits: Map<string, Uint32Array>;
}

const haystack = (d: Device): string =>
  [
    d.serial_number,
    d.name,
    d.device_type_name,
    d.firmware_version_name,
    d.board_id,
    d.location?.name,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    // A line per device: a name with a line break must not split its device in two.
    .replace(/\n/g, ' ');

const built = new WeakMap<readonly Device[], SearchIndex>();

export const searchIndexOf = (devices: readonly Device[]): SearchIndex => {
  let index = built.get(devices);
  if (!index) {
    const texts = devices.map(haystack);
    const starts = new Int32Array(texts.length + 1);
    let at = 0;
    texts.forEach((text, i) => {
      starts[i] = at;
      at += text.length + 1;
    });
    starts[texts.length] = at;
    index = { texts, joined: texts.join('\n') + '\n', starts, charBits: charBitsOf(texts) };
    built.set(devices, index);
  }
  return index;
};

function charBitsOf(texts: string[]): Map<string, Uint32Array> {
  const words = (texts.length + 31) >>> 5;
  const bits = new Map<string, Uint32Array>();
  texts.forEach((text, i) => {
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    for (const ch of text) {
      let set = bits.get(ch);
      if (!set) bits.set(ch, (set = new Uint32Array(words)));
      set[word]! |= bit;
    }
  });
  return bits;
}

const devicesWithChar = (index: SearchIndex, ch: string): number[] => {
  const set = index.charBits.get(ch);
  const found: number[] = [];
  if (!set) return found;
  for (let w = 0; w < set.length; w++) {
    let word = set[w]!;
    while (word !== 0) {
      const low = word & -word;
      found.push((w << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return found;
};

/** The device whose line holds position `pos` of `joined`, at or after device `from`. */
const lineAt = (starts: Int32Array, pos: number, from: number): number => {
  // Matches of a common letter are dense: the next line is usually the one.
  if (starts[from + 1]! > pos) return from;
  let lo = from + 1;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

/** Indexes of the devices whose text contains `word` (no whitespace), in list order. */
export const devicesContaining = (index: SearchIndex, word: string): number[] => {
  if (word.length === 1) return devicesWithChar(index, word);
  const found: number[] = [];
  const { joined, starts } = index;
  let pos = joined.indexOf(word);
  let i = 0;
  while (pos !== -1) {
    i = lineAt(starts, pos, i);
    found.push(i);
    pos = joined.indexOf(word, starts[i + 1]);
  }
  return found;
};
