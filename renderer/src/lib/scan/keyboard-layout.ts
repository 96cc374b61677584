/**
 * The keyboard-layout trap of handheld scanners. A keyboard-wedge scanner does not send
 * characters: it sends key presses for the layout it is set to (usually US), and the computer
 * reads them with its own layout. On a German (QWERTZ) computer, a US-set scanner's "-"
 * arrives as "ß" and Y and Z swap; on a French (AZERTY) one the digits arrive as "&é\"'(-è_çà"
 * and A/Q, Z/W swap. The scan then holds characters a serial never has (contract: letters,
 * digits, ".", "_", "-"), or — for letter swaps only — a valid-looking wrong serial.
 *
 * Pure and unit-tested; the scan field shows the warning (docs/i18n.md, "Scanners").
 */
import { ownValue } from '$shared/own-key';
import { m } from '../words/i18n';
import { normaliseSerial } from './normalise-serial';

type HostLayout = 'qwertz' | 'azerty';

export interface ScannerLayoutWarning {
  kind: 'scanner_layout';
  /** The computer layout the scan's characters point to; null when only "odd characters". */
  layout: HostLayout | null;
  /** The serial the scanner meant, when reading the keys back with a US layout gives one. */
  repaired: string | null;
}

/** What a US-set scanner's key presses become on each computer layout (typed → meant). */
const TYPED_TO_US: Readonly<Record<HostLayout, Readonly<Record<string, string>>>> = {
  // German QWERTZ: the US "-" key is "ß", its shifted "_" is "?", "/" is "-", Y and Z swap.
  qwertz: { ß: '-', '?': '_', y: 'z', z: 'y', Y: 'Z', Z: 'Y', ü: '[', Ü: '{', ö: ';', ä: "'" },
  // French AZERTY: unshifted digit row, A/Q and Z/W swap, the US "m" key is ",".
  azerty: {
    '&': '1',
    é: '2',
    '"': '3',
    "'": '4',
    '(': '5',
    '§': '6',
    è: '7',
    '!': '8',
    ç: '9',
    à: '0',
    ')': '-',
    '°': '_',
    a: 'q',
    q: 'a',
    A: 'Q',
    Q: 'A',
    z: 'w',
    w: 'z',
    Z: 'W',
    W: 'Z',
    ',': 'm',
    '?': 'M',
    m: ';',
  },
};

/** Characters only that layout produces from a US scanner (the letter swaps prove nothing). */
const SIGNATURE: Readonly<Record<HostLayout, RegExp>> = {
  qwertz: /[ßüöäÜÖÄ]/,
  azerty: /[&é"'(§è!çà°]/,
};

const readBack = (text: string, layout: HostLayout): string =>
  [...text].map((ch) => ownValue(TYPED_TO_US[layout], ch) ?? ch).join('');

/** Characters no serial has and no label wrapper (URL, JSON, GS1, "SN:") explains. */
const ODD = /[^A-Za-z0-9._\-\s:/?=&#%+{}[\]",;()|]/;

/**
 * A warning when a scan looks like the layout trap; null when the scan is a serial (or
 * anything normaliseSerial reads) and shows no sign of it.
 */
export function scannerLayoutWarning(raw: string): ScannerLayoutWarning | null {
  const text = raw.trim();
  if (text === '') return null;
  const warn = (layout: HostLayout | null): ScannerLayoutWarning => ({
    kind: 'scanner_layout',
    layout,
    repaired: layout ? normaliseSerial(readBack(text, layout)) : null,
  });
  // Before the serial check: "ß" is a US scanner's "-" read on QWERTZ, whatever else it held.
  if (SIGNATURE.qwertz.test(text)) return warn('qwertz');
  if (normaliseSerial(raw) !== null) return null;
  // "&", quotes and brackets are normal in URL and JSON labels, so only now do they count.
  if (SIGNATURE.azerty.test(text)) return warn('azerty');
  // Control characters (GS1's separator, AIM prefixes) are the scanner's, not the layout's.
  return ODD.test(text.replace(/\p{Cc}/gu, '')) ? warn(null) : null;
}

/**
 * A serial that was not found may be the letter swap alone (Y/Z on QWERTZ; A/Q, Z/W on
 * AZERTY): the serials the scanner may have meant, to offer or try, without duplicates.
 */
export function layoutSwapCandidates(serial: string): string[] {
  const candidates = (['qwertz', 'azerty'] as const)
    .map((layout) => readBack(serial, layout))
    .filter((candidate) => candidate !== serial && normaliseSerial(candidate) === candidate);
  return [...new Set(candidates)];
}

/** The scan field's words for a warning. */
export function scannerLayoutText(warning: ScannerLayoutWarning): string {
  const advice = m.scan_layout_warning();
  return warning.repaired
    ? `${advice} ${m.scan_layout_meant({ serial: warning.repaired })}`
    : advice;
}
