/**
 * How text is folded for search, on both sides: what is indexed and what is typed. NFKC turns
 * full-width characters (what a Japanese IME types) into their plain forms; lower case folds
 * case; the trigram tokenizer's remove_diacritics folds accents ("munchen" finds München).
 */
import type { Device } from '../api/wire';
import { serialKey } from '../../serial-key';

export const foldText = (text: string): string => text.normalize('NFKC').toLowerCase();

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

/** Trigram search needs 3 characters. */
export const TRIGRAM_MIN = 3;

/**
 * What follows every key in serial_search (schema.ts, cache migration 2), so that the last one
 * or two characters of a serial are a trigram too: "8$$", "j8$".
 */
export const SERIAL_KEY_END = '$$';

/** A device's entry in serial_search. */
export const serialSearchKey = (serial: string): string => `${serialKey(serial)}${SERIAL_KEY_END}`;

/** A key the contract's serials can have: letters and digits once separators are gone. */
const KEY_CHARACTERS = /^[a-z0-9]+$/;

export interface ParsedQuery {
  /** FTS5 expression over devices_search's `text` (words of 3+ characters, AND-ed), or null. */
  text: string | null;
  /**
   * FTS5 expression over serial_search's `key`: the whole query read as one serial, spaces
   * and separators left out — anywhere in the serial from 3 characters, its last characters
   * for 1–2 — or null.
   */
  serial: string | null;
}

const phrase = (word: string): string => `"${word.replaceAll('"', '""')}"`;

export function parseQuery(raw: string | undefined): ParsedQuery {
  const words = foldText(raw ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN);
  const key = serialKey(raw ?? '');
  const serial = !KEY_CHARACTERS.test(key)
    ? null
    : phrase(key.length >= TRIGRAM_MIN ? key : `${key}${SERIAL_KEY_END}`);
  return { text: long.length > 0 ? long.map(phrase).join(' AND ') : null, serial };
}
