/**
 * Code 39 bars for the accuracy audit's printed sheet ("In" and "Out" barcodes the handheld
 * scanner counts with) and a receipt's barcode (lib/visit/receipt-code.ts). Every wedge scanner reads Code 39 out of the box, and two fixed symbols
 * do not need zxing-wasm's writer (a second WebAssembly module to load for one sheet): the
 * symbology is a table of 9-element patterns, three of them wide.
 */
import { ownValue } from '$shared/own-key';

// prettier-ignore
const PATTERNS: Readonly<Record<string, string>> = {
  '0': 'nnnwwnwnn', '1': 'wnnwnnnnw', '2': 'nnwwnnnnw', '3': 'wnwwnnnnn', '4': 'nnnwwnnnw',
  '5': 'wnnwwnnnn', '6': 'nnwwwnnnn', '7': 'nnnwnnwnw', '8': 'wnnwnnwnn', '9': 'nnwwnnwnn',
  A: 'wnnnnwnnw', B: 'nnwnnwnnw', C: 'wnwnnwnnn', D: 'nnnnwwnnw', E: 'wnnnwwnnn',
  F: 'nnwnwwnnn', G: 'nnnnnwwnw', H: 'wnnnnwwnn', I: 'nnwnnwwnn', J: 'nnnnwwwnn',
  K: 'wnnnnnnww', L: 'nnwnnnnww', M: 'wnwnnnnwn', N: 'nnnnwnnww', O: 'wnnnwnnwn',
  P: 'nnwnwnnwn', Q: 'nnnnnnwww', R: 'wnnnnnwwn', S: 'nnwnnnwwn', T: 'nnnnwnwwn',
  U: 'wwnnnnnnw', V: 'nwwnnnnnw', W: 'wwwnnnnnn', X: 'nwnnwnnnw', Y: 'wwnnwnnnn',
  Z: 'nwwnwnnnn', '-': 'nwnnnnwnw', '.': 'wwnnnnwnn', ' ': 'nwwnnnwnn', '*': 'nwnnwnwnn',
};

/** Wide elements are three narrow ones (the ratio scanners read most reliably). */
const WIDE = 3;

export interface Bars {
  /** Each bar's left edge and width, in narrow modules. */
  bars: { x: number; width: number }[];
  /** The whole symbol's width in modules, quiet zones included. */
  width: number;
}

/** The bars of `text` (upper case letters, digits, "-", ".", space) between the start and stop "*". */
export function code39(text: string, quietZone = 10): Bars {
  const bars: Bars['bars'] = [];
  let x = quietZone;
  for (const ch of `*${text}*`) {
    const pattern = ownValue(PATTERNS, ch);
    if (pattern === undefined) throw new Error(`Code 39 has no "${ch}"`);
    [...pattern].forEach((element, i) => {
      const width = element === 'w' ? WIDE : 1;
      if (i % 2 === 0) bars.push({ x, width });
      x += width;
    });
    x += 1; // the narrow gap between characters
  }
  return { bars, width: x - 1 + quietZone };
}

/** The bars as one SVG path of the given height (a hundred <rect>s laid out for nothing). */
export const barsPath = (symbol: Bars, height: number): string =>
  symbol.bars.map((bar) => `M${bar.x} 0h${bar.width}v${height}h-${bar.width}z`).join('');
