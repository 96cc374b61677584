/**
 * How text is folded for search, on both sides: what is indexed and what is typed. NFKC turns
 * full-width characters (what a Japanese IME types) into their plain forms; lower case folds
 * case; the trigram tokenizer's remove_diacritics folds accents ("munchen" finds München).
 */
import type { Device } from '../api/records';
import { serialKey } from '../../shared/serial-key';

const foldText = (text: string): string => text.normalize('NFKC').toLowerCase();

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
 * What follows every key in serial_search (schema.ts, cache migration 2): "$", then "$" for a
 * device that is not installed or "%" for one that is. The last one or two characters of a
 * serial are a trigram then ("8$$", "j8$"), and the mark keeps to the inventory by itself:
 * intersecting with `state` cost 1.8 ms for two characters at a million devices, 0.4 ms so.
 */
export const SERIAL_KEY_END = '$';
const END_NOT_INSTALLED = '$';
const END_INSTALLED = '%';

/** A device's entry in serial_search. */
export const serialSearchKey = (serial: string, installed: boolean): string =>
  `${serialKey(serial)}${SERIAL_KEY_END}${installed ? END_INSTALLED : END_NOT_INSTALLED}`;

/** A key the contract's serials can have: letters and digits once separators are gone. */
export const KEY_CHARACTERS = /^[a-z0-9]+$/;

export const phrase = (word: string): string => `"${word.replaceAll('"', '""')}"`;

/** FTS5 expression over serial_search's `key`: the serials whose key ends with `key`. */
export const keyEndsWith = (key: string, notInstalledOnly: boolean): string => {
  const end = `${key}${SERIAL_KEY_END}`;
  return notInstalledOnly
    ? phrase(`${end}${END_NOT_INSTALLED}`)
    : `(${phrase(`${end}${END_NOT_INSTALLED}`)} OR ${phrase(`${end}${END_INSTALLED}`)})`;
};

export interface ParsedQuery {
  /** FTS5 expression over devices_search's `text` (words of 3+ characters, AND-ed), or null. */
  text: string | null;
  /**
   * The whole query read as one serial, spaces and separators left out (its serial key), or
   * null: found anywhere in serials from 3 characters, at their end for 1–2.
   */
  serialKey: string | null;
}

export function parseQuery(raw: string | undefined): ParsedQuery {
  const words = foldText(raw ?? '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= TRIGRAM_MIN);
  const key = serialKey(raw ?? '');
  return {
    text: long.length > 0 ? long.map(phrase).join(' AND ') : null,
    serialKey: KEY_CHARACTERS.test(key) ? key : null,
  };
}
