/**
 * The serial key: a serial as people read it off a label, with case and separators ignored.
 * "FTC-2B5H97J8", "ftc2b5h97j8" and "FTC 2B5H97J8" are one key, "ftc2b5h97j8". Two serials
 * with one key are the same device to a person; which spelling the server uses is a fact the
 * local inventory knows (the core resolves a typed serial to it), and only that spelling goes
 * into a request path. Shared by core and renderer, like id-patterns.ts; no imports.
 *
 * cache.db keeps the same key in SQL (schema.ts, cache migration 2): lower-case ASCII letters
 * and no space, "-", "." or "_" — which is what this gives for every serial the contract
 * accepts (tests/unit/serial-key.test.ts holds the two together).
 */

/** What people leave out or put in between the groups of a serial. */
const SEPARATORS = /[\s._-]/g;

/** ASCII only, as SQLite's lower() (serials are ASCII; "İ" must not grow a dot). */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Printable ASCII is its own NFKC form: normalizing it is skipped (a pick list keys 2,000 lines a read). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export const serialKey = (text: string): string =>
  asciiLower((PRINTABLE_ASCII.test(text) ? text : text.normalize('NFKC')).replace(SEPARATORS, ''));

/**
 * The spelling tried after a 404 for a serial the app does not know: a server may look
 * serials up case-sensitively in lower case as well as upper case.
 */
export const otherCase = (serial: string): string =>
  serial === serial.toUpperCase() ? serial.toLowerCase() : serial.toUpperCase();
