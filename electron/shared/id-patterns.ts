/**
 * What a serial number and an id may look like. Kept apart from the contract (which imports
 * zod) so the renderer can check a route's ids with the same rule without bundling zod.
 */

/** Serials in either case: labels print upper case, servers may spell them in lower case. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const SERIAL_MAX_LENGTH = 64;

/**
 * Location and organization ids: letters, digits and a few separators, starting with a letter
 * or digit — so no id can be "." or "..", contain a slash, or otherwise change which vendor
 * path is called (`GET /v1/devices` for "devices at location ..").
 */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:~-]*$/;
export const ID_MAX_LENGTH = 128;

export const isSerial = (s: string): boolean =>
  s.length <= SERIAL_MAX_LENGTH && SERIAL_PATTERN.test(s);
export const isId = (s: string): boolean => s.length <= ID_MAX_LENGTH && ID_PATTERN.test(s);
