/**
 * How a dialect spells serials, and which spelling of a request path finds a device.
 * The sandbox holds serials as seeded ("FTC-2B5H97J8"); a dialect spells them at the edge.
 */
import { SERIAL_CHARS } from '../seed-data';

export type SerialStyle =
  /** As held, looked up exactly (the default: the app sends the spelling it was given). */
  | 'as-held'
  /**
   * Lower-case hex of the serial's bytes ("FTC-2B5H97J8" → "4654432d3242354839374a38"),
   * looked up case-sensitively: "4654432D…" is a 404 (decision record 34). Every serial starts the same
   * ("4654432d" is "FTC-"), as a vendor's serials do.
   */
  | 'lower-hex'
  /**
   * Digits in groups of four after a two-letter prefix, with spaces, as a label prints them:
   * each character of the held serial as its two-digit place in the serial alphabet
   * ("FTC-2B5H97J8" → "PC 2401 3006 3129 0830"), looked up exactly as spelled: the same digits
   * without the spaces are a 404 (decision record 69).
   */
  | 'spaced-digits';

const SPACED = /^PC((?: \d{4}){4})$/;

const spaced = (held: string): string => {
  const chars = held.startsWith('FTC-') ? [...held.slice(4)] : [];
  const places = chars.map((c) => SERIAL_CHARS.indexOf(c));
  if (places.length !== 8 || places.some((p) => p < 0)) return held;
  const digits = places.map((p) => String(p).padStart(2, '0')).join('');
  return `PC ${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
};

const unspaced = (served: string): string | undefined => {
  const m = SPACED.exec(served);
  if (!m?.[1]) return undefined;
  const digits = m[1].replaceAll(' ', '');
  const chars = (digits.match(/\d{2}/g) ?? []).map((d) => SERIAL_CHARS[Number(d)]);
  return chars.every((c) => c !== undefined) ? `FTC-${chars.join('')}` : undefined;
};

/** The serial as the dialect writes it. */
export const servedSerial = (style: SerialStyle, held: string): string =>
  style === 'lower-hex'
    ? Buffer.from(held, 'utf8').toString('hex')
    : style === 'spaced-digits'
      ? spaced(held)
      : held;

/** The held serial a request path names, or undefined when it names none in this spelling. */
export const heldSerial = (style: SerialStyle, served: string): string | undefined => {
  if (style === 'as-held') return served;
  if (style === 'spaced-digits') return unspaced(served);
  if (!/^(?:[0-9a-f]{2})+$/.test(served)) return undefined;
  return Buffer.from(served, 'hex').toString('utf8');
};
