/**
 * How text is folded for search, on both sides: what is indexed and what is typed. NFKC turns
 * full-width characters (what a Japanese IME types) into their plain forms; lower case folds
 * case; the trigram tokenizer's remove_diacritics folds accents ("munchen" finds München).
 */
import type { Device } from '../api/wire';

export const foldText = (text: string): string => text.normalize('NFKC').toLowerCase();

/** Serials are compared upper-case, as printed. */
export const foldSerial = (text: string): string => text.normalize('NFKC').trim().toUpperCase();

/** Everything a technician might type to find a device. */
export const deviceSearchText = (d: Device): string =>
  foldText(
    [
      d.serial_number,
      d.device_type_name,
      d.firmware_version_name,
      d.board_id,
      d.name,
      d.location?.name,
    ]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join('\n'),
  );

/** Trigram search needs 3 characters; shorter words match the start of the serial instead. */
export const TRIGRAM_MIN = 3;

export interface ParsedQuery {
  /** FTS5 MATCH expression (quoted phrases, AND-ed), or null. */
  match: string | null;
  /** Serial prefix for a query of only 1–2 characters, or null. */
  serialPrefix: string | null;
}

export function parseQuery(raw: string | undefined): ParsedQuery {
  const words = foldText(raw ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN);
  if (long.length > 0) {
    return {
      match: long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND '),
      serialPrefix: null,
    };
  }
  const first = words[0];
  return { match: null, serialPrefix: first === undefined ? null : foldSerial(first) };
}
