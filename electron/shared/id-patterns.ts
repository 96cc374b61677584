/**
 * What an identifier and a serial number may be. Kept apart from the contract (which imports
 * zod) so the renderer can check a route's ids with the same rule without bundling zod.
 *
 * Location ids, organization ids and serials are the server's opaque strings (decision record
 * 69): any text it gives — letters of any script, spaces, ":", ".", "/", "%", "#", "?" — kept
 * exactly, percent-encoded as one path segment wherever it goes (a request, a screen's address,
 * a deep link) and shown as given. What no identifier can be: empty, longer than its limit,
 * "." or ".." (a URL parser resolves those segments, "%2E%2E" included, so they would change
 * which vendor path is called), or text with control characters or a lone surrogate half (no
 * UTF-8 spelling: it cannot be percent-encoded).
 */

export const ID_MAX_LENGTH = 200;
export const SERIAL_MAX_LENGTH = 64;

/** A control character or half of a surrogate pair standing alone. */
const UNSPELLABLE = /[\p{Cc}\p{Cs}]/u;

const isOpaque = (s: string, max: number): boolean =>
  s.length > 0 && s.length <= max && s !== '.' && s !== '..' && !UNSPELLABLE.test(s);

/** Location, organization (and other record) ids, as the server gives them. */
export const isId = (s: string): boolean => isOpaque(s, ID_MAX_LENGTH);

/** A serial as the server spells it ("FTC-2B5H97J8", "PC 0033 8396", "4654432d…"). */
export const isSerial = (s: string): boolean => isOpaque(s, SERIAL_MAX_LENGTH);

/**
 * What a person types or a scanner reads as a serial, once its wrapper and spaces are gone
 * (renderer/src/lib/scan/normalise-serial.ts): letters and digits with ".", "_" or "-" between
 * them. It is matched to the server's own spelling ignoring case and separators
 * (serial-key.ts), so "PC00338396" finds "PC 0033 8396". Narrower than `isSerial` on purpose:
 * the keystroke-timing scanner and the camera take only what reads as a label's serial.
 */
const TYPED_SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const isTypedSerial = (s: string): boolean =>
  s.length <= SERIAL_MAX_LENGTH && TYPED_SERIAL_PATTERN.test(s);
